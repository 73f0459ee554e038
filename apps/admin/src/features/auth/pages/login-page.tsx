import { ApiError } from '@minecloud/contract/client';
import { ERROR_CODES } from '@minecloud/contract/errors';
import { Alert, Button, Divider, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { signInWithPasskey } from '@/api/sign-in-with-passkey';
import { errorText } from '@/lib/notify';
import { isBrowserRefusal, passkeysAvailable } from '@/lib/passkeys';
import { useSession } from '@/lib/session';
import { clearToken } from '@/lib/token';
import { login } from '../api/login';
import { AuthFrame } from '../components/auth-frame';
import { NS } from '../i18n';

type Values = { username: string; password: string; totp?: string };

const TOTP_CODES: number[] = [ERROR_CODES.totpRequired, ERROR_CODES.totpInvalid, ERROR_CODES.totpReused];

/**
 * Username and password, then the authenticator code when the account has TOTP on; or a passkey
 * instead of both, where the browser can use one (docs/operations.md, "Passkeys").
 */
export function LoginPage() {
  const { t } = useTranslation(NS);
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<Values>();
  const [askTotp, setAskTotp] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; tone: 'error' | 'info' } | null>(null);
  const from = (location.state as { from?: string } | null)?.from;
  const [withPasskey] = useState(passkeysAvailable);

  if (session.status === 'signedIn' && session.me && !busy) {
    return <Navigate to={session.me.setup ? '/setup' : (from ?? '/')} replace />;
  }

  /** Signs in with the token `signIn` gets; a refusal is shown in place. */
  async function attempt(signIn: () => Promise<{ token: string }>) {
    setBusy(true);
    setProblem(null);
    try {
      // A stale token must not ride along: a refused sign-in is not the end of another session.
      clearToken();
      const answer = await signIn();
      const me = await session.signIn(answer.token);
      navigate(me.setup ? '/setup' : (from ?? '/'), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && TOTP_CODES.includes(error.code)) {
        setAskTotp(true);
        form.setFieldValue('totp', '');
        setProblem({ text: error.msg, tone: error.code === ERROR_CODES.totpRequired ? 'info' : 'error' });
      } else if (isBrowserRefusal(error)) {
        setProblem({ text: t('passkeyCancelled'), tone: 'info' });
      } else {
        setProblem({ text: errorText(error, t('common:requestFailed')), tone: 'error' });
      }
    } finally {
      setBusy(false);
    }
  }

  function submit(values: Values) {
    return attempt(() =>
      login({
        username: values.username.trim(),
        password: values.password,
        ...(askTotp && values.totp ? { totp: values.totp } : {}),
      }),
    );
  }

  const notice = problem ?? (session.notice ? { text: session.notice, tone: 'info' as const } : null);
  return (
    <AuthFrame title={t('signInTitle')}>
      {notice && <Alert type={notice.tone} showIcon title={notice.text} style={{ marginBottom: 16 }} role="alert" />}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="username" label={t('username')} rules={[{ required: true, message: t('required') }]}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('password')} rules={[{ required: true, message: t('required') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {askTotp && (
          <Form.Item
            name="totp"
            label={t('totp')}
            extra={t('totpHint')}
            rules={[
              { required: true, message: t('required') },
              { pattern: /^\d{6}$/, message: t('totpInvalidFormat') },
            ]}
          >
            <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} autoFocus />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('signIn')}
        </Button>
      </Form>
      {withPasskey && (
        <>
          <Divider plain>{t('or')}</Divider>
          <Button block loading={busy} onClick={() => attempt(signInWithPasskey)}>
            {t('passkeySignIn')}
          </Button>
        </>
      )}
    </AuthFrame>
  );
}
