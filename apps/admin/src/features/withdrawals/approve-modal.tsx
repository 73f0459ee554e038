import { PAYOUTS_PAUSED_TEXT } from '@minecloud/contract/withdrawal-states';
import { Alert, Descriptions, Flex, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/amount.tsx';
import { useLanguage } from '../../i18n/index.ts';
import { groupDigits } from '../../lib/figures.ts';
import { useCall } from '../../lib/use-call.ts';
import { type AdminWithdrawal, approveWithdrawal } from './api.ts';
import { NS } from './i18n.ts';
import { MemberHistory, RiskFlags } from './review-context.tsx';

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
  const { busy, problem, setProblem, run } = useCall();

  useEffect(() => {
    if (withdrawal) setProblem(null);
  }, [withdrawal, setProblem]);

  async function approve() {
    if (!withdrawal) return;
    await run(async () => {
      await approveWithdrawal(withdrawal.id);
      await onApproved(withdrawal.id);
    });
  }

  const row = withdrawal;
  return (
    <Modal
      open={row !== null}
      title={row ? t('approveTitle', { id: row.id }) : ''}
      okText={t('approve')}
      okButtonProps={{ loading: busy }}
      cancelText={t('common:cancel')}
      onOk={approve}
      onCancel={onClose}
      mask={{ closable: false }}
      width={560}
    >
      {row && (
        <Flex vertical gap={12}>
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
          {problem && <Alert type="error" showIcon title={problem} role="alert" />}
        </Flex>
      )}
    </Modal>
  );
}
