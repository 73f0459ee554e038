import { PAYOUTS_PAUSED_TEXT } from '@minecloud/contract/withdrawal-states';
import { Alert, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from '@/components/amount';
import { ApproveDialog } from '@/components/decision-dialogs';
import { useLanguage } from '@/i18n';
import { groupDigits } from '@/lib/figures';
import { approveWithdrawal } from '../api/approve-withdrawal';
import type { AdminWithdrawal } from '../api/get-withdrawals';
import { NS } from '../i18n';
import { MemberHistory, RiskFlags } from './review-context';

/**
 * Confirms an approval with what leaves and where to; a refusal is shown in place. When this server
 * does not pay (`payoutsRunning` false), it says so: the approval then pays nothing until payouts are
 * configured.
 */
export function ApproveModal({
  withdrawal,
  payoutsRunning,
  onClose,
  onApproved,
}: {
  withdrawal: AdminWithdrawal | null;
  /** From the withdrawals page; null while it is not known. */
  payoutsRunning: boolean | null;
  onClose: () => void;
  onApproved: (id: string) => void | Promise<void>;
}) {
  const { t } = useTranslation(NS);
  const language = useLanguage();
  const paused = payoutsRunning === false;

  return (
    <ApproveDialog
      row={withdrawal}
      title={(row) => t('approveTitle', { id: row.id })}
      width={560}
      approve={(row) => approveWithdrawal(row.id)}
      onClose={onClose}
      onApproved={onApproved}
    >
      {(row) => (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('common:member')}>{row.userId}</Descriptions.Item>
            <Descriptions.Item label={t('common:amount')}>
              <Amount value={groupDigits(row.amount)} asset={row.asset} />
            </Descriptions.Item>
            <Descriptions.Item label={t('fee')}>
              <Amount value={groupDigits(row.fee)} asset={row.asset} />
            </Descriptions.Item>
            <Descriptions.Item label={t('received')}>
              <Amount value={groupDigits(row.received)} asset={row.asset} />
            </Descriptions.Item>
            <Descriptions.Item label={t('address')}>
              <Typography.Text style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {row.address}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('risk')}>
              <RiskFlags context={row.context} />
            </Descriptions.Item>
            <Descriptions.Item label={t('history')}>
              <MemberHistory row={row} />
            </Descriptions.Item>
          </Descriptions>
          <Typography.Text strong>
            {row.reviewStatus === 'secondReview'
              ? t('approveSecond', { by: row.firstApprover ?? '—' })
              : row.needsSecondApproval
                ? t('approveNeedsSecond')
                : paused
                  ? t('approveHolds')
                  : t('approvePays')}
          </Typography.Text>
          {paused && (
            <Alert type="warning" showIcon title={PAYOUTS_PAUSED_TEXT[language]} data-testid="payouts-paused" />
          )}
        </>
      )}
    </ApproveDialog>
  );
}
