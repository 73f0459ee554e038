import type { ReactNode } from 'react';
import type { PromptEntry, PromptOptions } from './prompt-field';

type Overlays = typeof import('./antd-overlays');

type ConfirmOptions = { content: ReactNode; confirmText: string; cancelText: string };

function testId(id: string): Record<string, string> {
  return { 'data-testid': id };
}

/** The confirm on screen, if any: there is never more than one. */
let current: { settle: (confirmed: boolean, how: 'button' | 'back' | 'route') => void } | null = null;
/** A confirm is being opened (its code may still be loading): a second one waits for nothing. */
let opening = false;
/** Route changes so far: a confirm whose code arrives after one was asked for on another page. */
let routeChanges = 0;

/** Whether a confirm prompt is on screen or on its way. */
export function isConfirmOpen(): boolean {
  return current !== null || opening;
}

/**
 * A history entry of our own while a confirm is open, so that the phone's back button closes the
 * confirm instead of leaving the page. It carries the page's own router state (same index), so the
 * router sees no navigation when it is added or popped.
 */
const BACK_MARK = '__mineCloudConfirm';

function pushBackEntry(): boolean {
  if (typeof window === 'undefined' || !window.history?.pushState) return false;
  const state = window.history.state as Record<string, unknown> | null;
  window.history.pushState({ ...(state ?? {}), [BACK_MARK]: true }, '', window.location.href);
  return true;
}

function onTopOfBackEntry(): boolean {
  const state = window.history.state as Record<string, unknown> | null;
  return Boolean(state?.[BACK_MARK]);
}

/** Pops our entry after the confirm closed by a button, and waits for it (a navigation may follow). */
function popBackEntry(): Promise<void> {
  if (!onTopOfBackEntry()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('popstate', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, 500);
    window.addEventListener('popstate', done);
    window.history.back();
  });
}

type Settle<T> = (answer: T, how: 'button' | 'back' | 'route') => void;

/**
 * Opens one dialog with the mechanics every prompt shares: at most one on screen, a tap beside it
 * does nothing, the back button and a route change answer `declined`. `show` puts it on screen and
 * returns its handle; it calls `settle` with the answer.
 */
async function openDialog<T>(
  declined: T,
  show: (overlays: Overlays, settle: Settle<T>) => { close: () => void },
): Promise<T> {
  if (isConfirmOpen()) return declined;
  const askedAt = routeChanges;
  opening = true;
  let overlays: Overlays;
  try {
    overlays = await import('./antd-overlays');
  } finally {
    opening = false;
  }
  // The member left the page while the dialog's code loaded (a slow phone): the intent is void, and
  // no confirm may open over the next page.
  if (current || routeChanges !== askedAt) return declined;
  const hasBackEntry = pushBackEntry();
  return new Promise<T>((resolve) => {
    let settled = false;
    let handler: { close: () => void } | null = null;
    const onBack = () => settle(declined, 'back');
    const settle: Settle<T> = (answer, how) => {
      if (settled) return;
      settled = true;
      current = null;
      window.removeEventListener('popstate', onBack);
      handler?.close();
      // After a button, our entry is still on top: take it away before anything navigates. After the
      // back button it is gone already; after a route change the router owns the history.
      const leave = how === 'button' && hasBackEntry ? popBackEntry() : Promise.resolve();
      void leave.then(() => resolve(answer));
    };
    handler = show(overlays, settle);
    current = { settle: (_confirmed, how) => settle(declined, how) };
    if (hasBackEntry) window.addEventListener('popstate', onBack);
  });
}

/**
 * A confirm prompt whose buttons carry test ids (`dialog-confirm`, `dialog-cancel`). At most one is
 * on screen: asking for another while one is open (a double tap) answers false at once, and a tap
 * beside it does not close it. The back button closes it (false) and stays on the page; a route
 * change closes it (closeConfirms).
 */
export function confirmDialog({ content, confirmText, cancelText }: ConfirmOptions): Promise<boolean> {
  return openDialog(false, ({ Dialog }, settle) =>
    Dialog.show({
      content,
      closeOnAction: false,
      // A tap beside the confirm does not dismiss it: the second tap of a double tap lands on the
      // mask once the confirm is up (a phone's taps are 100-300 ms apart) and would take away the
      // confirm the member asked for. Cancel, or the back button, answers no.
      closeOnMaskClick: false,
      actions: [
        [
          { key: 'cancel', text: cancelText, ...testId('dialog-cancel') },
          { key: 'confirm', text: confirmText, bold: true, ...testId('dialog-confirm') },
        ],
      ],
      onAction: (action) => settle(action.key === 'confirm', 'button'),
      onClose: () => settle(false, 'button'),
    }),
  );
}

/**
 * A prompt box: one field and a pattern check. It answers the text entered, or null
 * when cancelled (the button, the back button, a route change). An entry that does not match the
 * pattern leaves it open and says that the data entered is invalid, under the field.
 */
export function promptDialog(options: PromptOptions): Promise<string | null> {
  return openDialog<string | null>(null, ({ Dialog, promptContent }, settle) => {
    const entry: PromptEntry = { value: options.initial, invalid: () => {} };
    const accept = () => {
      const value = entry.value.trim();
      // The whole entry must match, whatever anchors the pattern has.
      if (value.match(options.pattern)?.[0] === value) settle(value, 'button');
      else entry.invalid(true);
    };
    return Dialog.show({
      title: options.title,
      content: promptContent({ options, entry, onEnter: accept }),
      closeOnAction: false,
      closeOnMaskClick: false,
      actions: [
        [
          { key: 'cancel', text: options.cancelText, ...testId('dialog-cancel') },
          { key: 'confirm', text: options.confirmText, bold: true, ...testId('dialog-confirm') },
        ],
      ],
      onAction: (action) => (action.key === 'confirm' ? accept() : settle(null, 'button')),
      onClose: () => settle(null, 'button'),
    });
  });
}

/** Closes the open confirm as cancelled: the route changed under it, so its intent is void. */
export function closeConfirms(): void {
  routeChanges += 1;
  current?.settle(false, 'route');
}
