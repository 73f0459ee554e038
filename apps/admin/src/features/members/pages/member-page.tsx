import { ApiError } from '@minecloud/contract/client';
import type { MemberDetail } from '@minecloud/contract/console';
import { ERROR_CODES } from '@minecloud/contract/errors';
import { Button, Card, Descriptions, Flex, Result, Skeleton, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Address } from '@/components/address';
import { Amount } from '@/components/amount';
import { LoadFailed } from '@/components/load-failed';
import { identityText } from '@/i18n/enums';
import { groupDigits } from '@/lib/figures';
import { formatTime } from '@/lib/format';
import { can, useMe } from '@/lib/session';
import { useMember } from '../api/get-member';
import { AdjustModal } from '../components/adjust-modal';
import { MemberTabs } from '../components/member-tabs';
import { NS } from '../i18n';

type Account = MemberDetail['accounts'][number];

function MemberHeader({ member }: { member: MemberDetail }) {
  const { t } = useTranslation(NS);
  return (
    <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
      <Descriptions.Item label={t('common:id')}>{member.id}</Descriptions.Item>
      <Descriptions.Item label={t('address')}>
        <Typography.Text copyable style={{ fontFamily: 'monospace' }}>
          {member.address}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('email')}>{member.email ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('wallet')}>
        <Address value={member.withdrawAddress} />
      </Descriptions.Item>
      <Descriptions.Item label={t('inviter')}>
        {member.inviterId ? <Link to={`/members/${member.inviterId}`}>{member.inviterId}</Link> : '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('identity')}>
        {identityText(t, member.identity)} · {t('level')} {member.level}
      </Descriptions.Item>
      <Descriptions.Item label={t('department')}>{member.department ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('hashRate')}>{t('th', { value: member.hashRate })}</Descriptions.Item>
      <Descriptions.Item label={t('directMembers')}>{member.directMembers}</Descriptions.Item>
      <Descriptions.Item label={t('joined')}>{formatTime(member.createdAt)}</Descriptions.Item>
    </Descriptions>
  );
}

function Balances({ accounts }: { accounts: Account[] }) {
  const { t } = useTranslation(NS);
  const amount = (asset: string) => (value: string) => <Amount value={groupDigits(value)} asset={asset} />;
  return (
    <Table<Account>
      size="small"
      rowKey="asset"
      pagination={false}
      dataSource={accounts}
      locale={{ emptyText: t('common:empty') }}
      columns={[
        { title: t('common:asset'), dataIndex: 'asset' },
        { title: t('available'), dataIndex: 'available', align: 'right', render: (v, row) => amount(row.asset)(v) },
        { title: t('locked'), dataIndex: 'locked', align: 'right', render: (v, row) => amount(row.asset)(v) },
        { title: t('earnings'), dataIndex: 'earnings', align: 'right', render: (v, row) => amount(row.asset)(v) },
      ]}
    />
  );
}

function MemberView({ id }: { id: string }) {
  const { t } = useTranslation(NS);
  const me = useMe();
  const navigate = useNavigate();
  const [adjusting, setAdjusting] = useState(false);
  const member = useMember(id);

  if (member.isPending) return <Skeleton active />;
  if (member.isError) {
    const missing =
      member.error instanceof ApiError &&
      (member.error.code === ERROR_CODES.memberNotFound || member.error.code === ERROR_CODES.notFound);
    if (missing) {
      return (
        <Result
          status="404"
          title={t('notFound')}
          extra={<Button onClick={() => navigate('/members')}>{t('back')}</Button>}
        />
      );
    }
    return <LoadFailed error={member.error} onRetry={() => member.refetch()} />;
  }
  const data = member.data;
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          <Link to="/members">{t('title')}</Link> / {t('memberTitle', { id: data.id })}
        </Typography.Title>
        {can(me.role, 'adjustBalance') && (
          <Button type="primary" onClick={() => setAdjusting(true)}>
            {t('adjust')}
          </Button>
        )}
      </Flex>
      <Card size="small">
        <MemberHeader member={data} />
      </Card>
      <Card size="small" title={t('balances')}>
        <Balances accounts={data.accounts} />
      </Card>
      <Card size="small">
        <MemberTabs id={data.id} />
      </Card>
      <AdjustModal member={data} open={adjusting} onClose={() => setAdjusting(false)} />
    </Flex>
  );
}

/** One member: who they are, what they hold, and what they did. */
export function MemberPage() {
  const { id = '' } = useParams();
  // Another member (a team row, the inviter) starts fresh: tabs, modal and all.
  return <MemberView key={id} id={id} />;
}
