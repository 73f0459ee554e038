import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampQuantity, parseWholeNumber, type QuantityLimit, type QuantityNote, quantityNote } from '@/lib/quantity';
import './quantity-stepper.css';

type QuantityStepperProps = {
  id: string;
  /** What the member typed, kept as typed: it may be empty, not a whole number or below the minimum. */
  value: string;
  onChange: (value: string) => void;
  min: number;
  /** The most the member may buy now (stock, balance); null when there is nothing to buy. */
  limit: QuantityLimit | null;
  /**
   * Says why the quantity stops at the limit, in the words of the screen (台, 股…), and what the
   * member had typed when the box was brought down to it.
   */
  noteText: (note: QuantityNote, typed: string | null) => string;
  /** A problem is shown for the box: the note about the limit then gives way to it. */
  invalid: boolean;
  describedBy?: string;
  testId: string;
};

/**
 * − and + step within [min, limit]; the box keeps what the member types. A whole number above the
 * limit is brought down to it and the note under the box says so, and why; anything that is not a whole
 * number stays as typed for the screen to refuse.
 */
export function QuantityStepper({
  id,
  value,
  onChange,
  min,
  limit,
  noteText,
  invalid,
  describedBy,
  testId,
}: QuantityStepperProps) {
  const { t } = useTranslation();
  // What the member typed before the box was brought down to the limit; forgotten at the next change.
  const [clampedFrom, setClampedFrom] = useState<string | null>(null);
  const parsed = parseWholeNumber(value);
  const current = parsed.ok ? parsed.value : null;
  const max = Math.max(min, limit?.max ?? min);
  const step = (delta: number) => {
    const next = current === null ? min : current + delta;
    setClampedFrom(null);
    onChange(String(Math.min(max, Math.max(min, next))));
  };
  const note = invalid ? null : quantityNote(value, min, limit);
  const noteId = `${id}-note`;
  const described = [describedBy, note ? noteId : null].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <div className={`quantity-stepper${invalid ? ' is-invalid' : ''}`}>
        <button
          type="button"
          className="plain-button quantity-stepper__button"
          onClick={() => step(-1)}
          disabled={current !== null && current <= min}
          aria-label={t('quantityDecrease')}
          data-testid={`${testId}-minus`}
        >
          −
        </button>
        <input
          id={id}
          className="quantity-stepper__input"
          value={value}
          onChange={(event) => {
            const typed = event.target.value;
            const clamped = clampQuantity(typed, min, limit);
            setClampedFrom(clamped.clampedBy ? typed.trim() : null);
            onChange(clamped.text);
          }}
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={invalid}
          aria-describedby={described}
          data-testid={testId}
        />
        <button
          type="button"
          className="plain-button quantity-stepper__button"
          onClick={() => step(1)}
          disabled={current !== null && current >= max}
          aria-label={t('quantityIncrease')}
          data-testid={`${testId}-plus`}
        >
          +
        </button>
      </div>
      {note && (
        <p
          id={noteId}
          className={`quantity-stepper__note${note.reason === 'unaffordable' ? ' is-warning' : ''}`}
          role="status"
          data-testid={`${testId}-note`}
        >
          {noteText(note, clampedFrom)}
        </p>
      )}
    </>
  );
}
