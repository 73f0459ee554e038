import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closeConfirms, confirmDialog, isConfirmOpen } from './dialog';

const ask = (amount = '12.5 USDT') =>
  confirmDialog({ content: <p>{amount}</p>, confirmText: 'OK', cancelText: 'Cancel' });

afterEach(() => {
  closeConfirms();
});

describe('confirmDialog', () => {
  it('opens no confirm over the next page when the route changed while its code loaded', async () => {
    // The dialog's code is a dynamic import: asked for, then the member leaves before it arrives.
    const answer = ask();
    expect(isConfirmOpen()).toBe(true);
    closeConfirms();
    await expect(answer).resolves.toBe(false);
    expect(isConfirmOpen()).toBe(false);
    expect(screen.queryByTestId('dialog-confirm')).toBeNull();
  });

  it('opens when nothing changed, and a route change then answers it as cancelled', async () => {
    const answer = ask();
    await waitFor(() => expect(screen.queryAllByTestId('dialog-confirm')).toHaveLength(1));
    act(() => closeConfirms());
    await expect(answer).resolves.toBe(false);
    expect(isConfirmOpen()).toBe(false);
  });

  it('stays open on a tap beside it: the second tap of a double tap cannot dismiss it', async () => {
    // Its own amount: a confirm closed by the test before may still be leaving the page.
    const answer = ask('7.25 USDT');
    const dialog = (await screen.findByText('7.25 USDT')).closest('.adm-dialog') as HTMLElement;
    const mask = await waitFor(() => {
      const shown = dialog.querySelector('.adm-mask');
      expect(shown).not.toBeNull();
      return shown as Element;
    });
    fireEvent.click(mask);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isConfirmOpen()).toBe(true);
    expect(within(dialog).getByTestId('dialog-confirm')).toBeVisible();
    fireEvent.click(within(dialog).getByTestId('dialog-confirm'));
    await expect(answer).resolves.toBe(true);
    expect(isConfirmOpen()).toBe(false);
  });
});
