import { Skeleton } from 'antd-mobile';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlackHole } from '@/api/get-black-hole';
import { NETWORK_DAYS, useNetworkDays } from '@/api/get-network-days';
import { usePoolPower } from '@/api/get-pool-power';
import { ErrorState } from '@/components/error-state';
import { paths } from '@/config/paths';
import { loadFeatureMessages } from '@/i18n/i18n';
import { hashRateText } from '@/lib/hash-rate-text';
import { useAppNavigate } from '@/lib/navigation';
import { type DailyOutput, OUTPUT_CHART_DAYS, useDailyOutput } from '../api/get-daily-output';
import { useMiningRate } from '../api/get-mining-rate';
import { usePowerSummary } from '../api/get-power-records';
import { DailyOutputChart } from '../components/daily-output-chart';
import { sumHashRates } from '../lib/display';
import { anyDaySettled, lastNetworkRate, todayEstimate } from '../lib/output-estimate';
import './hash-rate-page.css';

// Below the output chart: its code and its texts (i18n.ts, networkPay) load apart from the page.
const NetworkPayCard = lazy(() =>
  Promise.all([import('../components/network-pay-card'), loadFeatureMessages('networkPay')]).then(([module]) => module),
);

function HashRate({ value, testId }: { value: string; testId: string }) {
  return (
    <>
      <span data-testid={testId}>{hashRateText(value)}</span> <small>TH/s</small>
    </>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="hash-rate__figure">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function MyHashRate() {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  const summary = usePowerSummary();
  return (
    <section className="hash-rate__card hash-rate__card--mine" aria-labelledby="my-hash-rate-title">
      <header className="hash-rate__head">
        <h2 id="my-hash-rate-title" className="hash-rate__title">
          {t('powerMine')}
        </h2>
        <button
          type="button"
          className="plain-button hash-rate__link"
          onClick={() => go(paths.powerDetail.href())}
          data-testid="hash-rate-go-details"
        >
          {t('titleHashRateDetails')} ›
        </button>
      </header>
      {summary.isPending ? (
        <Skeleton.Paragraph lineCount={3} animated data-testid="my-hash-rate-loading" />
      ) : summary.isError ? (
        <ErrorState message={t('powerLoadFailed')} onRetry={() => void summary.refetch()} testId="my-hash-rate-error" />
      ) : (
        <>
          <p className="hash-rate__total">
            <span className="hash-rate__total-label">{t('powerTotal')}</span>
            <span>
              <HashRate value={sumHashRates(summary.data.own, summary.data.bonus)} testId="power-total" />
            </span>
          </p>
          <dl className="hash-rate__figures">
            <Figure label={t('powerOwn')}>
              <HashRate value={summary.data.own} testId="power-own" />
            </Figure>
            <Figure label={t('powerBonus')}>
              <HashRate value={summary.data.bonus} testId="power-bonus" />
            </Figure>
          </dl>
        </>
      )}
    </section>
  );
}

function NetworkHashRate() {
  const { t } = useTranslation();
  const pool = usePoolPower();
  const blackHole = useBlackHole();
  const failed = pool.isError || blackHole.isError;
  return (
    <section className="hash-rate__card" aria-labelledby="network-hash-rate-title">
      <h2 id="network-hash-rate-title" className="hash-rate__title">
        {t('powerNetworkTitle')}
      </h2>
      {failed ? (
        <ErrorState
          message={t('miningPoolLoadFailed')}
          onRetry={() => {
            if (pool.isError) void pool.refetch();
            if (blackHole.isError) void blackHole.refetch();
          }}
          testId="network-hash-rate-error"
        />
      ) : pool.data && blackHole.data ? (
        <dl className="hash-rate__figures hash-rate__figures--three">
          <Figure label={t('miningPoolPower')}>
            <HashRate value={pool.data.totalHashRate} testId="network-total" />
          </Figure>
          <Figure label={t('powerBurnedTotal')}>
            <HashRate value={blackHole.data.burnedHashRate} testId="black-hole-total" />
          </Figure>
          <Figure label={t('powerBurnedToday')}>
            <HashRate value={blackHole.data.burnedToday} testId="black-hole-today" />
          </Figure>
        </dl>
      ) : (
        <Skeleton.Paragraph lineCount={3} animated />
      )}
    </section>
  );
}

function OutputChartCard() {
  const { t } = useTranslation();
  const output = useDailyOutput(OUTPUT_CHART_DAYS);
  return (
    <section className="hash-rate__card" aria-labelledby="output-chart-title">
      <h2 id="output-chart-title" className="hash-rate__title">
        {t('outputChartHeading', { n: OUTPUT_CHART_DAYS })}
      </h2>
      {output.isPending ? (
        <Skeleton animated className="hash-rate__chart-skeleton" />
      ) : output.isError ? (
        <ErrorState
          message={t('outputChartFailed')}
          onRetry={() => void output.refetch()}
          testId="output-chart-error"
        />
      ) : (
        <OutputChart days={output.data} />
      )}
    </section>
  );
}

/**
 * The settled days; while none has paid anything, today's estimate too (hash rate now × the rate
 * now), said to be one, with the figures it comes from. In the network mode the rate is the last
 * settled network day's, said so, never the fixed rate setting, which does not apply then; with no
 * network day settled yet there is no rate to estimate from.
 */
function OutputChart({ days }: { days: DailyOutput[] }) {
  const { t } = useTranslation();
  const settled = anyDaySettled(days);
  const summary = usePowerSummary();
  const rate = useMiningRate(!settled);
  const network = rate.data?.network === true;
  const networkDays = useNetworkDays(NETWORK_DAYS);
  const networkRate = network && networkDays.data ? lastNetworkRate(networkDays.data) : null;
  const hashRate = summary.data ? sumHashRates(summary.data.own, summary.data.bonus) : '0';
  const estimateRate = network ? networkRate?.rate : rate.data?.fixed;
  const estimate = settled ? null : todayEstimate(days, hashRate, estimateRate);
  if (!settled && (summary.isPending || rate.isPending || (network && networkDays.isPending))) {
    return <Skeleton animated className="hash-rate__chart-skeleton" />;
  }
  return (
    <>
      <DailyOutputChart days={days} estimate={estimate} />
      {estimate && (
        <p className="hash-rate__note" data-testid="output-estimate-note">
          {networkRate
            ? t('outputEstimateNoteNetwork', {
                h: hashRateText(estimate.hashRate),
                r: networkRate.rate,
                d: networkRate.day,
                unit: 'TH/s',
              })
            : t('outputEstimateNote', { h: hashRateText(estimate.hashRate), r: rate.data?.fixed, unit: 'TH/s' })}
        </p>
      )}
      {!settled && network && !networkRate && (
        <p className="hash-rate__note" data-testid="output-estimate-note">
          {t('outputEstimateNoneNetwork')}
        </p>
      )}
    </>
  );
}

/**
 * The member's hash rate, the network's, what the member's miners earned day by day, and what the
 * Bitcoin network paid for each day.
 */
export default function HashRatePage() {
  return (
    <div className="hash-rate">
      <MyHashRate />
      <NetworkHashRate />
      <OutputChartCard />
      <Suspense fallback={<Skeleton.Paragraph lineCount={5} animated />}>
        <NetworkPayCard />
      </Suspense>
    </div>
  );
}
