import { ADMIN_WITHDRAWAL_STATUSES, type AdminWithdrawalStatus } from '@minecloud/contract/wallet';
import { WITHDRAWAL_STATE_TEXTS, type WithdrawalState, withdrawalState } from '@minecloud/contract/withdrawal-states';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Address } from '@/components/address';
import { Amount } from '@/components/amount';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { DecisionButtons, MemberCell, StatusFilter, useRowDialog, useStatusParam } from '@/components/review';
import { useLanguage } from '@/i18n';
import { groupDigits } from '@/lib/figures';
import { formatTime } from '@/lib/format';
import type { AdminWithdrawal, AdminWithdrawalPage } from '../api/get-withdrawals';
import { withdrawalsList } from '../api/get-withdrawals';
import { withdrawalsKeys } from '../api/query-keys';
import { ApproveModal } from '../components/approve-modal';
import { PayoutCheckModal } from '../components/payout-check-modal';
import { RejectModal } from '../components/reject-modal';
import { AdjustmentLines, MemberBalances, MemberHistory, RiskFlags } from '../components/review-context';
import { NS } from '../i18n';

const STATE_COLORS: Record<WithdrawalState, string> = {
  review: 'gold',
  secondReview: 'orange',
  approved: 'blue',
  paused: 'volcano',
  paying: 'processing',
  arrived: 'green',
  rejected: 'default',
};

const STATUS_CHOICES = [...ADMIN_WITHDRAWAL_STATUSES, 'all'] as const;

const decidable = (row: AdminWithdrawal) => row.reviewStatus === 'review' || row.reviewStatus === 'secondReview';

/**
 * The review queue: approve (once or twice above the threshold) or reject with a reason, each row
 * with the member's context (balances, age, money in and out, adjustments, rejections, who else used
 * the address) and its risks flagged.
 */
export function WithdrawalsPage() {
  const { t } = useTranslation(NS);
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [status, setStatus] = useStatusParam<AdminWithdrawalStatus | 'all'>(STATUS_CHOICES, 'review');
  const refresh = () => queryClient.invalidateQueries({ queryKey: withdrawalsKeys.list });
  const approving = useRowDialog<AdminWithdrawal>(refresh);
  const rejecting = useRowDialog<AdminWithdrawal>(refresh);
  const checking = useRowDialog<AdminWithdrawal>(refresh);
  // Whether this server pays approved withdrawals (the page says; unknown until it has answered).
  const [payoutsRunning, setPayoutsRunning] = useState<boolean | null>(null);
  // The members' names of the states; a payout that failed on chain (sent again) is the console's own.
  const stateText = (state: WithdrawalState) => WITHDRAWAL_STATE_TEXTS[state][language];
  const statusText = (status: AdminWithdrawalStatus) =>
    status === 'payoutFailed' || status === 'payoutUnclear'
      ? t(status)
      : stateText(withdrawalState(status, payoutsRunning !== false));

  const columns: ColumnsType<AdminWithdrawal> = [
    { title: t('common:id'), dataIndex: 'id' },
    {
      title: t('common:member'),
      dataIndex: 'userId',
      render: (id: string, row) => <MemberCell id={id} address={row.memberAddress} />,
    },
    { title: t('risk'), key: 'risk', render: (_, row) => <RiskFlags context={row.context} /> },
    { title: t('common:asset'), dataIndex: 'asset' },
    {
      title: t('common:amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (v: string, row) => <Amount value={groupDigits(v)} asset={row.asset} />,
    },
    {
      title: t('fee'),
      dataIndex: 'fee',
      align: 'right',
      render: (v: string, row) => <Amount value={groupDigits(v)} asset={row.asset} />,
    },
    { title: t('address'), dataIndex: 'address', render: (v: string) => <Address value={v} /> },
    { title: t('balances'), key: 'balances', render: (_, row) => <MemberBalances row={row} /> },
    { title: t('history'), key: 'history', render: (_, row) => <MemberHistory row={row} /> },
    { title: t('adjustments'), key: 'adjustments', render: (_, row) => <AdjustmentLines context={row.context} /> },
    {
      title: t('common:status'),
      dataIndex: 'state',
      render: (state: WithdrawalState, row) => (
        <Space size={4} wrap>
          <Tag color={STATE_COLORS[state]}>{stateText(state)}</Tag>
          {row.reviewStatus === 'payoutFailed' && <Tag color="red">{t('payoutFailed')}</Tag>}
          {row.reviewStatus === 'payoutUnclear' && <Tag color="magenta">{t('payoutUnclear')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('secondApproval'),
      dataIndex: 'needsSecondApproval',
      render: (needs: boolean) =>
        needs ? (
          <Tooltip title={t('needsSecondHint')}>
            <Tag color="purple">{t('needsSecond')}</Tag>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    { title: t('firstApprover'), dataIndex: 'firstApprover', render: (v: string | null) => v ?? '—' },
    { title: t('common:createdAt'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) =>
        decidable(row) ? (
          <DecisionButtons onApprove={() => approving.open(row)} onReject={() => rejecting.open(row)} />
        ) : row.reviewStatus === 'payoutUnclear' ? (
          <Button size="small" danger onClick={() => checking.open(row)}>
            {t('checkPayout')}
          </Button>
        ) : null,
    },
  ];

  const query = { status: status === 'all' ? undefined : status };
  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('title')} />
      <PagedTable<AdminWithdrawal, AdminWithdrawalPage>
        {...withdrawalsList}
        query={query}
        columns={columns}
        rowKey="id"
        onPage={(page) => setPayoutsRunning(page.payoutsRunning)}
        toolbar={
          <StatusFilter<AdminWithdrawalStatus | 'all'>
            value={status}
            onChange={setStatus}
            options={[
              ...ADMIN_WITHDRAWAL_STATUSES.map((value) => ({ value, label: statusText(value) })),
              { value: 'all' as const, label: t('allStatuses') },
            ]}
          />
        }
      />
      <ApproveModal
        withdrawal={approving.row}
        payoutsRunning={payoutsRunning}
        onClose={approving.close}
        onApproved={(id) => approving.done(t('approved', { id }))}
      />
      <RejectModal
        withdrawal={rejecting.row}
        onClose={rejecting.close}
        onRejected={(id) => rejecting.done(t('rejected', { id }))}
      />
      <PayoutCheckModal
        withdrawal={checking.row}
        onClose={checking.close}
        onResolved={(id) => checking.done(t('paidAgain', { id }))}
      />
    </Flex>
  );
}
