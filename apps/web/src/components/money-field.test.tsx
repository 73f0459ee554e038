import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INPUT_CLEAR_BLUR_MS } from '@/config/durations';
import { MoneyField } from './money-field';

function Form({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <MoneyField
      id="amount"
      label="金额"
      value={value}
      onChange={setValue}
      placeholder="0"
      inputMode="decimal"
      places={2}
      testId="amount"
    />
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the clear button of a field', () => {
  it('shows while the field is focused and not empty, and outlives a blur by the spec delay', () => {
    render(<Form />);
    const input = screen.getByTestId('amount');
    fireEvent.focus(input);
    expect(screen.queryByTestId('amount-clear')).toBeNull();
    fireEvent.change(input, { target: { value: '12.5' } });
    expect(screen.getByTestId('amount-clear')).toHaveAccessibleName('清空');
    fireEvent.blur(input);
    act(() => vi.advanceTimersByTime(INPUT_CLEAR_BLUR_MS - 1));
    expect(screen.getByTestId('amount-clear')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('amount-clear')).toBeNull();
  });

  it('lands a tap that blurred the field first: the field is emptied and focused again', () => {
    render(<Form initial="99.99" />);
    const input = screen.getByTestId('amount');
    input.focus();
    fireEvent.focus(input);
    const clear = screen.getByTestId('amount-clear');
    // A tap on the button takes the focus from the field before its click arrives.
    fireEvent.blur(input);
    act(() => vi.advanceTimersByTime(INPUT_CLEAR_BLUR_MS / 2));
    fireEvent.click(clear);
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    act(() => vi.advanceTimersByTime(INPUT_CLEAR_BLUR_MS));
    expect(screen.queryByTestId('amount-clear')).toBeNull();
  });
});
