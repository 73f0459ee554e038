import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { type LazyComponent, useLazyComponent } from './lazy-component';

const subscribeToNothing = () => () => {};

type WrapperProps<P> = {
  /** The wrapper whose code loads later (when the browser is idle, or at the first touch). */
  wrapper: LazyComponent<P & { children: ReactNode }>;
  /** The wrapper's props, but its children. */
  props: P;
  children: ReactNode;
};

/**
 * Children shown at once, and wrapped once the wrapper's code has arrived, without being mounted
 * again: a switch from a plain element to the wrapper would replace every node of the children
 * (another parent type), so a tap whose touch started the download could land on a detached button.
 * The children render through a portal into one element kept for the component's life; that element
 * sits in a plain slot until the wrapper arrives and is then moved, as it is, into the wrapper's slot.
 * A move blurs a focused field inside it: wrap no form with this.
 */
export function LazyWrapper<P>(props: WrapperProps<P>) {
  // A server render (the app shell's, at build time: app/shell-render.tsx) has no portals (nor,
  // there, a document): the children render in place, in the elements the portal puts them in on the
  // client. Only a server render reads the server snapshot (main.tsx renders, it does not hydrate).
  const server = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  if (server) {
    return (
      <div className="lazy-wrapper">
        <div>{props.children}</div>
      </div>
    );
  }
  return <ClientLazyWrapper {...props} />;
}

function ClientLazyWrapper<P>({ wrapper, props, children }: WrapperProps<P>) {
  const [Wrapper, start] = useLazyComponent(wrapper);
  const [content] = useState(() => document.createElement('div'));
  // Put the content in the slot now shown (a ref callback: at commit, before the browser paints).
  const [place] = useState(() => (slot: HTMLDivElement | null) => {
    if (slot && content.parentNode !== slot) slot.appendChild(content);
  });
  useEffect(() => {
    if (Wrapper) return;
    // A native listener: React passes a portal's events to the portal's owner, not to the slot.
    const onTouch = () => void start().catch(() => {});
    content.addEventListener('touchstart', onTouch, { passive: true });
    return () => content.removeEventListener('touchstart', onTouch);
  }, [Wrapper, content, start]);
  const slot = <div className="lazy-wrapper" ref={place} />;
  return (
    <>
      {Wrapper ? <Wrapper {...props}>{slot}</Wrapper> : slot}
      {createPortal(children, content)}
    </>
  );
}
