import { type Asset, formatAmount, isAsset } from '@minecloud/contract/amount';
import { DASHBOARD_RANGES, type Dashboard, type DashboardRange } from '@minecloud/contract/console';
import { signedUnits } from '@minecloud/contract/decimal';
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Row,
  Segmented,
  Skeleton,
  Spin,
  Statistic,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Amount } from '../../components/amount.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { groupDigits } from '../../lib/figures.ts';
import { can, useMe } from '../../lib/session.ts';
import { useDashboard } from './api.ts';
import { rangeOf, type SeriesKey, toCharts } from './chart-data.ts';
import { HistoryChart } from './history-chart.tsx';
import { NS } from './i18n.ts';

type Liability = Dashboard['liabilities'][number];

/** How what members hold compares with what backs it: covered, a gap the ledger explains, or short. */
export type Coverage =
  | { state: 'covered'; surplus: string }
  | { state: 'explained'; gap: string; adjustments: string; earnings: string }
  | { state: 'short'; gap: string };

/**
 * What came in on chain and stayed, plus the demo's credits (play money that was never deposited),
 * less what members hold. A shortfall is "explained" when operators' adjustments and the platform's
 * what the platform paid from its own funds (mining output, yields, rewards, prizes, gold for top-ups) account for it, "short"
 * otherwise. Null when a figure is not an amount.
 */
export function coverage(row: Liability): Coverage | null {
  if (!isAsset(row.asset)) return null;
  const figures = [row.members, row.deposited, row.withdrawn, row.demoCredits, row.adjustments, row.earnings].map((v) =>
    signedUnits(v, row.asset),
  );
  if (figures.some((v) => v == null)) return null;
  const [members, deposited, withdrawn, demo, adjustments, earnings] = figures as bigint[];
  const gap = (members as bigint) - ((deposited as bigint) - (withdrawn as bigint) + (demo as bigint));
  const text = (units: bigint) => formatAmount(units, row.asset as Asset);
  if (gap <= 0n) return { state: 'covered', surplus: text(-gap) };
  const positive = (v: bigint) => (v > 0n ? v : 0n);
  if (gap <= positive(adjustments as bigint) + positive(earnings as bigint)) {
    return { state: 'explained', gap: text(gap), adjustments: row.adjustments, earnings: row.earnings };
  }
  return { state: 'short', gap: text(gap) };
}

function CoverageTag({ row }: { row: Liability }) {
  const { t } = useTranslation(NS);
  const result = coverage(row);
  if (!result) return <>—</>;
  const figure = (value: string) => `${groupDigits(value)} ${row.asset}`;
  if (result.state === 'covered') {
    return (
      <Tag color="green" data-coverage="covered">
        {t('covered', { surplus: figure(result.surplus) })}
      </Tag>
    );
  }
  if (result.state === 'explained') {
    return (
      <Tooltip title={t('gapExplainedHint')}>
        <Tag color="gold" data-coverage="explained">
          {t('gapExplained', {
            gap: figure(result.gap),
            adjustments: figure(result.adjustments),
            earnings: figure(result.earnings),
          })}
        </Tag>
      </Tooltip>
    );
  }
  return (
    <Tooltip title={t('coverShort')}>
      <Tag color="red" data-coverage="short">
        {t('short', { gap: figure(result.gap) })}
      </Tag>
    </Tooltip>
  );
}

function LiabilitiesTable({ rows }: { rows: Liability[] }) {
  const { t } = useTranslation(NS);
  const amount = (v: string, row: Liability) => <Amount value={groupDigits(v)} asset={row.asset} />;
  const demo = rows.some((row) => signedUnits(row.demoCredits, row.asset as Asset) !== 0n);
  return (
    <Flex vertical gap={8}>
      <Table<Liability>
        size="small"
        rowKey="asset"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('common:empty') }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('common:asset'), dataIndex: 'asset' },
          { title: t('membersHold'), dataIndex: 'members', align: 'right', render: amount },
          { title: t('deposited'), dataIndex: 'deposited', align: 'right', render: amount },
          { title: t('withdrawn'), dataIndex: 'withdrawn', align: 'right', render: amount },
          { title: t('demoCredits'), dataIndex: 'demoCredits', align: 'right', render: amount },
          { title: t('cover'), key: 'cover', render: (_, row) => <CoverageTag row={row} /> },
        ]}
      />
      {demo && <Alert type="info" showIcon title={t('demoCreditsHint')} data-testid="demo-credits" />}
    </Flex>
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

function History({ series, days, loading }: { series: Dashboard['series']; days: number; loading: boolean }) {
  const { t } = useTranslation(NS);
  const charts = useMemo(() => toCharts(series), [series]);
  const label = (key: SeriesKey) => t(`series.${key}`);
  return (
    <Spin spinning={loading} delay={150}>
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={14}>
          <HistoryChart
            title={t('chartMoney', { count: days })}
            unit="USDT"
            kind="lines"
            lines={charts.money}
            label={label}
          />
        </Col>
        <Col xs={24} xl={10}>
          <HistoryChart
            title={t('chartNewMembers', { count: days })}
            unit={t('unitMembers')}
            kind="bars"
            lines={charts.members}
            label={label}
          />
        </Col>
      </Row>
    </Spin>
  );
}

function RangeSwitch({ days, onChange }: { days: DashboardRange; onChange: (days: DashboardRange) => void }) {
  const { t } = useTranslation(NS);
  return (
    <Segmented<DashboardRange>
      aria-label={t('range')}
      size="small"
      value={days}
      onChange={onChange}
      options={DASHBOARD_RANGES.map((value) => ({ value, label: t('rangeDays', { count: value }) }))}
    />
  );
}

export function DashboardPage() {
  const { t } = useTranslation(NS);
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const days = rangeOf(params.get('days'));
  const dashboard = useDashboard(days);
  const setDays = (next: DashboardRange) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('days', String(next));
        return copy;
      },
      { replace: true },
    );

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
                <div key={d.asset}>
                  {t('depositLine', { count: d.count, amount: groupDigits(d.amount), asset: d.asset })}
                </div>
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
      <Card
        title={t('history', { count: data.days })}
        size="small"
        extra={<RangeSwitch days={days} onChange={setDays} />}
      >
        <History series={data.series} days={data.days} loading={dashboard.isPlaceholderData} />
      </Card>
    </Flex>
  );
}
