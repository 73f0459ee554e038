import type { Candle, Round, RoundResult } from '@minecloud/contract/market';
import type { RoundCandles } from '@minecloud/contract/transparency';
import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { paths } from '@/config/paths';
import type { MessageKey } from '@/i18n/i18n';
import { useAppNavigate } from '@/lib/navigation';
import { groupThousands, NO_FIGURE } from '@/lib/price-text';
import { useRoundCandles } from '../api/get-round-candles';
import { type RoundVerdict, recomputeForDisplay } from '../lib/round-recompute';
import { minuteOf, roundSpan } from '../lib/round-time';
import { RoundResultBadge } from './round-result-badge';
import './round-check.css';

const VERDICTS: Record<RoundVerdict, { title: MessageKey; detail: MessageKey; tone: 'ok' | 'bad' | 'neutral' }> = {
  match: { title: 'verifyRoundMatch', detail: 'verifyRoundMatchDetail', tone: 'ok' },
  openMismatch: { title: 'verifyRoundOpenMismatch', detail: 'verifyRoundMismatchDetail', tone: 'bad' },
  closeMismatch: { title: 'verifyRoundCloseMismatch', detail: 'verifyRoundMismatchDetail', tone: 'bad' },
  resultMismatch: { title: 'verifyRoundResultMismatch', detail: 'verifyRoundMismatchDetail', tone: 'bad' },
  missingCandles: { title: 'verifyRoundMissing', detail: 'verifyRoundMissingDetail', tone: 'neutral' },
  notKept: { title: 'verifyRoundNotKept', detail: 'verifyRoundNotKeptDetail', tone: 'neutral' },
  pending: { title: 'verifyRoundPending', detail: 'verifyRoundPendingDetail', tone: 'neutral' },
};
const TONE_MARK = { ok: '✓', bad: '✕', neutral: 'i' } as const;

/** A price exactly as the source gave it (thousands grouped, nothing cut), so it can be compared digit by digit. */
const exactPrice = (value: string | null) => (value === null ? NO_FIGURE : groupThousands(value));

type CompareRowProps = { label: string; shown: ReactNode; value: ReactNode; same: boolean | null; testId: string };

function CompareRow({ label, shown, value, same, testId }: CompareRowProps) {
  const { t } = useTranslation();
  return (
    <tr data-testid={testId} data-same={same === null ? 'unknown' : String(same)}>
      <th scope="row">{label}</th>
      <td data-testid={`${testId}-shown`}>{shown}</td>
      <td data-testid={`${testId}-recomputed`}>{value}</td>
      <td className="round-check__mark">
        {same !== null && (same ? `✓ ${t('verifyRoundSame')}` : `✕ ${t('verifyRoundDiffers')}`)}
      </td>
    </tr>
  );
}

const resultBadge = (result: RoundResult | null) => (result ? <RoundResultBadge result={result} /> : NO_FIGURE);

type CandleTableProps = { candles: Candle[]; first: Candle | null; last: Candle | null };

function CandleTable({ candles, first, last }: CandleTableProps) {
  const { t } = useTranslation();
  if (candles.length === 0) {
    return (
      <p className="round-check__empty" data-testid="round-check-no-candles">
        {t('verifyRoundNoCandles')}
      </p>
    );
  }
  return (
    <table className="round-check__candles" data-testid="round-check-candles">
      <thead>
        <tr>
          <th scope="col">{t('verifyRoundColTime')}</th>
          <th scope="col">{t('verifyRoundColOpen')}</th>
          <th scope="col">{t('verifyRoundColHigh')}</th>
          <th scope="col">{t('verifyRoundColLow')}</th>
          <th scope="col">{t('verifyRoundColClose')}</th>
        </tr>
      </thead>
      <tbody>
        {candles.map((candle) => (
          <tr key={candle.time} data-testid="round-check-candle">
            <th scope="row">{minuteOf(candle.time)}</th>
            <td className={candle === first ? 'is-used' : undefined}>{exactPrice(candle.open)}</td>
            <td>{exactPrice(candle.high)}</td>
            <td>{exactPrice(candle.low)}</td>
            <td className={candle === last ? 'is-used' : undefined}>{exactPrice(candle.close)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RoundCheckAnswer({ answer }: { answer: RoundCandles }) {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  const { round } = answer;
  const display = recomputeForDisplay(answer);
  const verdict = VERDICTS[display.verdict];
  const time = roundSpan(round.startAt, round.endAt);
  const { open, close, result } = display.figures;
  return (
    <div className="round-check" data-testid="round-check">
      <p className="round-check__meta">
        <span>{round.symbol}</span>
        {time && <span>{`${time.day} ${time.span}`}</span>}
      </p>
      <section
        className="round-check__verdict"
        data-tone={verdict.tone}
        data-verdict={display.verdict}
        role="status"
        data-testid="round-check-verdict"
      >
        <span className="round-check__verdict-mark" aria-hidden="true">
          {TONE_MARK[verdict.tone]}
        </span>
        <div>
          <strong data-testid="round-check-verdict-title">{t(verdict.title)}</strong>
          <p>{t(verdict.detail)}</p>
        </div>
      </section>
      <table className="round-check__compare" data-testid="round-check-compare">
        <thead>
          <tr>
            <td />
            <th scope="col">{t('verifyRoundShown')}</th>
            <th scope="col">{t('verifyRoundRecomputed')}</th>
            <td />
          </tr>
        </thead>
        <tbody>
          <CompareRow
            label={t('roundsOpenPrice')}
            shown={exactPrice(round.openPrice)}
            value={exactPrice(open.value)}
            same={open.same}
            testId="round-check-open"
          />
          <CompareRow
            label={t('roundsClosePrice')}
            shown={exactPrice(round.closePrice)}
            value={exactPrice(close.value)}
            same={close.same}
            testId="round-check-close"
          />
          <CompareRow
            label={t('verifyRoundResult')}
            shown={resultBadge(round.result)}
            value={resultBadge(result.value)}
            same={result.same}
            testId="round-check-result"
          />
        </tbody>
      </table>
      {answer.kept && (
        <section className="round-check__section" aria-labelledby="round-check-candles-title">
          <h3 id="round-check-candles-title" className="round-check__heading">
            {t('verifyRoundCandles')}
          </h3>
          <CandleTable candles={answer.candles} first={display.first} last={display.last} />
          {answer.candles.length > 0 && <p className="round-check__hint">{t('verifyRoundCandlesHint')}</p>}
        </section>
      )}
      {answer.source && (
        <dl className="round-check__source">
          <dt>{t('verifyRoundSource')}</dt>
          <dd data-source={answer.source} data-testid="round-check-source">
            {t(answer.source === 'simulated' ? 'verifyRoundSourceSimulated' : 'verifyRoundSourceExchange')}
          </dd>
        </dl>
      )}
      <p className="round-check__hint">{t('verifyRoundHow')}</p>
      <button
        type="button"
        className="plain-button round-check__link"
        onClick={() => go(paths.transparency.href({ section: 'totals' }))}
        data-testid="round-check-transparency"
      >
        <span className="round-check__link-name">{t('verifyRoundTransparency')}</span>
        <span className="round-check__link-hint">{t('verifyRoundTransparencyHint')}</span>
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}

/** Fetches a round's candles and recomputes its result in the browser, saying whether it matches what the history shows. */
export function RoundCheck({ round }: { round: Pick<Round, 'period' | 'periodNo'> }) {
  const { t } = useTranslation();
  const candles = useRoundCandles(round);
  if (candles.data) return <RoundCheckAnswer answer={candles.data} />;
  if (candles.isPending || candles.isFetching) {
    return (
      <div className="round-check" data-testid="round-check-loading">
        <Skeleton animated className="round-check__skeleton" />
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  }
  return (
    <ErrorState
      message={t('verifyRoundLoadFailed')}
      onRetry={() => void candles.refetch()}
      testId="round-check-error"
    />
  );
}
