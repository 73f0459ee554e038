import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeConfirms } from './dialog';
import { type MoneyIntent, useMoneyAction } from './money-action';

type Body = { amount: string };
type Answer = { id: string };
type Prepare = () => MoneyIntent<Body> | null | false | Promise<MoneyIntent<Body> | null | false>;

/** A promise settled from outside: a call, or a lookup, still on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const BODY: Body = { amount: '12.5' };
const withConfirm = (): MoneyIntent<Body> => ({ body: BODY, confirm: <p data-testid="summary">12.5 USDT</p> });

/** A form with one money action: `go` starts it; its busy state is on the button. */
function setUp(options: { prepare?: Prepare; mutateAsync?: (body: Body) => Promise<Answer> } = {}) {
  const mutateAsync = vi.fn(options.mutateAsync ?? (async () => ({ id: 'a1' })));
  const prepare = vi.fn(options.prepare ?? withConfirm);
  const onSuccess = vi.fn();
  const onError = vi.fn();
  function Form() {
    const action = useMoneyAction<Body, Answer>({ mutateAsync });
    return (
      <button
        type="button"
        data-busy={String(action.busy)}
        data-tried={String(action.tried)}
        onClick={() => action.start(prepare, { onSuccess, onError })}
        data-testid="go"
      >
        go
      </button>
    );
  }
  render(<Form />);
  const button = screen.getByTestId('go');
  const tap = () => fireEvent.click(button);
  const busy = () => button.dataset.busy === 'true';
  const tried = () => button.dataset.tried === 'true';
  return { mutateAsync, prepare, onSuccess, onError, tap, busy, tried };
}

/** jsdom never finishes a closed dialog's exit animation: closed prompts stay in the document. */
const prompts = () => screen.queryAllByTestId('dialog-confirm');
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

afterEach(() => {
  // A prompt left open would make the next test's prompt refuse to open.
  closeConfirms();
});

describe('useMoneyAction', () => {
  it('opens exactly one confirm on a double tap, and sends once when it is confirmed', async () => {
    const { mutateAsync, prepare, onSuccess, tap, busy } = setUp();
    tap();
    tap();
    await waitFor(() => expect(prompts()).toHaveLength(1));
    await settle();
    expect(prompts()).toHaveLength(1);
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(busy()).toBe(true);
    expect(mutateAsync).not.toHaveBeenCalled();

    fireEvent.click(prompts()[0]!);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ id: 'a1' }));
    expect(mutateAsync).toHaveBeenCalledTimes(1);
    expect(mutateAsync).toHaveBeenCalledWith(BODY);
    await waitFor(() => expect(busy()).toBe(false));
  });

  it('does nothing on taps while the call is on its way, and unlocks once it is answered', async () => {
    const call = deferred<Answer>();
    const { mutateAsync, prepare, onSuccess, tap, busy } = setUp({
      prepare: () => ({ body: BODY, confirm: null }),
      mutateAsync: () => call.promise,
    });
    tap();
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledTimes(1));
    tap();
    tap();
    await settle();
    expect(mutateAsync).toHaveBeenCalledTimes(1);
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(busy()).toBe(true);

    await act(async () => call.resolve({ id: 'a1' }));
    await waitFor(() => expect(busy()).toBe(false));
    expect(onSuccess).toHaveBeenCalledTimes(1);
    tap();
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledTimes(2));
  });

  it('locks from the first tap through an async prepare (a lookup before the confirm)', async () => {
    const lookup = deferred<MoneyIntent<Body>>();
    const { mutateAsync, prepare, tap, busy } = setUp({ prepare: () => lookup.promise });
    tap();
    expect(busy()).toBe(true);
    tap();
    tap();
    expect(prepare).toHaveBeenCalledTimes(1);
    await act(async () => lookup.resolve(withConfirm()));
    await waitFor(() => expect(prompts()).toHaveLength(1));
    fireEvent.click(prompts()[0]!);
    await waitFor(() => expect(busy()).toBe(false));
    expect(mutateAsync).toHaveBeenCalledTimes(1);
  });

  it('sends nothing when the member cancels, and unlocks', async () => {
    const { mutateAsync, prepare, onSuccess, onError, tap, busy } = setUp();
    tap();
    fireEvent.click(await screen.findByTestId('dialog-cancel'));
    await waitFor(() => expect(busy()).toBe(false));
    await settle();
    expect(mutateAsync).not.toHaveBeenCalled();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();

    // Unlocked: the next tap asks again, with a new prompt.
    const closed = new Set(prompts());
    tap();
    await waitFor(() => expect(prompts().filter((prompt) => !closed.has(prompt))).toHaveLength(1));
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('closes the confirm on the back button, sends nothing, and unlocks', async () => {
    const { mutateAsync, onSuccess, tap, busy } = setUp();
    tap();
    await waitFor(() => expect(prompts()).toHaveLength(1));
    await act(async () => {
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    await waitFor(() => expect(busy()).toBe(false));
    await settle();
    expect(mutateAsync).not.toHaveBeenCalled();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('closes the confirm as cancelled on closeConfirms (a route change)', async () => {
    const { mutateAsync, onSuccess, onError, tap, busy } = setUp();
    tap();
    const [prompt] = await waitFor(() => {
      expect(prompts()).toHaveLength(1);
      return prompts();
    });
    act(() => closeConfirms());
    await waitFor(() => expect(busy()).toBe(false));
    // A late tap on the closed prompt's button does nothing either.
    fireEvent.click(prompt!);
    await settle();
    expect(mutateAsync).not.toHaveBeenCalled();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('unlocks and calls onError when the call fails', async () => {
    const failure = new Error('no answer');
    let attempts = 0;
    const { mutateAsync, onSuccess, onError, tap, busy } = setUp({
      prepare: () => ({ body: BODY, confirm: null }),
      mutateAsync: async () => {
        attempts += 1;
        if (attempts === 1) throw failure;
        return { id: 'a2' };
      },
    });
    tap();
    await waitFor(() => expect(onError).toHaveBeenCalledWith(failure));
    await waitFor(() => expect(busy()).toBe(false));
    expect(onSuccess).not.toHaveBeenCalled();

    tap();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ id: 'a2' }));
    expect(mutateAsync).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('sends at once, without a confirm, when the intent has none (a claim)', async () => {
    const { mutateAsync, onSuccess, tap } = setUp({ prepare: () => ({ body: BODY, confirm: null }) });
    tap();
    tap();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(mutateAsync).toHaveBeenCalledTimes(1);
    expect(mutateAsync).toHaveBeenCalledWith(BODY);
    expect(prompts()).toHaveLength(0);
  });

  it('sends nothing and unlocks when there is nothing to send', async () => {
    const { mutateAsync, prepare, tap, busy } = setUp({ prepare: () => false });
    tap();
    await waitFor(() => expect(busy()).toBe(false));
    tap();
    await waitFor(() => expect(prepare).toHaveBeenCalledTimes(2));
    await settle();
    expect(mutateAsync).not.toHaveBeenCalled();
    expect(prompts()).toHaveLength(0);
  });

  it('counts as tried from the first tap on, even when there is nothing to send', async () => {
    const { tap, busy, tried } = setUp({ prepare: () => false });
    expect(tried()).toBe(false);
    tap();
    expect(tried()).toBe(true);
    await waitFor(() => expect(busy()).toBe(false));
    expect(tried()).toBe(true);
  });
});
