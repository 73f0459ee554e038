import { percentOf } from '@minecloud/contract/decimal';
import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NETWORK_DAYS, type NetworkDaySummary, useNetworkDays } from '@/api/get-network-days';
import { DayBarsFigure, TALL_BOX } from '@/components/day-bars-chart';
import { ErrorState } from '@/components/error-state';
import { NetworkSource } from '@/components/network-source';
import { hashRateText } from '@/lib/hash-rate-text';
import { rateText } from '@/lib/rate-text';
import { OUTPUT_CHART_DAYS, useDailyOutput } from '../api/get-daily-output';
import { type OwnDay, type PaidDay, paidDays, rateBars } from '../lib/network-pay';
import './network-pay-card.css';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="network-pay__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** The member's own day: hash rate × the rate paid = what was credited. */
function MineRow({ mine, rate }: { mine: OwnDay | null; rate: string }) {
  const { t } = useTranslation();
  const had = mine !== null && Number(mine.hashRate) > 0;
  return (
    <Row label={t('networkPayMine')} testId="network-pay-mine">
      {had ? `${hashRateText(mine.hashRate)} TH/s × ${rateText(rate)} = ${mine.btc} BTC` : t('networkPayMineNone')}
    </Row>
  );
}

function PaidDayItem({ paid }: { paid: PaidDay }) {
  const { t } = useTranslation();
  if (paid.output === 'fixed') {
    return (
      <li className="network-pay__day" data-testid="network-pay-day" data-day={paid.day} data-output="fixed">
        <h3 className="network-pay__day-title">{t('networkPayDayFixed', { day: paid.day })}</h3>
        <p className="network-pay__fixed" data-testid="network-pay-fixed">
          {t('networkPayFixedRate', { r: rateText(paid.rate) })}
        </p>
        <dl className="network-pay__rows">
          <MineRow mine={paid.mine} rate={paid.rate} />
        </dl>
      </li>
    );
  }
  const { network } = paid;
  const { low, high } = network.difficulty;
  return (
    <li className="network-pay__day" data-testid="network-pay-day" data-day={paid.day} data-output="network">
      <h3 className="network-pay__day-title">{t('networkPayDayNetwork', { day: paid.day })}</h3>
      <dl className="network-pay__rows">
        <Row label={t('networkPayDifficulty')} testId="network-pay-difficulty">
          {low === high ? low : `${low} – ${high}`}
        </Row>
        <Row label={t('networkPayBlocks')} testId="network-pay-blocks">
          {network.blocks}
        </Row>
        <Row label={t('networkPaySubsidy')} testId="network-pay-subsidy">
          {network.subsidy} BTC
        </Row>
        <Row label={t('networkPayFees')} testId="network-pay-fees">
          {network.fees} BTC
        </Row>
        <Row label={t('networkPayPerTh')} testId="network-pay-per-th">
          {rateText(network.btcPerTh)} BTC
        </Row>
        <Row label={t('networkPayPoolFee')} testId="network-pay-pool-fee">
          {percentOf(paid.poolFee)}%
        </Row>
        <Row label={t('networkPayRate')} testId="network-pay-rate">
          {rateText(paid.rate)} BTC
        </Row>
        <MineRow mine={paid.mine} rate={paid.rate} />
      </dl>
    </li>
  );
}

/** BTC per TH/s a day before the pool fee, each stored network day a bar. */
function RateChart({ days }: { days: NetworkDaySummary[] }) {
  const { t } = useTranslation();
  const laid = rateBars(days, TALL_BOX.plot, NETWORK_DAYS);
  if (!laid) return null;
  return (
    <>
      <h3 className="network-pay__day-title">{t('networkPayChartHeading', { n: NETWORK_DAYS })}</h3>
      <DayBarsFigure
        bars={laid.bars}
        title={t('networkPayChartTitle', { n: NETWORK_DAYS })}
        caption={(bar) => (
          <>
            <span>{bar.day}</span>
            <strong>{rateText(bar.rate)} BTC</strong>
          </>
        )}
        barTitle={(bar) => `${bar.day}: ${rateText(bar.rate)} BTC`}
        scale={{ top: rateText(laid.max) }}
        middleDay
        testId="network-rate-chart"
        barTestId="network-rate-bar"
      />
    </>
  );
}

/**
 * What the network paid: the last settled days, each with the Bitcoin network's figures it was paid
 * from (or the fixed rate it was paid at), the member's own output that day, and a chart of the
 * network's BTC per TH/s. Its texts load with it (i18n.ts, networkPay).
 */
export default function NetworkPayCard() {
  const { t } = useTranslation();
  const network = useNetworkDays(NETWORK_DAYS);
  const output = useDailyOutput(OUTPUT_CHART_DAYS);
  const failed = network.isError || output.isError;
  const source = network.data?.at(-1)?.source;
  return (
    <section className="hash-rate__card network-pay" aria-labelledby="network-pay-title" data-testid="network-pay">
      <h2 id="network-pay-title" className="hash-rate__title">
        {t('networkPayTitle')}
      </h2>
      {failed ? (
        <ErrorState
          message={t('networkPayFailed')}
          onRetry={() => {
            if (network.isError) void network.refetch();
            if (output.isError) void output.refetch();
          }}
          testId="network-pay-error"
        />
      ) : network.data && output.data ? (
        <NetworkPayBody network={network.data} days={paidDays(network.data, output.data)} source={source} />
      ) : (
        <Skeleton.Paragraph lineCount={5} animated data-testid="network-pay-loading" />
      )}
    </section>
  );
}

function NetworkPayBody({
  network,
  days,
  source,
}: {
  network: NetworkDaySummary[];
  days: PaidDay[];
  source: NetworkDaySummary['source'] | undefined;
}) {
  const { t } = useTranslation();
  if (days.length === 0 && network.length === 0) {
    return (
      <p className="hash-rate__note" data-testid="network-pay-empty">
        {t('networkPayEmpty')}
      </p>
    );
  }
  return (
    <>
      <p className="hash-rate__note">{t('networkPayIntro')}</p>
      {source && <NetworkSource source={source} testId="network-pay-source" />}
      {days.length === 0 ? (
        <p className="hash-rate__note" data-testid="network-pay-empty">
          {t('networkPayEmpty')}
        </p>
      ) : (
        <ol className="network-pay__days">
          {days.map((paid) => (
            <PaidDayItem key={paid.day} paid={paid} />
          ))}
        </ol>
      )}
      <RateChart days={network} />
    </>
  );
}
