import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { PurchaseSummary, type SummaryRow } from '@/components/purchase-summary';
import type { MoneyAction } from '@/lib/money-action';
import './purchase-sheet.css';

/** What the member is about to buy: the body sent, and the confirm's title and rows. */
export type PurchaseIntent<B> = { body: B; title: string; rows: SummaryRow[] };

type PurchaseFormProps<B, A> = {
  /** The form's money action (lib/money-action.ts); its `tried` tells when the field's problem shows. */
  action: MoneyAction<B, A>;
  /** The purchase as checked now, or nothing to send (false or null) while a field is wrong. */
  prepare: () => PurchaseIntent<B> | null | false;
  onPaid: (answer: A) => void;
  submitText: string;
  /** The form gets `<testId>-form`, its button `<testId>-submit`. */
  testId: string;
  children: ReactNode;
};

/**
 * A purchase form on the money-action flow: from the first tap the button shows loading and further
 * taps do nothing; one confirm shows what is bought and paid, then one call, then `onPaid`.
 */
export function PurchaseForm<B, A>({ action, prepare, onPaid, submitText, testId, children }: PurchaseFormProps<B, A>) {
  function submit() {
    action.start(
      () => {
        const intent = prepare();
        return intent && { body: intent.body, confirm: <PurchaseSummary title={intent.title} rows={intent.rows} /> };
      },
      { onSuccess: onPaid },
    );
  }
  return (
    <form
      className="purchase-sheet__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid={`${testId}-form`}
    >
      {children}
      <Button type="submit" color="primary" size="large" block loading={action.busy} data-testid={`${testId}-submit`}>
        {submitText}
      </Button>
    </form>
  );
}

type PurchaseFieldProps = {
  /** The input's id; the problem under it gets `<id>-error` (for the input's aria-describedby). */
  id: string;
  label: string;
  error: string | null;
  errorTestId: string;
  /** The input, and what stands under it before the problem (a hint, the balance). */
  children: ReactNode;
};

/** The field of a purchase form: its label, the input, and the problem once there is one. */
export function PurchaseField({ id, label, error, errorTestId, children }: PurchaseFieldProps) {
  return (
    <div className="purchase-sheet__field">
      <label className="purchase-sheet__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="purchase-sheet__error" role="alert" data-testid={errorTestId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** What the typed quantity costs, in USDT (`--` until it is a quantity). */
export function PurchaseTotal({ label, text, testId }: { label: string; text: string; testId: string }) {
  return (
    <div className="purchase-sheet__total">
      <span>{label}</span>
      <strong data-testid={testId}>{text}</strong>
      <span className="purchase-sheet__unit">USDT</span>
    </div>
  );
}
