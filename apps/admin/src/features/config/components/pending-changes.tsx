import type { SettingKind, SettingProposal } from '@minecloud/contract/console';
import { Button, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed';
import { formatTime, TimeText } from '@/components/time-text';
import { useNotify } from '@/lib/notify';
import { allowed, useMe } from '@/lib/session';
import { type ProposalDecision, useDecideProposal } from '../api/decide-proposal';
import { useProposals } from '../api/get-proposals';
import { NS } from '../i18n';
import { SETTINGS_NS } from '../lib/setting-labels';
import { SettingDiff, SettingName } from './setting-value';

const DONE: Record<ProposalDecision, string> = {
  approve: 'proposal.approved',
  reject: 'proposal.rejected',
  withdraw: 'proposal.withdrawn',
};

/**
 * Loosening changes of guarded settings waiting for a second operator (docs/operations.md,
 * "Settings that guard money"): the diff, who proposed it and when, when it lapses and when it would
 * take effect if approved now. Another owner or finance approves or rejects; the proposer withdraws.
 */
export function PendingChanges({ kinds }: { kinds: Map<string, SettingKind> }) {
  const { t } = useTranslation([NS, SETTINGS_NS]);
  const me = useMe();
  const notify = useNotify();
  const proposals = useProposals();
  const decide = useDecideProposal();
  const mayDecide = allowed(me.role, ['owner', 'finance']);

  const act = (row: SettingProposal, how: ProposalDecision) =>
    decide.mutate(
      { id: row.id, how },
      {
        onSuccess: (answer) =>
          notify.success(t(DONE[how], { time: answer.effectiveAt ? formatTime(answer.effectiveAt) : '' })),
        onError: (error) => notify.error(error),
      },
    );

  const columns: TableColumnsType<SettingProposal> = [
    {
      title: t('key'),
      dataIndex: 'key',
      render: (key: string) => <SettingName settingKey={key} />,
    },
    {
      title: t('change'),
      key: 'change',
      render: (_, row) => <SettingDiff kind={kinds.get(row.key)} before={row.before} after={row.value} />,
    },
    { title: t('proposal.by'), dataIndex: 'proposer' },
    { title: t('proposal.at'), dataIndex: 'proposedAt', render: (value: string) => <TimeText value={value} /> },
    { title: t('proposal.expires'), dataIndex: 'expiresAt', render: (value: string) => <TimeText value={value} /> },
    {
      title: t('proposal.effective'),
      dataIndex: 'effectiveAt',
      render: (value: string | null) => (value ? <TimeText value={value} /> : '-'),
    },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, row) => {
        const mine = row.proposer === me.username;
        return (
          <Flex gap={8} wrap>
            {mayDecide && !mine && (
              <>
                <Button size="small" type="primary" loading={decide.isPending} onClick={() => act(row, 'approve')}>
                  {t('proposal.approve')}
                </Button>
                <Button size="small" danger loading={decide.isPending} onClick={() => act(row, 'reject')}>
                  {t('proposal.reject')}
                </Button>
              </>
            )}
            {mine && (
              <Button size="small" loading={decide.isPending} onClick={() => act(row, 'withdraw')}>
                {t('proposal.withdraw')}
              </Button>
            )}
            {mine && <Typography.Text type="secondary">{t('proposal.yours')}</Typography.Text>}
          </Flex>
        );
      },
    },
  ];

  if (proposals.isError) return <LoadFailed error={proposals.error} onRetry={() => proposals.refetch()} />;
  return (
    <Table<SettingProposal>
      rowKey="id"
      size="small"
      loading={proposals.isLoading}
      columns={columns}
      dataSource={proposals.data?.list ?? []}
      pagination={false}
      scroll={{ x: 960 }}
      locale={{ emptyText: t('proposal.none') }}
      data-testid="pending-changes"
    />
  );
}
