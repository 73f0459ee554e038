import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/amount.tsx';
import { ReasonModal } from '../../components/reason-modal.tsx';
import { groupDigits } from '../../lib/figures.ts';
import { type AdminWithdrawal, rejectWithdrawal } from './api.ts';
import { NS } from './i18n.ts';

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

  async function submit(reason: string) {
    if (!withdrawal) return;
    await rejectWithdrawal(withdrawal.id, reason);
    await onRejected(withdrawal.id);
  }

  return (
    <ReasonModal
      open={withdrawal !== null}
      title={withdrawal ? t('rejectTitle', { id: withdrawal.id }) : ''}
      okText={t('reject')}
      danger
      formName="reject"
      summary={
        withdrawal && (
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('common:member')}>{withdrawal.userId}</Descriptions.Item>
            <Descriptions.Item label={t('common:amount')}>
              <Amount value={groupDigits(withdrawal.amount)} asset={withdrawal.asset} />
            </Descriptions.Item>
          </Descriptions>
        )
      }
      field={{
        label: t('common:reason'),
        extra: t('rejectHint'),
        rules: [{ required: true, whitespace: true, message: t('reasonRequired') }],
      }}
      submit={submit}
      onClose={onClose}
    />
  );
}
