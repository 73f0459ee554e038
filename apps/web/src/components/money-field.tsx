import { type InputHTMLAttributes, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INPUT_CLEAR_BLUR_MS } from '@/config/durations';
import { amountInput } from '@/lib/amount-input';
import './money-field.css';

type MoneyFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  inputMode: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  error?: string | null;
  /** Shown inside the box, after the input (the unit, an "All" button). */
  suffix?: ReactNode;
  /** Shown under the box (the available balance). */
  meta?: ReactNode;
  /** 40 suits an amount or an id; an email or an address needs more. */
  maxLength?: number;
  /**
   * Makes it an amount field: it takes digits and one point with at most this many decimals (the
   * asset's ENTRY_PLACES), and any other keystroke or paste leaves it as it was.
   */
  places?: number;
  testId: string;
};

/**
 * A labelled input of the money and account forms, with its error under it, and a clear button
 * while it is focused and not empty.
 */
export function MoneyField({
  id,
  label,
  value,
  onChange,
  placeholder,
  inputMode,
  error,
  suffix,
  meta,
  maxLength = 40,
  places,
  testId,
}: MoneyFieldProps) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  const input = useRef<HTMLInputElement>(null);
  const [focused, setFocused] = useState(false);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(blurTimer.current), []);
  const change = (next: string) => {
    const taken = places === undefined ? next : amountInput(next, places);
    // Refused: React puts the field back to `value`.
    if (taken !== null) onChange(taken);
  };
  return (
    <div className="money-field">
      <label className="money-field__label" htmlFor={id}>
        {label}
      </label>
      <div className={`money-field__box${error ? ' is-invalid' : ''}`}>
        <input
          id={id}
          className="money-field__input"
          value={value}
          ref={input}
          onChange={(event) => change(event.target.value)}
          onFocus={() => {
            clearTimeout(blurTimer.current);
            setFocused(true);
          }}
          // A tap on the clear button blurs the field first: the button outlives the blur
          // (INPUT_CLEAR_BLUR_MS) so that the tap lands on it.
          onBlur={() => {
            blurTimer.current = setTimeout(() => setFocused(false), INPUT_CLEAR_BLUR_MS);
          }}
          placeholder={placeholder}
          inputMode={inputMode}
          autoComplete="off"
          spellCheck={false}
          maxLength={maxLength}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          data-testid={testId}
        />
        {focused && value !== '' && (
          <button
            type="button"
            className="money-field__clear"
            aria-label={t('clearInput')}
            onClick={() => {
              onChange('');
              input.current?.focus();
            }}
            data-testid={`${testId}-clear`}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
        {suffix}
      </div>
      {meta && <div className="money-field__meta">{meta}</div>}
      {error && (
        <p id={errorId} className="money-field__error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
