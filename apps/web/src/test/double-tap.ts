import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A quick double tap on a submit button: both taps land before React renders again, so the second
 * one meets the form exactly as the first left it (still enabled, not yet loading). Only the money
 * action's own lock can stop it.
 */
export async function doubleTap(button: HTMLElement): Promise<void> {
  await act(async () => {
    button.click();
    button.click();
  });
}

/** Gives whatever the taps set off (a second prompt, a second call) time to show up. */
export function pause(ms = 300): Promise<void> {
  return act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
}

/**
 * Confirms every prompt that opened after a double tap (a second one would move the money a second
 * time) and answers how many opened. The page must not have shown a prompt before.
 */
export async function confirmEveryPrompt(): Promise<number> {
  await waitFor(() => expect(screen.queryAllByTestId('dialog-confirm').length).toBeGreaterThan(0));
  await pause();
  const prompts = screen.queryAllByTestId('dialog-confirm');
  // fireEvent: antd-mobile keeps a dialog's buttons inert while its opening animation runs (never ends in jsdom).
  for (const prompt of prompts) fireEvent.click(prompt);
  return prompts.length;
}
