import type { PoolRound } from '@minecloud/contract/team';
import { checkPoolRound, type PoolCheck } from '@minecloud/contract/transparency';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useLocale } from '@/lib/locale';
import { groupDecimal } from '@/lib/money-text';
import { useAppNavigate } from '@/lib/navigation';
import { goldText, payoutSum, placeShares, transferProblems } from '../lib/pool-check';
import './pool-round-check.css';

type CheckName = Exclude<keyof PoolCheck, 'ok'>;
const CHECKS: CheckName[] = [
  'poolAddsUp',
  'weightsFollowed',
  'payoutsMatchWeights',
  'paidAddsUp',
  'poolAccountedFor',
  'transfersNamed',
];
const TEST_IDS: Record<CheckName, string> = {
  poolAddsUp: 'pool-check-pool',
  weightsFollowed: 'pool-check-weights-followed',
  payoutsMatchWeights: 'pool-check-weights',
  paidAddsUp: 'pool-check-paid',
  poolAccountedFor: 'pool-check-accounted',
  transfersNamed: 'pool-check-transfers',
};

function CheckPanel({ round, check }: { round: PoolRound; check: PoolCheck }) {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  const locale = useLocale();
  // Exact figures, grouped for reading (every decimal kept).
  const gold = (text: string) => groupDecimal(goldText(text), locale);
  const exact = (text: string | null) => (text === null ? '--' : groupDecimal(text, locale));
  const shares = placeShares(round);
  const problems = transferProblems(round);
  const figures = {
    pool: gold(round.pool),
    rolloverIn: gold(round.rolloverIn),
    funded: gold(round.funded),
    paid: gold(round.paid),
    rounding: gold(round.rounding),
    rolloverOut: gold(round.rolloverOut),
  };
  const items: Record<CheckName, { text: string; details?: ReactNode }> = {
    poolAddsUp: { text: t('verifyPoolCheckPool', figures) },
    weightsFollowed: { text: t('verifyPoolCheckWeightsFollowed') },
    payoutsMatchWeights: {
      text: t('verifyPoolCheckWeights'),
      details: shares.length > 0 && (
        <ul className="pool-check__details">
          {shares.map((share) => (
            <li key={share.rank} data-same={share.same} data-testid={`pool-check-place-${share.rank}`}>
              {t('verifyPoolPlaceShare', {
                rank: share.rank,
                pct: share.weightPct,
                expected: exact(share.expected),
                paid: exact(share.paid),
              })}
            </li>
          ))}
        </ul>
      ),
    },
    paidAddsUp: { text: t('verifyPoolCheckPaid', { sum: exact(payoutSum(round)), paid: figures.paid }) },
    poolAccountedFor: { text: t('verifyPoolCheckAccounted', figures) },
    transfersNamed: {
      text: t('verifyPoolCheckTransfers'),
      details: problems.length > 0 && (
        <ul className="pool-check__details">
          {problems.map((problem) => (
            <li key={problem.rank} data-same="false">
              {t(problem.kind === 'missing' ? 'verifyPoolMissingTransfer' : 'verifyPoolUnexpectedTransfer', {
                rank: problem.rank,
              })}
            </li>
          ))}
        </ul>
      ),
    },
  };
  return (
    <>
      <dl className="pool-check__weights">
        <dt>{t('verifyPoolWeightsInForce')}</dt>
        <dd data-testid="pool-check-weights-in-force">
          {round.weights.length > 0 ? round.weights.map((weight) => `${weight}%`).join(' · ') : '--'}
        </dd>
      </dl>
      <p className="pool-check__intro">{t('verifyPoolIntro')}</p>
      <ol className="pool-check__list">
        {CHECKS.map((name) => (
          <li key={name} className="pool-check__item" data-passed={check[name]} data-testid={TEST_IDS[name]}>
            <span className="pool-check__mark" aria-hidden="true">
              {check[name] ? '✓' : '✕'}
            </span>
            <div className="pool-check__body">
              <p>{items[name].text}</p>
              {items[name].details}
            </div>
            <span className="pool-check__status" data-testid="pool-check-status">
              {t(check[name] ? 'verifyPoolPassed' : 'verifyPoolFailed')}
            </span>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="plain-button pool-check__link"
        onClick={() => go(paths.transparency.href({ section: 'totals' }))}
        data-testid="pool-check-transparency"
      >
        <span className="pool-check__link-name">{t('verifyPoolTransparency')}</span>
        <span className="pool-check__link-hint">{t('verifyPoolTransparencyHint')}</span>
        <span aria-hidden="true">›</span>
      </button>
    </>
  );
}

/**
 * 核对: a closed round's payouts recomputed in the browser with the contract's `checkPoolRound`.
 * The verdict shows on the folded row; each check, with its figures, once it is opened.
 */
export function PoolRoundCheck({ round }: { round: PoolRound }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const check = checkPoolRound(round);
  const failed = CHECKS.filter((name) => !check[name]).length;
  const panelId = `pool-check-${round.day}`;
  return (
    <section className="pool-check" data-ok={check.ok} data-testid="pool-check">
      <button
        type="button"
        className="plain-button pool-check__toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((previous) => !previous)}
        data-testid="pool-check-toggle"
      >
        <span className="pool-check__toggle-name">{t('verifyPoolToggle')}</span>
        <span className="pool-check__verdict" data-testid="pool-check-verdict">
          {check.ok ? `✓ ${t('verifyPoolAllPassed')}` : `✕ ${t('verifyPoolSomeFailed', { n: failed })}`}
        </span>
        <span className="pool-check__chevron" aria-hidden="true">
          ›
        </span>
      </button>
      {open && (
        <div id={panelId} className="pool-check__panel" data-testid="pool-check-panel">
          <CheckPanel round={round} check={check} />
        </div>
      )}
    </section>
  );
}
