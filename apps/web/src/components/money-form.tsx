import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';

type MoneyFormProps = {
  className: string;
  /** `<prefix>-form` and `<prefix>-submit`: the test ids of the form and its button. */
  testIdPrefix: string;
  submitText: string;
  /** useMoneyForm's `busy`: the button shows loading while the intent runs. */
  busy: boolean;
  /** useMoneyForm's `submit` with the page's intent: the button and Enter both run it. */
  onSubmit: () => void;
  /** Under the button (a note). */
  footer?: ReactNode;
  children: ReactNode;
};

/** The frame of a money form (lib/money-form.ts): its fields, then the one submit button. */
export function MoneyForm({ className, testIdPrefix, submitText, busy, onSubmit, footer, children }: MoneyFormProps) {
  return (
    <form
      className={className}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      data-testid={`${testIdPrefix}-form`}
    >
      {children}
      <Button type="submit" color="primary" size="large" block loading={busy} data-testid={`${testIdPrefix}-submit`}>
        {submitText}
      </Button>
      {footer}
    </form>
  );
}
