import type { ReviewContext } from '@minecloud/contract/wallet';
import { Flex, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from '@/components/amount';
import { groupDigits } from '@/lib/figures';
import type { AdminWithdrawal } from '../api/get-withdrawals';
import { NS } from '../i18n';

const DAY_MS = 86_400_000;

/** Whole days since the member signed up, at `now`. */
export function accountAgeDays(memberSince: string, now: number = Date.now()): number {
  return Math.max(0, Math.floor((now - Date.parse(memberSince)) / DAY_MS));
}

const isZero = (value: string) => /^-?0*(\.0*)?$/.test(value);

/** A figure with separators and its unit. */
const money = (value: string, asset: string) => <Amount value={groupDigits(value)} asset={asset} />;

/**
 * The member's balances: available and frozen per asset, the withdrawal's asset always, the others
 * only when the member holds some.
 */
export function MemberBalances({ row }: { row: AdminWithdrawal }) {
  const { t } = useTranslation(NS);
  const shown = row.context.balances.filter((b) => b.asset === row.asset || !isZero(b.available) || !isZero(b.locked));
  return (
    <Flex vertical gap={2} data-testid="member-balances">
      {shown.map((b) => (
        <Typography.Text key={b.asset} style={{ whiteSpace: 'nowrap' }}>
          {t('balanceAvailable')} {money(b.available, b.asset)}
          {!isZero(b.locked) && (
            <>
              {' · '}
              {t('balanceLocked')} {money(b.locked, b.asset)}
            </>
          )}
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** Account age, and what the member brought in, took out and still has on its way out, in this asset. */
export function MemberHistory({ row }: { row: AdminWithdrawal }) {
  const { t } = useTranslation(NS);
  const days = accountAgeDays(row.context.memberSince);
  const { deposited, withdrawn, pending } = row.context;
  return (
    <Flex vertical gap={2} data-testid="member-history">
      <Typography.Text style={{ whiteSpace: 'nowrap' }}>
        {days === 0 ? t('ageToday') : t('ageDays', { count: days, days: groupDigits(String(days)) })}
      </Typography.Text>
      <Typography.Text style={{ whiteSpace: 'nowrap' }}>
        {t('deposited')} {money(deposited, row.asset)}
      </Typography.Text>
      <Typography.Text style={{ whiteSpace: 'nowrap' }}>
        {t('withdrawn')} {money(withdrawn, row.asset)}
      </Typography.Text>
      <Typography.Text style={{ whiteSpace: 'nowrap' }}>
        {t('pending')} {money(pending, row.asset)}
      </Typography.Text>
    </Flex>
  );
}

/**
 * The facts a reviewer must not miss, as tags: red when the address is used by other members, orange
 * for money made by hand (adjustments) and earlier rejections; a quiet tag for a known or new address.
 */
export function RiskFlags({ context }: { context: ReviewContext }) {
  const { t } = useTranslation(NS);
  const adjusted = context.adjustments.reduce((n, a) => n + a.count, 0);
  return (
    <Space orientation="vertical" size={4} data-testid="risk-flags">
      {context.addressMembers > 0 && (
        <Tooltip title={t('addressSharedHint')}>
          <Tag color="red">{t('addressShared', { count: context.addressMembers })}</Tag>
        </Tooltip>
      )}
      {adjusted > 0 && (
        <Tooltip
          title={context.adjustments
            .map((a) => t('adjustmentLine', { count: a.count, sum: groupDigits(a.sum), asset: a.asset }))
            .join('; ')}
        >
          <Tag color="orange">{t('adjustmentsReceived', { count: adjusted })}</Tag>
        </Tooltip>
      )}
      {context.rejections > 0 && <Tag color="orange">{t('rejectedBefore', { count: context.rejections })}</Tag>}
      {context.addressUses > 0 ? (
        <Tag color="green">{t('addressKnown', { count: context.addressUses })}</Tag>
      ) : (
        <Tag>{t('addressNew')}</Tag>
      )}
    </Space>
  );
}

/** The adjustments a member received, each asset on its line (count, sum with unit). */
export function AdjustmentLines({ context }: { context: ReviewContext }) {
  const { t } = useTranslation(NS);
  if (!context.adjustments.length) return <>—</>;
  return (
    <Flex vertical gap={2}>
      {context.adjustments.map((a) => (
        <Typography.Text key={a.asset} style={{ whiteSpace: 'nowrap' }}>
          {t('adjustmentCount', { count: a.count })} {money(a.sum, a.asset)}
        </Typography.Text>
      ))}
    </Flex>
  );
}
