import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { withActionKey } from './action-key';
import { checkAmount } from './amount-check';
import { apiErrorText } from './api-error-text';
import { useMoneyForm } from './money-form';
import { ApiError } from './request';

type Body = { amount: string };
type Answer = { id: string };
type Slot = 'amount' | 'code';

const CODE_WRONG = 9001;
const REFUSALS = new Map<number, Slot>([[CODE_WRONG, 'code']]);

/** A promise settled from outside: a call still on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((yes) => {
    resolve = yes;
  });
  return { promise, resolve };
}

/**
 * A money form of one USDT amount (10 available) and a code, declared as the pages declare theirs;
 * `call` stands for the request, and gets the Idempotency-Key withActionKey gives the intent.
 */
function setUp(call: (body: Body, key: string) => Promise<Answer>, initialScope = 'USDT') {
  const onSuccess = vi.fn();
  const mutateAsync = vi.fn((body: Body) => withActionKey('test/money', body, (key) => call(body, key)));
  function Form({ scope }: { scope: string }) {
    const form = useMoneyForm<{ amount: string; code: string }, Body, Answer, Slot>({
      initial: { amount: '', code: '' },
      mutation: { mutateAsync },
      refusals: REFUSALS,
      scope,
    });
    const amount = form.field('amount');
    const checked = checkAmount(amount.value, 'USDT', '10');
    const submit = () =>
      form.submit(
        checked.ok && checked,
        (ok) => ({ body: { amount: ok.amount }, confirm: null }),
        (answer) => {
          onSuccess(answer);
          form.reset({ amount: '' });
        },
      );
    return (
      <div data-busy={String(form.busy)} data-testid="form">
        <input value={amount.value} onChange={(event) => amount.onChange(event.target.value)} data-testid="amount" />
        <p data-testid="amount-error">{form.amount(checked)}</p>
        <input value={form.values.code} onChange={(event) => form.set('code', event.target.value)} data-testid="code" />
        <p data-testid="code-error">{form.message('code', null)}</p>
        <p data-testid="form-error">{form.refused.form}</p>
        <button type="button" onClick={submit} data-testid="go">
          go
        </button>
      </div>
    );
  }
  const view = render(<Form scope={initialScope} />);
  const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
  const tap = () => fireEvent.click(screen.getByTestId('go'));
  const text = (testId: string) => screen.getByTestId(testId).textContent;
  const busy = () => screen.getByTestId('form').dataset.busy === 'true';
  const rescope = (scope: string) => view.rerender(<Form scope={scope} />);
  return { mutateAsync, onSuccess, type, tap, text, busy, rescope };
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('useMoneyForm', () => {
  it("shows the amount rule's messages from the first submit on, following each keystroke", async () => {
    const { mutateAsync, type, tap, text } = setUp(async () => ({ id: 'a1' }));
    type('amount', '1.');
    expect(text('amount-error')).toBe('');
    tap();
    expect(text('amount-error')).toBe('无效金额');
    for (const [typed, message] of [
      ['', '请输入数量'],
      ['0', '金额必须大于0'],
      ['10.01', '余额不足'],
      ['1.001', '最多支持2位小数'],
      ['10', ''],
    ] as const) {
      type('amount', typed);
      expect([typed, text('amount-error')]).toEqual([typed, message]);
    }
    await settle();
    expect(mutateAsync).not.toHaveBeenCalled();
  });

  it('sends nothing while a field is wrong, and forgets the tries on reset', async () => {
    const { mutateAsync, onSuccess, type, tap, text } = setUp(async () => ({ id: 'a1' }));
    tap();
    await settle();
    expect(mutateAsync).not.toHaveBeenCalled();
    type('amount', '2.5');
    tap();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ id: 'a1' }));
    expect(mutateAsync).toHaveBeenCalledWith({ amount: '2.5' });
    // Reset: empty again, and no message until the next submit.
    expect(screen.getByTestId('amount')).toHaveValue('');
    expect(text('amount-error')).toBe('');
  });

  it('shows a refusal under the field its code maps to, any other above the button, and an edit forgets it', async () => {
    const refusals = [new ApiError(CODE_WRONG, 'wrong code', 400), new ApiError(1234, 'something else', 400)];
    const { type, tap, text } = setUp(async () => {
      throw refusals.shift();
    });
    type('amount', '3');
    tap();
    await waitFor(() => expect(text('code-error')).toBe(apiErrorText(new ApiError(CODE_WRONG, 'wrong code', 400))));
    expect(text('form-error')).toBe('');
    type('code', '1');
    expect(text('code-error')).toBe('');

    tap();
    await waitFor(() => expect(text('form-error')).toBe(apiErrorText(new ApiError(1234, 'something else', 400))));
    expect(text('code-error')).toBe('');
  });

  it('keeps a refusal for the scope it was about', async () => {
    const { type, tap, text, rescope } = setUp(async () => {
      throw new ApiError(CODE_WRONG, 'wrong code', 400);
    });
    type('amount', '3');
    tap();
    await waitFor(() => expect(text('code-error')).not.toBe(''));
    rescope('BTC');
    expect(text('code-error')).toBe('');
    rescope('USDT');
    expect(text('code-error')).not.toBe('');
  });

  it('runs one submit at a time: taps while one is on its way do nothing', async () => {
    const answer = deferred<Answer>();
    const call = vi.fn(() => answer.promise);
    const { onSuccess, type, tap, busy } = setUp(call);
    type('amount', '4');
    tap();
    tap();
    await settle();
    tap();
    await settle();
    expect(call).toHaveBeenCalledTimes(1);
    expect(busy()).toBe(true);
    answer.resolve({ id: 'a1' });
    await waitFor(() => expect(busy()).toBe(false));
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('retries an unanswered submit with the same key; the next intent gets a new one', async () => {
    const keys: string[] = [];
    let fail = true;
    const { onSuccess, type, tap, text } = setUp(async (_body, key) => {
      keys.push(key);
      if (fail) throw new ApiError(-1, 'network', null);
      return { id: String(keys.length) };
    });
    type('amount', '5');
    tap();
    await waitFor(() => expect(text('form-error')).not.toBe(''));
    fail = false;
    tap();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    type('amount', '5');
    tap();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(2));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
