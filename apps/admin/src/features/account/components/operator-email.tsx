import { emailCodeSchema, emailSchema } from '@minecloud/contract/content';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Popconfirm, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed';
import { formatTime } from '@/lib/format';
import { useCall } from '@/lib/use-call';
import { zodRule } from '@/lib/zod-rule';
import { confirmOperatorEmail } from '../api/confirm-operator-email';
import { type OperatorEmail, useOperatorEmail } from '../api/get-operator-email';
import { accountKeys } from '../api/query-keys';
import { removeOperatorEmail } from '../api/remove-operator-email';
import { sendOperatorEmailCode } from '../api/send-operator-email-code';
import { NS } from '../i18n';

/**
 * The address for security notices (docs/operations.md, "Settings that guard money"): none, a
 * code waiting to be entered, or confirmed. Only a confirmed address is mailed.
 */
export function OperatorEmailCard() {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const state = useOperatorEmail();
  const { busy, problem, setProblem, run } = useCall();
  // Asking for another address while one is confirmed or waiting for its code.
  const [changing, setChanging] = useState(false);

  const answer = (call: () => Promise<OperatorEmail>) =>
    run(async () => {
      queryClient.setQueryData(accountKeys.email, await call());
      setChanging(false);
    });

  if (state.isLoading) return <Spin aria-label={t('emailLoading')} />;
  if (state.isError || !state.data) {
    return <LoadFailed error={state.error} onRetry={() => state.refetch()} />;
  }
  const { email, confirmedAt, pending, pendingUntil } = state.data;
  const asking = changing || (!email && !pending);

  return (
    <Flex vertical gap={12}>
      {email ? (
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong>{email}</Typography.Text>
          <Tag color="green">{t('emailConfirmed')}</Tag>
          {confirmedAt && (
            <Typography.Text type="secondary">
              {t('emailConfirmedAt', { time: formatTime(confirmedAt) })}
            </Typography.Text>
          )}
        </Flex>
      ) : (
        <Alert type="warning" showIcon title={t('emailNone')} />
      )}
      {pending && !changing && (
        <Form
          layout="inline"
          requiredMark={false}
          onFinish={({ code }: { code: string }) => answer(() => confirmOperatorEmail(pending, code.trim()))}
        >
          <Flex vertical gap={8}>
            <Typography.Text>
              {t('emailCodeSent', { email: pending, time: pendingUntil ? formatTime(pendingUntil) : '' })}
            </Typography.Text>
            <Flex gap={8} wrap>
              <Form.Item
                name="code"
                label={t('emailCode')}
                rules={[{ required: true, message: t('required') }, zodRule(emailCodeSchema, t('emailCodeInvalid'))]}
              >
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} style={{ width: 120 }} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={busy}>
                {t('emailConfirm')}
              </Button>
              <Button onClick={() => answer(() => sendOperatorEmailCode(pending))} disabled={busy}>
                {t('emailResend')}
              </Button>
            </Flex>
          </Flex>
        </Form>
      )}
      {asking ? (
        <Form
          layout="inline"
          requiredMark={false}
          onFinish={({ address }: { address: string }) => answer(() => sendOperatorEmailCode(address.trim()))}
        >
          <Form.Item
            name="address"
            label={t('emailAddress')}
            rules={[{ required: true, message: t('required') }, zodRule(emailSchema, t('emailInvalid'))]}
          >
            <Input type="email" autoComplete="email" style={{ width: 260 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('emailSendCode')}
          </Button>
          {(email || pending) && (
            <Button onClick={() => setChanging(false)} disabled={busy}>
              {t('common:cancel')}
            </Button>
          )}
        </Form>
      ) : (
        <Flex gap={8}>
          <Button
            onClick={() => {
              setProblem(null);
              setChanging(true);
            }}
          >
            {email ? t('emailChange') : t('emailOther')}
          </Button>
          {email && (
            <Popconfirm
              title={t('emailRemoveTitle')}
              description={t('emailRemoveText')}
              okText={t('emailRemove')}
              okButtonProps={{ danger: true }}
              cancelText={t('common:cancel')}
              onConfirm={() => answer(removeOperatorEmail)}
            >
              <Button danger>{t('emailRemove')}</Button>
            </Popconfirm>
          )}
        </Flex>
      )}
      {problem && <Alert type="error" showIcon title={problem} role="alert" />}
    </Flex>
  );
}
