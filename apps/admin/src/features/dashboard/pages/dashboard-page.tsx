import { type Asset, formatAmount, isAsset } from '@minecloud/contract/amount';
import {
  COVERAGE_SOURCES,
  type CoverageSource,
  DASHBOARD_RANGES,
  type Dashboard,
  type DashboardRange,
} from '@minecloud/contract/console';
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
import { Amount } from '@/components/amount';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { groupDigits } from '@/lib/figures';
import { can, useMe } from '@/lib/session';
import { useDashboard } from '../api/get-dashboard';
import { HistoryChart } from '../components/history-chart';
import { NS } from '../i18n';
import { rangeOf, type SeriesKey, toCharts } from '../lib/chart-data';

type Liability = Dashboard['liabilities'][number];

/** One source of what members hold beyond the chain, with its net amount (negative: members paid in). */
export type SourceFigure = { source: CoverageSource; amount: string };

/**
 * How what members hold compares with what backs it: covered, a gap the ledger explains source by
 * source, or short by what no source explains.
 */
export type Coverage =
  | { state: 'covered'; surplus: string; sources: SourceFigure[] }
  | { state: 'explained'; gap: string; sources: SourceFigure[] }
  | { state: 'short'; gap: string; sources: SourceFigure[] };

/**
 * What came in on chain and stayed, plus the demo's credits (play money that was never deposited),
 * less what members hold. A shortfall is "explained" when the sources the ledger names (top-ups,
 * donations, forging, purchases, fees, platform payouts, adjustments) add up to it, "short" by the
 * rest otherwise. Null when a figure is not an amount.
 */
export function coverage(row: Liability): Coverage | null {
  if (!isAsset(row.asset)) return null;
  const asset = row.asset;
  const figures = [row.members, row.deposited, row.withdrawn, row.demoCredits].map((v) => signedUnits(v, asset));
  const sourceUnits = COVERAGE_SOURCES.map((source) => [source, signedUnits(row.sources[source], asset)] as const);
  if (figures.some((v) => v == null) || sourceUnits.some(([, v]) => v == null)) return null;
  const [members, deposited, withdrawn, demo] = figures as bigint[];
  const gap = (members as bigint) - ((deposited as bigint) - (withdrawn as bigint) + (demo as bigint));
  const text = (units: bigint) => formatAmount(units, asset);
  const sources = sourceUnits.flatMap(([source, v]) => (v === 0n ? [] : [{ source, amount: text(v as bigint) }]));
  if (gap <= 0n) return { state: 'covered', surplus: text(-gap), sources };
  const explained = sourceUnits.reduce((sum, [, v]) => sum + (v as bigint), 0n);
  if (gap <= explained) return { state: 'explained', gap: text(gap), sources };
  return { state: 'short', gap: text(gap - explained), sources };
}

/** Each source by its name and signed amount, one a line: "Top-ups +1,000 GOLD", "Donations −50 GOLD". */
function SourceList({ sources, asset }: { sources: SourceFigure[]; asset: string }) {
  const { t } = useTranslation(NS);
  if (sources.length === 0) return null;
  const signed = (amount: string) =>
    amount.startsWith('-') ? `−${groupDigits(amount.slice(1))}` : `+${groupDigits(amount)}`;
  return (
    <ul
      aria-label={t('sources')}
      style={{ listStyle: 'none', margin: '4px 0 0', padding: 0, fontSize: 12, whiteSpace: 'nowrap' }}
      data-testid="coverage-sources"
    >
      {sources.map((s) => (
        <li key={s.source}>
          <Typography.Text type="secondary">{`${t(`source.${s.source}`)} ${signed(s.amount)} ${asset}`}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}

/** Green when covered; a gap the ledger explains is information (blue), not an alarm; red when short. */
const TAG_COLORS: Record<Coverage['state'], string> = { covered: 'green', explained: 'blue', short: 'red' };

function CoverageTag({ row }: { row: Liability }) {
  const { t } = useTranslation(NS);
  const result = coverage(row);
  if (!result) return <>—</>;
  const figure = (value: string) => `${groupDigits(value)} ${row.asset}`;
  const label =
    result.state === 'covered'
      ? t('covered', { surplus: figure(result.surplus) })
      : t(result.state === 'explained' ? 'gapExplained' : 'short', { gap: figure(result.gap) });
  const hint = { covered: null, explained: t('gapExplainedHint'), short: t('coverShort') }[result.state];
  const tag = (
    <Tag color={TAG_COLORS[result.state]} data-coverage={result.state}>
      {label}
    </Tag>
  );
  return (
    <div>
      {hint ? <Tooltip title={hint}>{tag}</Tooltip> : tag}
      <SourceList sources={result.sources} asset={row.asset} />
    </div>
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
