import { OPERATOR_ROLES, type OperatorRole } from '@minecloud/contract/console';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleKey } from '@/i18n/common';
import { useCall } from '@/lib/use-call';
import { createOperator, type OneTimePassword } from '../api/create-operator';
import { NS } from '../i18n';

type Values = { username: string; role: OperatorRole };

/** contract console.ts operatorCreateBodySchema's username. */
const USERNAME_PATTERN = /^[a-z0-9][a-z0-9_.-]{2,31}$/;

export function CreateOperatorModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: OneTimePassword) => void | Promise<void>;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const { busy, problem, setProblem, run } = useCall();

  function close() {
    form.resetFields();
    setProblem(null);
    onClose();
  }

  async function submit(values: Values) {
    await run(async () => {
      const created = await createOperator({
        username: values.username.trim(),
        role: values.role,
      });
      form.resetFields();
      await onCreated(created);
    });
  }

  return (
    <Modal
      open={open}
      title={t('createTitle')}
      okText={t('common:create')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={close}
      mask={{ closable: false }}
      forceRender
    >
      <Form<Values>
        form={form}
        name="createOperator"
        layout="vertical"
        initialValues={{ role: 'support' }}
        onFinish={submit}
        requiredMark={false}
      >
        <Form.Item
          name="username"
          label={t('username')}
          extra={t('usernameRule')}
          rules={[
            {
              required: true,
              pattern: USERNAME_PATTERN,
              transform: (v: string) => v?.trim(),
              message: t('usernameInvalid'),
            },
          ]}
        >
          <Input autoComplete="off" maxLength={32} />
        </Form.Item>
        <Form.Item name="role" label={t('role')}>
          <Select options={OPERATOR_ROLES.map((role) => ({ value: role, label: t(roleKey(role)) }))} />
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon title={problem} role="alert" />}
    </Modal>
  );
}
