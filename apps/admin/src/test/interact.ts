import { waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { expect } from 'vitest';

// Role queries and user-event's pointer-events check walk every antd style rule in jsdom, which
// costs seconds per call on a loaded machine; these helpers find the same elements by plain DOM.

/** A user whose clicks skip the pointer-events check (antd never disables pointer events here). */
export function quickUser() {
  return userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
}
export type QuickUser = ReturnType<typeof quickUser>;

/**
 * The newest open dialog that shows `text`. Dialog names are no help in tests (every antd title
 * gets the id `test-id`), and a closed dialog stays in jsdom, which runs no leave animation.
 */
export function dialogWith(text: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].filter(
      (dialog) => within(dialog).queryAllByText(text).length > 0,
    );
    expect(found.length).toBeGreaterThan(0);
    return found.at(-1) as HTMLElement;
  });
}

/** The button in `container` whose text (or aria-label) is `label`. */
export function button(container: HTMLElement, label: string | RegExp): HTMLButtonElement {
  const matches = (text: string | null) =>
    text !== null && (typeof label === 'string' ? text.trim() === label : label.test(text.trim()));
  const found = [...container.querySelectorAll<HTMLButtonElement>('button')].filter(
    (element) => matches(element.textContent) || matches(element.getAttribute('aria-label')),
  );
  if (found.length !== 1) throw new Error(`${found.length} buttons “${label}” found`);
  return found[0] as HTMLButtonElement;
}

/** Like `button`, waiting until it shows. */
export function findButton(container: HTMLElement, label: string | RegExp): Promise<HTMLButtonElement> {
  return waitFor(() => button(container, label));
}

/** Replaces a field's text in one input event: typing key by key re-renders an antd form per key. */
export async function fill(user: QuickUser, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}
