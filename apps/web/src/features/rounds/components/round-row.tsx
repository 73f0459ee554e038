import type { Round } from '@minecloud/contract/market';
import { useTranslation } from 'react-i18next';
import { priceText } from '@/lib/price-text';
import { roundSpan } from '../lib/round-time';
import { RoundResultBadge } from './round-result-badge';
import './round-row.css';

type RoundRowProps = {
  round: Round;
  /** Tapping the row opens the check of its result against its candles. */
  onCheck: (round: Round) => void;
};

/** One settled (or pending) round: its number, time, symbol, open and close price, and the result they give. */
export function RoundRow({ round, onCheck }: RoundRowProps) {
  const { t } = useTranslation();
  const time = roundSpan(round.startAt, round.endAt);
  return (
    <article className="round-row" data-testid="round-row" data-result={round.result}>
      <header className="round-row__head">
        <span className="round-row__period" data-testid="round-period-no">
          {t('roundsPeriodNo', { n: round.periodNo })}
        </span>
        <span className="round-row__symbol">{round.symbol}</span>
        <RoundResultBadge result={round.result} />
        {/* Its hit area covers the whole row (::after), so the row reads as one button. */}
        <button
          type="button"
          className="plain-button round-row__check"
          onClick={() => onCheck(round)}
          aria-haspopup="dialog"
          aria-label={t('verifyRoundOpenSheet', { n: round.periodNo })}
          data-testid="round-check"
        >
          <span aria-hidden="true">{t('verifyRoundAction')} ›</span>
        </button>
      </header>
      {time && (
        <p className="round-row__time" data-testid="round-time">
          <span>{time.day}</span>
          <span>{time.span}</span>
        </p>
      )}
      <dl className="round-row__prices">
        <div>
          <dt>{t('roundsOpenPrice')}</dt>
          <dd data-testid="round-open">{priceText(round.openPrice)}</dd>
        </div>
        <div>
          <dt>{t('roundsClosePrice')}</dt>
          <dd data-testid="round-close">{priceText(round.closePrice)}</dd>
        </div>
      </dl>
      {round.result === 'pending' && (
        <p className="round-row__pending" data-testid="round-pending-note">
          {t('roundsPendingNote')}
        </p>
      )}
    </article>
  );
}
