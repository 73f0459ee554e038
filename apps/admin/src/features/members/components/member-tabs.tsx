import { ASSETS, type Asset } from '@minecloud/contract/amount';
import type {
  memberLedgerRowSchema,
  memberMinerRowSchema,
  memberOrderRowSchema,
  memberTeamRowSchema,
} from '@minecloud/contract/console';
import type { adminFeedbackRowSchema } from '@minecloud/contract/content';
import { Flex, Image, Select, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Address } from '@/components/address';
import { Amount } from '@/components/amount';
import { PagedTable } from '@/components/paged-table';
import { accountText, identityText, ledgerKindText } from '@/i18n/enums';
import { groupDigits } from '@/lib/figures';
import { formatTime } from '@/lib/format';
import { memberFeedback } from '../api/get-member-feedback';
import { memberLedger } from '../api/get-member-ledger';
import { memberMiners } from '../api/get-member-miners';
import { memberOrders } from '../api/get-member-orders';
import { memberTeam } from '../api/get-member-team';
import { NS } from '../i18n';

type LedgerRow = z.infer<typeof memberLedgerRowSchema>;
type MinerRow = z.infer<typeof memberMinerRowSchema>;
type OrderRow = z.infer<typeof memberOrderRowSchema>;
type TeamRow = z.infer<typeof memberTeamRowSchema>;
type FeedbackRow = z.infer<typeof adminFeedbackRowSchema>;

const time = (value: string | null) => formatTime(value);

function LedgerTab({ id }: { id: string }) {
  const { t } = useTranslation(NS);
  const [asset, setAsset] = useState<Asset | undefined>(undefined);
  const columns: ColumnsType<LedgerRow> = [
    { title: t('time'), dataIndex: 'createdAt', render: time },
    { title: t('common:asset'), dataIndex: 'asset' },
    { title: t('kind'), dataIndex: 'kind', render: (kind: string) => ledgerKindText(t, kind) },
    {
      title: t('common:amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (v: string, row) => <Amount value={groupDigits(v)} asset={row.asset} />,
    },
    { title: t('account'), dataIndex: 'account', render: (account: string) => accountText(t, account) },
    { title: t('counterparty'), dataIndex: 'counterparty', render: (account: string) => accountText(t, account) },
    { title: t('reference'), dataIndex: 'reference', render: (v: string | null) => v ?? '—' },
  ];
  return (
    <PagedTable<LedgerRow>
      {...memberLedger(id)}
      query={{ asset }}
      columns={columns}
      rowKey="id"
      toolbar={
        <Select<Asset | 'all'>
          aria-label={t('common:asset')}
          value={asset ?? 'all'}
          onChange={(value) => setAsset(value === 'all' ? undefined : value)}
          style={{ width: 160 }}
          options={[{ value: 'all', label: t('allAssets') }, ...ASSETS.map((a) => ({ value: a, label: a }))]}
        />
      }
    />
  );
}

function MinersTab({ id }: { id: string }) {
  const { t } = useTranslation(NS);
  const columns: ColumnsType<MinerRow> = [
    { title: t('common:id'), dataIndex: 'id' },
    { title: t('product'), dataIndex: 'product' },
    { title: t('hashRate'), dataIndex: 'hashRate', render: (v: string) => t('th', { value: v }) },
    { title: t('startedAt'), dataIndex: 'startedAt', render: time },
    { title: t('endsAt'), dataIndex: 'endsAt', render: time },
    {
      title: t('common:status'),
      dataIndex: 'running',
      render: (running: boolean) => (
        <Tag color={running ? 'green' : 'default'}>{running ? t('running') : t('ended')}</Tag>
      ),
    },
  ];
  return <PagedTable<MinerRow> {...memberMiners(id)} columns={columns} rowKey="id" />;
}

function OrdersTab({ id }: { id: string }) {
  const { t } = useTranslation(NS);
  const columns: ColumnsType<OrderRow> = [
    { title: t('common:id'), dataIndex: 'id' },
    {
      title: t('orderKind'),
      dataIndex: 'kind',
      render: (kind: OrderRow['kind']) => (kind === 'miner' ? t('kindMiner') : t('kindEquity')),
    },
    { title: t('product'), dataIndex: 'product' },
    { title: t('quantity'), dataIndex: 'quantity', align: 'right' },
    { title: t('paid'), dataIndex: 'paid', align: 'right', render: (v: string) => <Amount value={v} asset="USDT" /> },
    { title: t('common:createdAt'), dataIndex: 'createdAt', render: time },
  ];
  return <PagedTable<OrderRow> {...memberOrders(id)} columns={columns} rowKey={(row) => `${row.kind}-${row.id}`} />;
}

function TeamTab({ id }: { id: string }) {
  const { t } = useTranslation(NS);
  const columns: ColumnsType<TeamRow> = [
    {
      title: t('common:id'),
      dataIndex: 'id',
      render: (memberId: string) => <Link to={`/members/${memberId}`}>{memberId}</Link>,
    },
    { title: t('address'), dataIndex: 'address', render: (v: string) => <Address value={v} /> },
    { title: t('department'), dataIndex: 'department', render: (v: number | null) => v ?? '—' },
    { title: t('identity'), dataIndex: 'identity', render: (value: string) => identityText(t, value) },
    { title: t('joined'), dataIndex: 'createdAt', render: time },
  ];
  return <PagedTable<TeamRow> {...memberTeam(id)} columns={columns} rowKey="id" />;
}

function FeedbackTab({ id }: { id: string }) {
  const { t } = useTranslation(NS);
  const columns: ColumnsType<FeedbackRow> = [
    { title: t('common:createdAt'), dataIndex: 'createdAt', render: time },
    {
      title: t('content'),
      dataIndex: 'content',
      render: (v: string) => <Typography.Paragraph style={{ maxWidth: 360, margin: 0 }}>{v}</Typography.Paragraph>,
    },
    {
      title: t('images'),
      dataIndex: 'images',
      render: (images: string[]) =>
        images.length ? (
          <Image.PreviewGroup>
            <Flex gap={4}>
              {images.map((src, index) => (
                <Image key={src} src={src} width={40} height={40} alt={t('image', { n: index + 1 })} />
              ))}
            </Flex>
          </Image.PreviewGroup>
        ) : (
          '—'
        ),
    },
    {
      title: t('reply'),
      dataIndex: 'reply',
      render: (v: string | null) =>
        v ? (
          <Typography.Paragraph style={{ maxWidth: 360, margin: 0 }}>{v}</Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">{t('noReply')}</Typography.Text>
        ),
    },
    { title: t('repliedAt'), dataIndex: 'repliedAt', render: time },
  ];
  return <PagedTable<FeedbackRow> {...memberFeedback(id)} columns={columns} rowKey="id" />;
}

/** What a member did: ledger, miners, orders, team and feedback, each paged by the server. */
export function MemberTabs({ id }: { id: string }) {
  const { t } = useTranslation(NS);
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'ledger', label: t('tabLedger'), children: <LedgerTab id={id} /> },
        { key: 'miners', label: t('tabMiners'), children: <MinersTab id={id} /> },
        { key: 'orders', label: t('tabOrders'), children: <OrdersTab id={id} /> },
        { key: 'team', label: t('tabTeam'), children: <TeamTab id={id} /> },
        { key: 'feedback', label: t('tabFeedback'), children: <FeedbackTab id={id} /> },
      ]}
    />
  );
}
