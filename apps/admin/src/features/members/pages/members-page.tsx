import type { MemberRow } from '@minecloud/contract/console';
import { Flex, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Address } from '@/components/address';
import { Amount } from '@/components/amount';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { identityText } from '@/i18n/enums';
import { groupDigits } from '@/lib/figures';
import { formatTime } from '@/lib/format';
import { membersList } from '../api/get-members';
import { NS } from '../i18n';

export function MembersPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';

  const columns: ColumnsType<MemberRow> = [
    {
      title: t('common:id'),
      dataIndex: 'id',
      render: (id: string) => <Link to={`/members/${id}`}>{id}</Link>,
    },
    { title: t('address'), dataIndex: 'address', render: (value: string) => <Address value={value} /> },
    { title: t('email'), dataIndex: 'email', render: (value: string | null) => value ?? '—' },
    { title: t('identity'), dataIndex: 'identity', render: (value: string) => identityText(t, value) },
    { title: t('level'), dataIndex: 'level' },
    {
      title: t('inviter'),
      dataIndex: 'inviterId',
      render: (id: string | null) => (id ? <Link to={`/members/${id}`}>{id}</Link> : '—'),
    },
    {
      title: t('balances'),
      key: 'balances',
      render: (_, row) => (
        <Flex vertical>
          <Amount value={groupDigits(row.balances.USDT)} asset="USDT" />
          <Amount value={groupDigits(row.balances.BTC)} asset="BTC" />
          <Amount value={groupDigits(row.balances.GOLD)} asset="GOLD" />
        </Flex>
      ),
    },
    { title: t('joined'), dataIndex: 'createdAt', render: (value: string) => formatTime(value) },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('title')} />
      <PagedTable<MemberRow>
        {...membersList}
        query={{ q: q || undefined }}
        columns={columns}
        rowKey="id"
        onRow={(row) => ({
          onClick: (event) => {
            // Links and copy buttons inside the row do their own thing.
            if ((event.target as HTMLElement).closest('a, button, [role="button"]')) return;
            navigate(`/members/${row.id}`);
          },
          style: { cursor: 'pointer' },
        })}
        toolbar={
          <Input.Search
            key={q}
            defaultValue={q}
            allowClear
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            enterButton={t('common:search')}
            maxLength={64}
            style={{ width: 420 }}
            onSearch={(value) => setParams(value.trim() ? { q: value.trim() } : {})}
          />
        }
      />
    </Flex>
  );
}
