import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closeConfirms, confirmDialog, isConfirmOpen } from './dialog';

const ask = () => confirmDialog({ content: <p>12.5 USDT</p>, confirmText: 'OK', cancelText: 'Cancel' });

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
    const answer = ask();
    await waitFor(() => expect(screen.queryAllByTestId('dialog-confirm')).toHaveLength(1));
    const mask = document.querySelector('.adm-dialog .adm-mask');
    expect(mask).not.toBeNull();
    fireEvent.click(mask as Element);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isConfirmOpen()).toBe(true);
    expect(screen.getByTestId('dialog-confirm')).toBeVisible();
    fireEvent.click(screen.getByTestId('dialog-confirm'));
    await expect(answer).resolves.toBe(true);
    expect(isConfirmOpen()).toBe(false);
  });
});
