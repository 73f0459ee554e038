import { isAsset } from '@minecloud/contract/amount';
import { ADMIN_API, type Dashboard } from '@minecloud/contract/console';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Statistic, Table, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount } from '../../components/amount.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { api } from '../../lib/api.ts';
import { signedUnits, unitsText } from '../../lib/decimal.ts';
import { can, useMe } from '../../lib/session.ts';
import { BarChart } from './bar-chart.tsx';
import { NS } from './i18n.ts';

type Liability = Dashboard['liabilities'][number];

/** What came in on chain and stayed, less what members hold: negative means members hold more. */
function cover(row: Liability): string | null {
  if (!isAsset(row.asset)) return null;
  const [members, deposited, withdrawn] = [row.members, row.deposited, row.withdrawn].map((v) =>
    signedUnits(v, row.asset),
  );
  if (members == null || deposited == null || withdrawn == null) return null;
  return unitsText(deposited - withdrawn - members, row.asset);
}

function LiabilitiesTable({ rows }: { rows: Liability[] }) {
  const { t } = useTranslation(NS);
  const { token } = theme.useToken();
  return (
    <Table<Liability>
      size="small"
      rowKey="asset"
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: t('common:empty') }}
      columns={[
        { title: t('common:asset'), dataIndex: 'asset' },
        { title: t('membersHold'), dataIndex: 'members', align: 'right', render: (v: string) => <Amount value={v} /> },
        { title: t('deposited'), dataIndex: 'deposited', align: 'right', render: (v: string) => <Amount value={v} /> },
        { title: t('withdrawn'), dataIndex: 'withdrawn', align: 'right', render: (v: string) => <Amount value={v} /> },
        {
          title: t('cover'),
          key: 'cover',
          align: 'right',
          render: (_, row) => {
            const value = cover(row);
            if (value === null) return '—';
            const short = value.startsWith('-');
            return (
              <span
                title={short ? t('coverShort') : undefined}
                data-short={short || undefined}
                style={{ color: short ? token.colorWarning : undefined, fontFamily: token.fontFamilyCode }}
              >
                {short ? `⚠ ${value}` : value}
              </span>
            );
          },
        },
      ]}
    />
  );
}

function LedgerState({ ledger }: { ledger: Dashboard['ledger'] }) {
  const { t } = useTranslation(NS);
  return ledger.ok ? (
    <Alert type="success" showIcon title={t('ledgerBalanced')} />
  ) : (
    <Alert
      type="error"
      showIcon
      title={t('ledgerMismatch', { count: ledger.mismatches })}
      description={t('ledgerMismatchHint')}
    />
  );
}

function Charts({ series }: { series: Dashboard['series'] }) {
  const { t } = useTranslation(NS);
  if (!series.length) return <Typography.Text type="secondary">{t('noSeries')}</Typography.Text>;
  const charts = [
    { title: t('chartNewMembers'), bars: series.map((d) => ({ label: d.day, value: String(d.newMembers) })) },
    { title: t('chartPurchases'), bars: series.map((d) => ({ label: d.day, value: d.purchases })) },
    { title: t('chartDeposits'), bars: series.map((d) => ({ label: d.day, value: d.deposits })) },
    { title: t('chartWithdrawals'), bars: series.map((d) => ({ label: d.day, value: d.withdrawals })) },
  ];
  return (
    <Row gutter={[16, 16]}>
      {charts.map((chart) => (
        <Col key={chart.title} xs={24} md={12} xl={6}>
          <Typography.Text strong>{chart.title}</Typography.Text>
          <BarChart title={chart.title} bars={chart.bars} />
        </Col>
      ))}
    </Row>
  );
}

export function DashboardPage() {
  const { t } = useTranslation(NS);
  const me = useMe();
  const dashboard = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => api.get<Dashboard>(ADMIN_API.dashboard),
  });

  if (dashboard.isPending) return <Skeleton active />;
  if (dashboard.isError) {
    return <LoadFailed error={dashboard.error} onRetry={() => dashboard.refetch()} />;
  }
  const data = dashboard.data;
  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('title')}
        extra={
          <Button onClick={() => dashboard.refetch()} loading={dashboard.isFetching}>
            {t('common:refresh')}
          </Button>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={8} xl={4}>
          <Card style={{ height: '100%' }}>
            <Statistic title={t('members')} value={data.members} />
          </Card>
        </Col>
        <Col xs={12} lg={8} xl={4}>
          <Card style={{ height: '100%' }}>
            <Statistic title={t('newToday')} value={data.newToday} />
          </Card>
        </Col>
        <Col xs={12} lg={8} xl={6}>
          <Card style={{ height: '100%' }}>
            <Statistic
              title={t('purchasesToday')}
              value={data.purchasesToday.usdt}
              suffix="USDT"
              styles={{ content: { whiteSpace: 'nowrap' } }}
            />
            <Typography.Text type="secondary">
              {t('purchasesCount', { count: data.purchasesToday.count })}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={12} lg={12} xl={5}>
          <Card title={t('depositsToday')} size="small" style={{ height: '100%' }}>
            {data.depositsToday.length ? (
              data.depositsToday.map((d) => (
                <div key={d.asset}>{t('depositLine', { count: d.count, amount: d.amount, asset: d.asset })}</div>
              ))
            ) : (
              <Typography.Text type="secondary">{t('depositsNone')}</Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12} xl={5}>
          <Card style={{ height: '100%' }}>
            <Statistic title={t('withdrawalsPending')} value={data.withdrawalsPending} />
            {can(me.role, 'withdrawals') && <Link to="/withdrawals?status=review">{t('review')}</Link>}
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card title={t('liabilities')} size="small">
            <LiabilitiesTable rows={data.liabilities} />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('ledger')} size="small">
            <LedgerState ledger={data.ledger} />
          </Card>
        </Col>
      </Row>
      <Card title={t('last30')} size="small">
        <Charts series={data.series} />
      </Card>
    </Flex>
  );
}
