import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type Host = (Element | DocumentFragment) & { __mineCloudRoot?: Root };

/**
 * antd-mobile 5 renders Toast and Dialog with React 18's legacy API; on React 19 it must be told
 * how to create a root (its "v5 for 19" guide), or those calls silently do nothing.
 */
export function setUpAntdRender(): void {
  unstableSetRender((node, container) => {
    const host = container as Host;
    host.__mineCloudRoot ??= createRoot(host);
    const root = host.__mineCloudRoot;
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      delete host.__mineCloudRoot;
    };
  });
}
