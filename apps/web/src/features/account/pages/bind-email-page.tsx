import { EMAIL_CODE_TTL_MINUTES } from '@minecloud/contract/content';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSendEmailCode } from '@/api/send-email-code';
import { MoneyField } from '@/components/money-field';
import { inAppPath, paths } from '@/config/paths';
import { checkCode, checkEmail, EMAIL_MAX_LENGTH } from '@/lib/binding-checks';
import { errorText } from '@/lib/error-text';
import type { UserInfo } from '@/lib/session';
import { useBindEmail } from '../api/bind-email';
import { BindingForm } from '../components/binding-form';
import { CurrentValue } from '../components/current-value';
import { UserGate } from '../components/user-gate';
import { useBinding } from '../lib/use-binding';

/** `?redirect=`: the in-app page that asked for an email (the withdraw page), to return to once bound. */
function useReturnTo(): string | null {
  const [params] = useSearchParams();
  const target = inAppPath(params.get('redirect'));
  return target?.startsWith(paths.bindEmail.path) ? null : target;
}

function BindEmailForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const sendCode = useSendEmailCode();
  const binding = useBinding(useBindEmail(), t('emailBound'), useReturnTo());
  const { refused } = binding;
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [tried, setTried] = useState<'send' | 'bind' | null>(null);

  const emailProblem = checkEmail(email);
  const codeProblem = checkCode(code);
  const emailError =
    refused.email ??
    (tried && emailProblem ? (emailProblem === 'enterEmail' ? errorText('enterEmail') : t('emailInvalid')) : null);
  const codeError = refused.code ?? (tried === 'bind' && codeProblem ? t('emailCodeRequired') : null);

  function requestCode(): Promise<boolean> {
    setTried((was) => was ?? 'send');
    binding.clear();
    return emailProblem ? Promise.resolve(false) : sendCode(email.trim(), false);
  }

  function submit() {
    setTried('bind');
    if (emailProblem || codeProblem) binding.clear();
    else binding.bind({ email: email.trim(), code: code.trim() });
  }

  return (
    <BindingForm
      current={<CurrentValue label={t('accountCurrentEmail')} value={user.email} testId="current-email" />}
      note={t('emailCodeNote', { n: EMAIL_CODE_TTL_MINUTES })}
      submitText={t('emailBindSubmit')}
      pending={binding.pending}
      onSubmit={submit}
      code={{
        id: 'bind-email-code',
        value: code,
        onChange: binding.edit(setCode),
        error: codeError,
        send: requestCode,
        testId: 'email-code',
      }}
      testIdPrefix="bind-email"
    >
      <MoneyField
        id="bind-email"
        label={user.email ? t('emailNewLabel') : t('emailLabel')}
        value={email}
        onChange={binding.edit(setEmail)}
        placeholder={errorText('enterEmail')}
        inputMode="email"
        maxLength={EMAIL_MAX_LENGTH}
        error={emailError}
        testId="email-input"
      />
    </BindingForm>
  );
}

/**
 * Email binding: the bound email (if any), a new one, the code mailed to it, and confirm; then back
 * to the page that sent the member here (`?redirect=`, e.g. the withdraw page with its asset).
 */
export default function BindEmailPage() {
  return <UserGate>{(user) => <BindEmailForm user={user} />}</UserGate>;
}
