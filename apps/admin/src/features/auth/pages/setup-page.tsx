import type { OperatorMe } from '@minecloud/contract/console';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Spin, Steps, Typography } from 'antd';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { PasskeyList } from '@/components/passkey-list';
import { PasswordForm } from '@/components/password-form';
import { errorText } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useCall } from '@/lib/use-call';
import { enableTotp } from '../api/enable-totp';
import { startTotpSetup } from '../api/start-totp-setup';
import { AuthFrame } from '../components/auth-frame';
import { NS } from '../i18n';

/** `JBSW Y3DP EHPK 3PXP`: easier to read and type than one run of 32 letters. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

function TotpEnrolment({ me, onEnabled }: { me: OperatorMe; onEnabled: () => Promise<void> }) {
  const { t } = useTranslation(NS);
  const { busy, problem, run } = useCall();
  // One secret per enrolment: the query keeps it, so a re-render does not ask for another.
  const enrolment = useQuery({
    queryKey: ['auth', 'totpSetup', me.id],
    queryFn: async () => {
      const answer = await startTotpSetup();
      const qr = await QRCode.toDataURL(answer.otpauthUrl, { margin: 1, width: 200 });
      return { ...answer, qr };
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  async function submit({ code }: { code: string }) {
    await run(async () => {
      await enableTotp(code);
      await onEnabled();
    });
  }

  if (enrolment.isPending) return <Spin />;
  if (enrolment.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('totpSetupFailed')}
        description={errorText(enrolment.error, t('common:requestFailed'))}
        action={<Button onClick={() => enrolment.refetch()}>{t('common:retry')}</Button>}
      />
    );
  }
  const { secret, qr } = enrolment.data;
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph style={{ margin: 0 }}>{t('totpIntro')}</Typography.Paragraph>
      <Flex gap={24} align="center" wrap>
        <img src={qr} alt={t('qrAlt')} width={200} height={200} />
        <div>
          <Typography.Text type="secondary">{t('secret')}</Typography.Text>
          <Typography.Paragraph
            copyable={{ text: secret }}
            style={{ fontFamily: 'monospace', fontSize: 16 }}
            data-testid="totp-secret"
          >
            {groupSecret(secret)}
          </Typography.Paragraph>
        </div>
      </Flex>
      {problem && <Alert type="error" showIcon title={problem} role="alert" />}
      <Form layout="vertical" onFinish={submit} requiredMark={false} style={{ maxWidth: 240 }}>
        <Form.Item
          name="code"
          label={t('totp')}
          rules={[
            { required: true, message: t('required') },
            { pattern: /^\d{6}$/, message: t('totpInvalidFormat') },
          ]}
        >
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('enable')}
        </Button>
      </Form>
    </Flex>
  );
}

/** What a new (or reset) operator does before the console: own password, then the authenticator. */
export function SetupPage() {
  const { t } = useTranslation(NS);
  const session = useSession();
  const navigate = useNavigate();

  if (session.status === 'loading') return <Spin style={{ display: 'block', margin: 64 }} />;
  if (session.status !== 'signedIn' || !session.me) return <Navigate to="/login" replace />;
  const me = session.me;
  if (!me.setup) return <Navigate to="/" replace />;

  async function signOut() {
    await session.signOut();
    navigate('/login', { replace: true });
  }

  const finished = async () => {
    const after = await session.refresh();
    if (after && !after.setup) navigate('/', { replace: true });
  };
  const steps = [{ title: t('stepPassword') }, { title: t('stepTotp') }, { title: t('stepDone') }];
  // The passkey step only for a role that requires one (docs/operations.md, "Passkeys").
  if (me.setup === 'passkey') steps.splice(2, 0, { title: t('stepPasskey') });
  const titles = { password: t('passwordTitle'), totp: t('totpTitle'), passkey: t('passkeyTitle') };

  return (
    <AuthFrame title={titles[me.setup]} width={560}>
      <Steps
        size="small"
        current={{ password: 0, totp: 1, passkey: 2 }[me.setup]}
        items={steps}
        style={{ marginBottom: 24 }}
      />
      {me.setup === 'password' && (
        <>
          <Typography.Paragraph>{t('passwordIntro')}</Typography.Paragraph>
          <PasswordForm
            onChanged={async () => {
              await session.refresh();
            }}
          />
        </>
      )}
      {me.setup === 'totp' && <TotpEnrolment me={me} onEnabled={finished} />}
      {me.setup === 'passkey' && (
        <>
          <Typography.Paragraph>{t('passkeyIntro')}</Typography.Paragraph>
          <PasskeyList onChange={finished} />
        </>
      )}
      <Button type="link" onClick={signOut} style={{ paddingInline: 0, marginTop: 16 }}>
        {t('signOut')}
      </Button>
    </AuthFrame>
  );
}
