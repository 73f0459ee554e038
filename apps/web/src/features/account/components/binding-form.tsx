import { Button } from 'antd-mobile';
import type { ComponentProps, ReactNode } from 'react';
import { CodeField } from '@/components/code-field';
import './account-form.css';

type BindingFormProps = {
  /** What is bound now, above the card. */
  current: ReactNode;
  /** The new value's field. */
  children: ReactNode;
  /** The email code that confirms it. */
  code: ComponentProps<typeof CodeField>;
  note: string;
  submitText: string;
  pending: boolean;
  onSubmit: () => void;
  /** The form gets `<testIdPrefix>-form`, its button `<testIdPrefix>-submit`. */
  testIdPrefix: string;
};

/** The shape of both binding pages: the current value, the new value with its email code, and confirm. */
export function BindingForm({
  current,
  children,
  code,
  note,
  submitText,
  pending,
  onSubmit,
  testIdPrefix,
}: BindingFormProps) {
  return (
    <form
      className="account-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      data-testid={`${testIdPrefix}-form`}
    >
      {current}
      <div className="account-card">
        {children}
        <CodeField {...code} />
        <p className="account-note">{note}</p>
      </div>
      <Button type="submit" color="primary" size="large" block loading={pending} data-testid={`${testIdPrefix}-submit`}>
        {submitText}
      </Button>
    </form>
  );
}
