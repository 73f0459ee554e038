import { useTranslation } from 'react-i18next';
import { quantityDigits } from '@/lib/quantity';
import './quantity-stepper.css';

type QuantityStepperProps = {
  id: string;
  /** What the member typed: it may be empty or out of range until they try to buy. */
  value: string;
  onChange: (value: string) => void;
  min: number;
  max: number;
  invalid: boolean;
  describedBy?: string;
  testId: string;
};

/** − and + step within [min, max]; the box takes any whole number, checked when the member buys. */
export function QuantityStepper({ id, value, onChange, min, max, invalid, describedBy, testId }: QuantityStepperProps) {
  const { t } = useTranslation();
  const current = value === '' ? null : Number(value);
  const step = (delta: number) => {
    const next = current === null ? min : current + delta;
    onChange(String(Math.min(max, Math.max(min, next))));
  };
  return (
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
        onChange={(event) => onChange(quantityDigits(event.target.value))}
        inputMode="numeric"
        autoComplete="off"
        aria-invalid={invalid}
        aria-describedby={describedBy}
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
  );
}
