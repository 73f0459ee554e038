import type { equityRoundRowSchema } from '@minecloud/contract/console';
import { percentText } from '@minecloud/contract/decimal';
import { Button, Flex, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '@/components/amount';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { TimeText } from '@/components/time-text';
import { rounds } from '../api/get-rounds';
import { OpenRoundModal } from '../components/open-round-modal';
import { NS } from '../i18n';

type Round = ReturnType<typeof equityRoundRowSchema.parse>;

/** Sold share of a round as a percentage with two decimals, from whole share counts. */
function soldPercent(round: Round): string {
  if (round.totalShares <= 0) return '0.00';
  return percentText(BigInt(round.totalShares - round.sharesRemaining), BigInt(round.totalShares));
}

/** Equity rounds, newest first, and the form that opens the next one. */
export function EquityPage() {
  const { t } = useTranslation(NS);
  const [opening, setOpening] = useState(false);

  const columns: TableColumnsType<Round> = [
    { title: t('common:id'), dataIndex: 'id' },
    { title: t('totalShares'), dataIndex: 'totalShares', align: 'right' },
    { title: t('sharesRemaining'), dataIndex: 'sharesRemaining', align: 'right' },
    { title: t('sold'), key: 'sold', align: 'right', render: (_, row) => `${soldPercent(row)}%` },
    {
      title: t('pricePerShare'),
      dataIndex: 'pricePerShare',
      align: 'right',
      render: (value: string) => <Amount value={value} asset="USDT" />,
    },
    { title: t('annualYieldPct'), dataIndex: 'annualYieldPct', align: 'right', render: (value: string) => `${value}%` },
    { title: t('minQuantity'), dataIndex: 'minQuantity', align: 'right' },
    { title: t('termDays'), dataIndex: 'termDays', align: 'right' },
    {
      title: t('state'),
      dataIndex: 'open',
      render: (open: boolean) => <Tag color={open ? 'green' : 'default'}>{open ? t('open') : t('closed')}</Tag>,
    },
    { title: t('common:createdAt'), dataIndex: 'createdAt', render: (value: string) => <TimeText value={value} /> },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('title')} intro={t('intro')} />
      <PagedTable<Round>
        {...rounds}
        columns={columns}
        rowKey="id"
        toolbar={
          <Button type="primary" onClick={() => setOpening(true)}>
            {t('openRound')}
          </Button>
        }
      />
      {opening && <OpenRoundModal onClose={() => setOpening(false)} />}
    </Flex>
  );
}
