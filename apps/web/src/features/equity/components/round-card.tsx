import type { EquityRound } from '@minecloud/contract/equity';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/locale';
import { isSoldOut, minimumShares, soldPercent, soldShares, usdtFull } from '../lib/shares';
import './round-card.css';

/** The open round: what a share costs and yields, for how long, and how much of the round is sold. */
export function RoundCard({ round }: { round: EquityRound }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const soldOut = isSoldOut(round);
  const percent = soldPercent(round);
  return (
    <section className="equity-round" aria-labelledby="equity-round-title" data-testid="equity-round">
      <header className="equity-round__head">
        <h2 id="equity-round-title" className="equity-round__title">
          {t('equityRoundTitle')}
        </h2>
        <span
          className={`equity-round__badge${soldOut ? ' is-sold-out' : ''}`}
          data-testid={soldOut ? 'equity-sold-out' : 'equity-open'}
        >
          {t(soldOut ? 'equitySoldOut' : 'equityRoundOpen')}
        </span>
      </header>
      <div className="equity-round__hero">
        <div>
          <p className="equity-round__label">{t('equityAnnualYield')}</p>
          <p className="equity-round__yield" data-testid="equity-yield">
            {round.annualYieldPct}
            <small>%</small>
          </p>
        </div>
        <div>
          <p className="equity-round__label">{t('equityPricePerShare')}</p>
          <p className="equity-round__price">
            <span data-testid="equity-price">{usdtFull(round.pricePerShare, locale)}</span> <small>U</small>
          </p>
        </div>
      </div>
      <dl className="equity-round__figures">
        <div>
          <dt>{t('equityTerm')}</dt>
          <dd data-testid="equity-term">{t('equityDays', { count: round.termDays })}</dd>
        </div>
        <div>
          <dt>{t('equityMinQuantity')}</dt>
          <dd data-testid="equity-min">{t('equityShares', { count: minimumShares(round) })}</dd>
        </div>
        <div>
          <dt>{t('equityBtcShare')}</dt>
          <dd data-testid="equity-btc-share">{round.btcSharePct}%</dd>
        </div>
      </dl>
      <div className="equity-round__progress">
        <p className="equity-round__row">
          <span>{t('equitySold')}</span>
          <span data-testid="equity-sold">
            {soldShares(round)} / {t('equityShares', { count: round.totalShares })}
          </span>
        </p>
        <div
          className="equity-round__bar"
          role="progressbar"
          aria-label={t('equitySold')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent.value}
          aria-valuetext={`${percent.text}%`}
          data-testid="equity-progress"
        >
          <span style={{ width: `${percent.value}%` }} />
        </div>
        <p className="equity-round__row">
          <span className="equity-round__percent" data-testid="equity-sold-percent">
            {percent.text}%
          </span>
          <span>
            {t('equityRemaining')}{' '}
            <strong data-testid="equity-remaining">{t('equityShares', { count: round.sharesRemaining })}</strong>
          </span>
        </p>
      </div>
    </section>
  );
}
