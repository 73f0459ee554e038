import { percentOf } from '@minecloud/contract/decimal';
import { Skeleton } from 'antd-mobile';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NETWORK_DAYS, useNetworkDays } from '@/api/get-network-days';
import { ErrorState } from '@/components/error-state';
import { NetworkSource } from '@/components/network-source';
import { hashRateText } from '@/lib/hash-rate-text';
import { rateText } from '@/lib/rate-text';
import { useIsLoggedIn } from '@/lib/session';
import { useDayOutputs } from '../api/get-day-outputs';
import { type NetworkDayAnswer, useNetworkDay } from '../api/get-network-day';
import { checkNetworkDay, satsText } from '../lib/network-day-check';
import './network-day-check.css';

function Verdict({ ok, testId, children }: { ok: boolean; testId: string; children: ReactNode }) {
  return (
    <p className={`network-check__verdict ${ok ? 'is-match' : 'is-mismatch'}`} data-testid={testId} data-match={ok}>
      {ok ? '✓ ' : '✗ '}
      {children}
    </p>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="network-check__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** The picked day recomputed from its blocks, with the member's own output when signed in. */
function DayCheck({ day }: { day: NetworkDayAnswer }) {
  const { t } = useTranslation();
  const isLoggedIn = useIsLoggedIn();
  const outputs = useDayOutputs();
  const mine = outputs.data?.find((output) => output.day === day.day);
  const check = useMemo(() => checkNetworkDay(day, mine), [day, mine]);
  if (!check) {
    return (
      <p className="transparency__empty" data-testid="network-check-none">
        {t('transparencyNetworkNone')}
      </p>
    );
  }
  return (
    <div className="network-check__result" data-testid="network-check-result">
      <NetworkSource source={day.source} testId="network-check-source" />
      <dl className="network-check__rows">
        <Row label={t('transparencyNetworkBlocks')} testId="network-check-blocks">
          {t('transparencyNetworkHeights', { n: check.blocks, first: day.firstHeight, last: day.lastHeight })}
        </Row>
        <Row label={t('transparencyNetworkPaid')} testId="network-check-paid">
          {satsText(check.subsidy)} + {satsText(check.fees)} = {satsText(check.subsidy + check.fees)} BTC
        </Row>
        <Row label={t('transparencyNetworkWork')} testId="network-check-work">
          {String(check.work)}
        </Row>
      </dl>
      <p className="transparency__note" data-testid="network-check-chainwork">
        {t(day.source === 'simulated' ? 'transparencyNetworkChainworkSimulated' : 'transparencyNetworkChainwork', {
          last: day.lastHeight,
          before: day.firstHeight - 1,
          hex: `0x${check.work.toString(16)}`,
        })}
      </p>
      {!(check.workMatches && check.grossMatches) && (
        <Verdict ok={false} testId="network-check-totals">
          {t('transparencyNetworkTotalsMismatch')}
        </Verdict>
      )}
      <dl className="network-check__rows">
        <Row label={t('transparencyNetworkGross')} testId="network-check-gross">
          {rateText(check.grossRate)} BTC
        </Row>
        <Row label={t('transparencyNetworkPoolFee')} testId="network-check-pool-fee">
          {percentOf(check.poolFee)}%
        </Row>
        <Row label={t('transparencyNetworkRecomputed')} testId="network-check-rate">
          {rateText(check.rate)} BTC
        </Row>
        <Row label={t('transparencyNetworkPaidRate')} testId="network-check-paid-rate">
          {rateText(check.paidRate)} BTC
        </Row>
      </dl>
      <Verdict ok={check.rateMatches} testId="network-check-verdict">
        {t(check.rateMatches ? 'transparencyNetworkMatch' : 'transparencyNetworkMismatch')}
      </Verdict>
      <h4 className="transparency__subtitle">{t('transparencyNetworkMine')}</h4>
      {!isLoggedIn ? (
        <p className="transparency__note" data-testid="network-check-sign-in">
          {t('transparencyNetworkMineSignIn')}
        </p>
      ) : outputs.isPending ? (
        <Skeleton.Paragraph lineCount={2} animated />
      ) : outputs.isError ? (
        <ErrorState
          message={t('transparencyNetworkMineFailed')}
          onRetry={() => void outputs.refetch()}
          testId="network-check-mine-error"
        />
      ) : check.member ? (
        <>
          <p className="network-check__mine" data-testid="network-check-mine">
            {hashRateText(check.member.hashRate)} TH/s × {rateText(check.rate)} = {check.member.expected} BTC
          </p>
          <Verdict ok={check.member.matches} testId="network-check-mine-verdict">
            {check.member.matches
              ? t('transparencyNetworkMineMatch', { b: check.member.credited })
              : t('transparencyNetworkMineMismatch', { b: check.member.credited })}
          </Verdict>
        </>
      ) : (
        <p className="transparency__note" data-testid="network-check-mine-none">
          {t('transparencyNetworkMineNone')}
        </p>
      )}
    </div>
  );
}

function PickedDay({ day }: { day: string }) {
  const { t } = useTranslation();
  const answer = useNetworkDay(day);
  if (answer.isPending) return <Skeleton.Paragraph lineCount={5} animated data-testid="network-check-loading" />;
  if (answer.isError) {
    return (
      <ErrorState
        message={t('transparencyNetworkDayFailed')}
        onRetry={() => void answer.refetch()}
        testId="network-check-day-error"
      />
    );
  }
  return <DayCheck day={answer.data} />;
}

/**
 * Check a day's mining output: a day paid from the network, its blocks fetched and its rate
 * recomputed in the browser with the contract's `networkDayRate`, the same code the server settles
 * with; for a member, their credited output too; and the command that does the same outside the browser.
 */
export default function NetworkDayCheck() {
  const { t } = useTranslation();
  const days = useNetworkDays(NETWORK_DAYS);
  const paid = (days.data ?? []).filter((day) => day.settled?.output === 'network').reverse();
  const [picked, setPicked] = useState<string | null>(null);
  const day = picked ?? paid[0]?.day ?? null;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  // A simulated day has no node to ask: its command line leaves --rpc out.
  const simulated = paid.find((item) => item.day === day)?.source === 'simulated';
  return (
    <div className="network-check" data-testid="network-check">
      <p className="transparency__note">{t('transparencyNetworkIntro')}</p>
      {days.isPending ? (
        <Skeleton.Paragraph lineCount={3} animated />
      ) : days.isError ? (
        <ErrorState
          message={t('transparencyNetworkFailed')}
          onRetry={() => void days.refetch()}
          testId="network-check-error"
        />
      ) : day === null ? (
        <p className="transparency__empty" data-testid="network-check-empty">
          {t('transparencyNetworkEmpty')}
        </p>
      ) : (
        <>
          <label className="network-check__pick">
            <span>{t('transparencyNetworkDay')}</span>
            <select value={day} onChange={(event) => setPicked(event.target.value)} data-testid="network-check-day">
              {paid.map((item) => (
                <option key={item.day} value={item.day}>
                  {item.day}
                </option>
              ))}
            </select>
          </label>
          <PickedDay day={day} />
          <p className="transparency__note">
            {t(simulated ? 'transparencyNetworkCliSimulated' : 'transparencyNetworkCli')}
          </p>
          <pre className="network-check__cli" data-testid="network-check-cli">
            {`npm run network:verify -- --day ${day} --server ${origin}${simulated ? '' : ' [--rpc http://user:pass@host:8332/]'}`}
          </pre>
        </>
      )}
    </div>
  );
}
