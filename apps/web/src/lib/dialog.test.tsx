import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closeConfirms, confirmDialog, isConfirmOpen, promptDialog } from './dialog';

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

describe('promptDialog', () => {
  const askDays = () =>
    promptDialog({
      title: '显示最近多少天？',
      initial: '120',
      pattern: /^[1-9][0-9]{0,5}$/,
      inputMode: 'numeric',
      maxLength: 6,
      confirmText: '确定',
      cancelText: '取消',
      invalidText: '输入的数据无效',
    });

  it('answers what was entered when it matches the pattern, and says invalid until it does', async () => {
    const answer = askDays();
    const input = await screen.findByTestId('prompt-input');
    expect(input).toHaveValue('120');
    fireEvent.change(input, { target: { value: '12a' } });
    fireEvent.click(screen.getByTestId('dialog-confirm'));
    expect(await screen.findByTestId('prompt-invalid')).toHaveTextContent('输入的数据无效');
    expect(isConfirmOpen()).toBe(true);
    // A second prompt while one is open (a double tap) is declined at once.
    await expect(askDays()).resolves.toBeNull();
    fireEvent.change(input, { target: { value: ' 45 ' } });
    expect(screen.queryByTestId('prompt-invalid')).toBeNull();
    fireEvent.click(screen.getByTestId('dialog-confirm'));
    await expect(answer).resolves.toBe('45');
    expect(isConfirmOpen()).toBe(false);
  });

  it('answers null on cancel and on the back button', async () => {
    const cancelled = askDays();
    fireEvent.click(await screen.findByTestId('dialog-cancel'));
    await expect(cancelled).resolves.toBeNull();
    await waitFor(() => expect(isConfirmOpen()).toBe(false));
    const backed = askDays();
    await screen.findAllByTestId('prompt-input');
    act(() => {
      window.history.back();
    });
    await expect(backed).resolves.toBeNull();
  });
});
