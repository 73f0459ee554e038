import { ADJUSTMENT_STATUSES, type AdjustmentRow, type AdjustmentStatus } from '@minecloud/contract/console';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Amount } from '@/components/amount';
import { ApproveDialog, RejectDialog } from '@/components/decision-dialogs';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { DecisionButtons, MemberCell, StatusFilter, useRowDialog, useStatusParam } from '@/components/review';
import { groupDigits } from '@/lib/figures';
import { formatTime } from '@/lib/format';
import { useMe } from '@/lib/session';
import { approveAdjustment, refreshAfterDecision } from '../api/approve-adjustment';
import { adjustments } from '../api/get-adjustments';
import { rejectAdjustment } from '../api/reject-adjustment';
import { NS } from '../i18n';

const STATUS_KEYS: Record<AdjustmentStatus, string> = {
  pending: 'statusPending',
  applied: 'statusApplied',
  rejected: 'statusRejected',
};
const STATUS_COLORS: Record<AdjustmentStatus, string> = { pending: 'gold', applied: 'green', rejected: 'default' };

/** An adjustment's amount: every digit, thousands separated, with its asset. */
function AdjustmentAmount({ row }: { row: AdjustmentRow }) {
  return <Amount value={groupDigits(row.amount)} asset={row.asset} />;
}

/** What the two dialogs show of the request they decide. */
function RequestSummary({ row }: { row: AdjustmentRow }) {
  const { t } = useTranslation(NS);
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label={t('common:member')}>{row.userId}</Descriptions.Item>
      <Descriptions.Item label={t('common:amount')}>
        <AdjustmentAmount row={row} />
      </Descriptions.Item>
      <Descriptions.Item label={t('common:reason')}>
        <Typography.Text>{row.reason}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('requestedBy')}>{row.requestedBy}</Descriptions.Item>
      <Descriptions.Item label={t('common:createdAt')}>{formatTime(row.createdAt)}</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * Credits waiting for a second operator: member, asset, amount, reason, who asked and
 * when; another operator approves or rejects. The requester sees its own without an Approve.
 */
export function AdjustmentsPage() {
  const { t } = useTranslation(NS);
  const me = useMe();
  const queryClient = useQueryClient();
  const [status, setStatus] = useStatusParam(ADJUSTMENT_STATUSES, 'pending');
  const refresh = () => refreshAfterDecision(queryClient);
  const approving = useRowDialog<AdjustmentRow>(refresh);
  const rejecting = useRowDialog<AdjustmentRow>(refresh);

  const columns: ColumnsType<AdjustmentRow> = [
    { title: t('common:id'), dataIndex: 'id' },
    {
      title: t('common:member'),
      dataIndex: 'userId',
      render: (id: string, row) => <MemberCell id={id} address={row.memberAddress} />,
    },
    { title: t('common:asset'), dataIndex: 'asset' },
    {
      title: t('common:amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (_: string, row) => <AdjustmentAmount row={row} />,
    },
    { title: t('common:reason'), dataIndex: 'reason' },
    { title: t('requestedBy'), dataIndex: 'requestedBy' },
    { title: t('common:createdAt'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    {
      title: t('common:status'),
      dataIndex: 'status',
      render: (value: AdjustmentStatus) => <Tag color={STATUS_COLORS[value]}>{t(STATUS_KEYS[value])}</Tag>,
    },
    ...(status === 'pending'
      ? []
      : [
          { title: t('decidedBy'), dataIndex: 'decidedBy', render: (v: string | null) => v ?? t('notDecided') },
          { title: t('decidedAt'), dataIndex: 'decidedAt', render: (v: string | null) => formatTime(v) },
          {
            title: t('decisionReason'),
            dataIndex: 'decisionReason',
            render: (v: string | null) => v ?? t('notDecided'),
          },
        ]),
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) =>
        row.status === 'pending' ? (
          <DecisionButtons
            onApprove={() => approving.open(row)}
            onReject={() => rejecting.open(row)}
            approveBlocked={row.requestedBy === me.username ? t('yours') : undefined}
          />
        ) : null,
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('title')} intro={t('intro')} />
      <PagedTable<AdjustmentRow>
        {...adjustments}
        query={{ status }}
        columns={columns}
        rowKey="id"
        toolbar={
          <StatusFilter<AdjustmentStatus>
            value={status}
            onChange={setStatus}
            options={ADJUSTMENT_STATUSES.map((value) => ({ value, label: t(STATUS_KEYS[value]) }))}
          />
        }
      />
      <ApproveDialog
        row={approving.row}
        title={(row) => t('approveTitle', { id: row.id })}
        approve={(row) => approveAdjustment(row.id)}
        onClose={approving.close}
        onApproved={(id) => approving.done(t('approved', { id }))}
      >
        {(row) => (
          <>
            <RequestSummary row={row} />
            <Alert type="info" showIcon title={t('approveHint')} />
          </>
        )}
      </ApproveDialog>
      <RejectDialog
        row={rejecting.row}
        title={(row) => t('rejectTitle', { id: row.id })}
        hint={t('rejectHint')}
        formName="reject-adjustment"
        gap={12}
        summary={(row) => <RequestSummary row={row} />}
        reject={(row, reason) => rejectAdjustment(row.id, reason)}
        onClose={rejecting.close}
        onRejected={(id) => rejecting.done(t('rejected', { id }))}
      />
    </Flex>
  );
}
