import { ADMIN_API } from '@minecloud/contract/console';
import { Alert, Descriptions, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/amount.tsx';
import { api } from '../../lib/api.ts';
import { useCall } from '../../lib/use-call.ts';
import { NS } from './i18n.ts';
import type { AdminWithdrawal } from './withdrawals-page.tsx';

/** Rejects a withdrawal with the reason the member will read; the form keeps it on a refusal. */
export function RejectModal({
  withdrawal,
  onClose,
  onRejected,
}: {
  withdrawal: AdminWithdrawal | null;
  onClose: () => void;
  onRejected: (id: string) => void | Promise<void>;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<{ reason: string }>();
  const { busy, problem, setProblem, run } = useCall();

  useEffect(() => {
    if (withdrawal) {
      form.resetFields();
      setProblem(null);
    }
  }, [withdrawal, form, setProblem]);

  async function submit({ reason }: { reason: string }) {
    if (!withdrawal) return;
    await run(async () => {
      await api.post(ADMIN_API.withdrawalReject, { id: withdrawal.id, reason: reason.trim() });
      await onRejected(withdrawal.id);
    });
  }

  return (
    <Modal
      open={withdrawal !== null}
      title={withdrawal ? t('rejectTitle', { id: withdrawal.id }) : ''}
      okText={t('reject')}
      okButtonProps={{ danger: true, loading: busy }}
      cancelText={t('common:cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      forceRender
    >
      {withdrawal && (
        <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('common:member')}>{withdrawal.userId}</Descriptions.Item>
          <Descriptions.Item label={t('common:amount')}>
            <Amount value={withdrawal.amount} asset={withdrawal.asset} />
          </Descriptions.Item>
        </Descriptions>
      )}
      <Form form={form} name="reject" layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="reason"
          label={t('common:reason')}
          extra={t('rejectHint')}
          rules={[{ required: true, whitespace: true, message: t('reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={300} showCount />
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon title={problem} role="alert" />}
    </Modal>
  );
}
