import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyField } from '@/components/money-field';
import { EMAIL_CODE_LENGTH } from '@/lib/binding-checks';
import { useCountdown } from '@/lib/use-countdown';
import './code-field.css';

/** The server sends one code a minute: the button waits as long. */
export const RESEND_SECONDS = 60;

type CodeFieldProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  /** Asks for a code; resolves whether one is on its way (or was refused as too soon), to start the wait. */
  send: () => Promise<boolean>;
  meta?: ReactNode;
  testId: string;
};

/** The 6-digit email code, with a send button that counts down 60 s after each send. */
export function CodeField({ id, value, onChange, error, send, meta, testId }: CodeFieldProps) {
  const { t } = useTranslation();
  const { left, start } = useCountdown(RESEND_SECONDS);
  const [sending, setSending] = useState(false);

  async function sendCode() {
    setSending(true);
    try {
      if (await send()) start();
    } finally {
      setSending(false);
    }
  }

  return (
    <MoneyField
      id={id}
      label={t('emailCodeLabel')}
      value={value}
      onChange={(next) => onChange(next.replace(/\D/g, ''))}
      placeholder={t('emailCodePlaceholder')}
      inputMode="numeric"
      maxLength={EMAIL_CODE_LENGTH}
      error={error}
      meta={meta}
      suffix={
        <button
          type="button"
          className="plain-button money-field__all code-field__send"
          disabled={left > 0 || sending}
          onClick={() => void sendCode()}
          data-testid={`${testId}-send`}
        >
          {left > 0 ? t('emailCodeResendIn', { n: left }) : t('emailCodeSend')}
        </button>
      }
      testId={testId}
    />
  );
}
