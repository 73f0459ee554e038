import { OPERATOR_PASSWORD_MIN, type OperatorMe } from '@minecloud/contract/console';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePassword } from '@/api/change-password';
import { useCall } from '@/lib/use-call';

type Values = { current: string; next: string; repeat: string };

/** Current, new and repeated password → POST auth/password; `onChanged` gets the updated operator. */
export function PasswordForm({ onChanged }: { onChanged: (me: OperatorMe) => void | Promise<void> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { busy, problem, run } = useCall();

  async function submit(values: Values) {
    await run(async () => {
      const me = await changePassword({ current: values.current, next: values.next });
      form.resetFields();
      await onChanged(me);
    });
  }

  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} style={{ maxWidth: 400 }}>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="current"
        label={t('common:currentPassword')}
        rules={[{ required: true, message: t('common:required') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="next"
        label={t('common:newPassword')}
        extra={t('common:passwordMin', { min: OPERATOR_PASSWORD_MIN })}
        rules={[
          { required: true, message: t('common:required') },
          { min: OPERATOR_PASSWORD_MIN, message: t('common:passwordMin', { min: OPERATOR_PASSWORD_MIN }) },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              value && value === getFieldValue('current')
                ? Promise.reject(new Error(t('common:passwordSame')))
                : Promise.resolve(),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="repeat"
        label={t('common:repeatPassword')}
        dependencies={['next']}
        rules={[
          { required: true, message: t('common:required') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('next')
                ? Promise.resolve()
                : Promise.reject(new Error(t('common:passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('common:changePassword')}
      </Button>
    </Form>
  );
}
