import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from '@/components/amount';
import { RejectDialog } from '@/components/decision-dialogs';
import { groupDigits } from '@/lib/figures';
import type { AdminWithdrawal } from '../api/get-withdrawals';
import { rejectWithdrawal } from '../api/reject-withdrawal';
import { NS } from '../i18n';

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
  return (
    <RejectDialog
      row={withdrawal}
      title={(row) => t('rejectTitle', { id: row.id })}
      hint={t('rejectHint')}
      formName="reject"
      summary={(row) => (
        <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('common:member')}>{row.userId}</Descriptions.Item>
          <Descriptions.Item label={t('common:amount')}>
            <Amount value={groupDigits(row.amount)} asset={row.asset} />
          </Descriptions.Item>
        </Descriptions>
      )}
      reject={(row, reason) => rejectWithdrawal(row.id, reason)}
      onClose={onClose}
      onRejected={onRejected}
    />
  );
}
