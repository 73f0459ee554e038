import { ADJUSTMENT_STATUSES, ADMIN_API, type AdjustmentRow, type AdjustmentStatus } from '@minecloud/contract/console';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Modal, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { sharedKeys } from '../../api/query-keys.ts';
import { Address } from '../../components/address.tsx';
import { Amount } from '../../components/amount.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { ReasonModal } from '../../components/reason-modal.tsx';
import { groupDigits } from '../../lib/figures.ts';
import { formatTime } from '../../lib/format.ts';
import { useNotify } from '../../lib/notify.ts';
import { useMe } from '../../lib/session.ts';
import { useCall } from '../../lib/use-call.ts';
import { approveAdjustment, refreshAfterDecision, rejectAdjustment } from './api.ts';
import { NS } from './i18n.ts';

const STATUS_KEYS: Record<AdjustmentStatus, string> = {
  pending: 'statusPending',
  applied: 'statusApplied',
  rejected: 'statusRejected',
};
const STATUS_COLORS: Record<AdjustmentStatus, string> = { pending: 'gold', applied: 'green', rejected: 'default' };

function isStatus(value: string | null): value is AdjustmentStatus {
  return ADJUSTMENT_STATUSES.some((status) => status === value);
}

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

/** Approves a pending credit after showing it again; a refusal (own request, daily cap) shows in place. */
function ApproveModal({
  row,
  onClose,
  onApproved,
}: {
  row: AdjustmentRow | null;
  onClose: () => void;
  onApproved: (id: string) => Promise<void>;
}) {
  const { t } = useTranslation(NS);
  const { busy, problem, setProblem, run } = useCall();
  useEffect(() => {
    if (row) setProblem(null);
  }, [row, setProblem]);

  async function approve() {
    if (!row) return;
    await run(async () => {
      await approveAdjustment(row.id);
      await onApproved(row.id);
    });
  }

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
    >
      {row && (
        <Flex vertical gap={12}>
          <RequestSummary row={row} />
          <Alert type="info" showIcon title={t('approveHint')} />
          {problem && <Alert type="error" showIcon title={problem} role="alert" />}
        </Flex>
      )}
    </Modal>
  );
}

/** Rejects a pending credit with a reason for the audit log; nothing moves. */
function RejectModal({
  row,
  onClose,
  onRejected,
}: {
  row: AdjustmentRow | null;
  onClose: () => void;
  onRejected: (id: string) => Promise<void>;
}) {
  const { t } = useTranslation(NS);

  async function submit(reason: string) {
    if (!row) return;
    await rejectAdjustment(row.id, reason);
    await onRejected(row.id);
  }

  return (
    <ReasonModal
      open={row !== null}
      title={row ? t('rejectTitle', { id: row.id }) : ''}
      okText={t('reject')}
      danger
      formName="reject-adjustment"
      gap={12}
      summary={row && <RequestSummary row={row} />}
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

/**
 * Credits waiting for a second operator (issue 23): member, asset, amount, reason, who asked and
 * when; another operator approves or rejects. The requester sees its own without an Approve.
 */
export function AdjustmentsPage() {
  const { t } = useTranslation(NS);
  const me = useMe();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: AdjustmentStatus = isStatus(raw) ? raw : 'pending';
  const [approving, setApproving] = useState<AdjustmentRow | null>(null);
  const [rejecting, setRejecting] = useState<AdjustmentRow | null>(null);

  const refresh = () => refreshAfterDecision(queryClient);

  const columns: ColumnsType<AdjustmentRow> = [
    { title: t('common:id'), dataIndex: 'id' },
    {
      title: t('common:member'),
      dataIndex: 'userId',
      render: (id: string, row) => (
        <Space orientation="vertical" size={0}>
          <Link to={`/members/${id}`}>{id}</Link>
          <Address value={row.memberAddress} />
        </Space>
      ),
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
          <Space>
            {row.requestedBy === me.username ? (
              <Tooltip title={t('yours')}>
                <Button size="small" type="primary" disabled>
                  {t('approve')}
                </Button>
              </Tooltip>
            ) : (
              <Button size="small" type="primary" onClick={() => setApproving(row)}>
                {t('approve')}
              </Button>
            )}
            <Button size="small" danger onClick={() => setRejecting(row)}>
              {t('reject')}
            </Button>
          </Space>
        ) : null,
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('title')} intro={t('intro')} />
      <PagedTable<AdjustmentRow>
        queryKey={sharedKeys.adjustments}
        path={ADMIN_API.adjustments}
        query={{ status }}
        columns={columns}
        rowKey="id"
        toolbar={
          <Select<AdjustmentStatus>
            aria-label={t('statusFilter')}
            value={status}
            style={{ width: 200 }}
            onChange={(value) => setParams({ status: value })}
            options={ADJUSTMENT_STATUSES.map((value) => ({ value, label: t(STATUS_KEYS[value]) }))}
          />
        }
      />
      <ApproveModal
        row={approving}
        onClose={() => setApproving(null)}
        onApproved={async (id) => {
          setApproving(null);
          notify.success(t('approved', { id }));
          await refresh();
        }}
      />
      <RejectModal
        row={rejecting}
        onClose={() => setRejecting(null)}
        onRejected={async (id) => {
          setRejecting(null);
          notify.success(t('rejected', { id }));
          await refresh();
        }}
      />
    </Flex>
  );
}
