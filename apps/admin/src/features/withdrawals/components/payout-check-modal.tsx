import { TX_HASH_PATTERN } from '@minecloud/contract/wallet';
import { Descriptions, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from '@/components/amount';
import { DecisionModal } from '@/components/decision-modal';
import { groupDigits } from '@/lib/figures';
import type { AdminWithdrawal } from '../api/get-withdrawals';
import { payAgain } from '../api/pay-again';
import { NS } from '../i18n';

/**
 * A payout the worker could not follow (`payoutUnclear`): the chain shows its nonce used but not by
 * what. The dialog says what to look up on a block explorer; paying again needs the hash of the
 * transaction that took the nonce, which the server checks on chain before it signs a new payout.
 */
export function PayoutCheckModal({
  withdrawal,
  onClose,
  onResolved,
}: {
  withdrawal: AdminWithdrawal | null;
  onClose: () => void;
  onResolved: (id: string) => void | Promise<void>;
}) {
  const { t } = useTranslation(NS);

  async function submit(replacedBy = '') {
    if (!withdrawal) return;
    await payAgain(withdrawal.id, replacedBy);
    await onResolved(withdrawal.id);
  }

  const mono = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;
  return (
    <DecisionModal
      open={withdrawal !== null}
      title={withdrawal ? t('checkTitle', { id: withdrawal.id }) : ''}
      okText={t('payAgain')}
      danger
      summary={
        <>
          {withdrawal && (
            <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('common:amount')}>
                <Amount value={groupDigits(withdrawal.received)} asset={withdrawal.asset} />
              </Descriptions.Item>
              <Descriptions.Item label={t('address')}>
                <Typography.Text style={mono}>{withdrawal.address}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('payoutTx')}>
                <Typography.Text copyable style={mono}>
                  {withdrawal.txHash ?? '—'}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('payoutSender')}>
                <Typography.Text copyable style={mono}>
                  {withdrawal.payoutFrom ?? '—'}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('payoutNonce')}>{withdrawal.payoutNonce ?? '—'}</Descriptions.Item>
            </Descriptions>
          )}
          <Typography.Paragraph>{t('checkWhy')}</Typography.Paragraph>
          <ol style={{ paddingInlineStart: 20 }}>
            <li>{t('checkStepMined')}</li>
            <li>{t('checkStepNonce')}</li>
            <li>{t('checkStepNothing')}</li>
          </ol>
        </>
      }
      reason={{
        formName: 'payout-check',
        name: 'replacedBy',
        label: t('replacedBy'),
        extra: t('replacedByHint'),
        rules: [{ required: true, pattern: TX_HASH_PATTERN, message: t('replacedByInvalid') }],
        input: <Input style={{ fontFamily: 'monospace' }} placeholder="0x…" />,
      }}
      decide={submit}
      onClose={onClose}
    />
  );
}
