import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type Host = (Element | DocumentFragment) & { __mineCloudRoot?: Root };

const liveHosts = new Set<Host>();

/**
 * antd-mobile 5 renders Toast and Dialog with React 18's legacy API; on React 19 it must be told
 * how to create a root (its "v5 for 19" guide), or those calls silently do nothing.
 */
export function setUpAntdRender(): void {
  unstableSetRender((node, container) => {
    const host = container as Host;
    host.__mineCloudRoot ??= createRoot(host);
    liveHosts.add(host);
    const root = host.__mineCloudRoot;
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      unmountHost(host, root);
    };
  });
}

function unmountHost(host: Host, root: Root): void {
  if (host.__mineCloudRoot !== root) return;
  root.unmount();
  delete host.__mineCloudRoot;
  liveHosts.delete(host);
}

/** How many toasts, dialogs and viewers are still mounted (tests check that none outlive them). */
export function imperativeRootCount(): number {
  return liveHosts.size;
}

/**
 * Unmounts every toast, dialog and viewer root at once, without waiting for exit animations. Tests
 * call it after each case, so no React work of theirs is left queued when the page goes away.
 */
export function unmountImperativeRoots(): void {
  for (const host of [...liveHosts]) {
    const root = host.__mineCloudRoot;
    if (root) unmountHost(host, root);
    else liveHosts.delete(host);
  }
}
