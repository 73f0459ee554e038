import type { CoinDetail } from '@minecloud/contract/market';
import { useTranslation } from 'react-i18next';
import { SimulatedBadge } from '@/components/simulated-badge';
import { formatLocalTime } from '@/lib/format-time';
import { changeDirection, priceText, volumeText } from '@/lib/price-text';
import { ChangeBadge } from './change-badge';
import { CoinMark } from './coin-mark';
import './coin-header.css';

/** The candlestick page's head: the coin, its latest price and 24 h change, high, low and volume. */
export function CoinHeader({ coin }: { coin: CoinDetail }) {
  const { t } = useTranslation();
  return (
    <section className="coin-header" data-testid="coin-header">
      <header className="coin-header__title">
        <CoinMark base={coin.base} size={36} />
        <h2>
          <span data-testid="coin-symbol">{coin.base}</span>
          <small>/USDT</small>
          <span className="coin-header__name">{coin.name}</span>
        </h2>
        <SimulatedBadge source={coin.source} />
      </header>
      <div className="coin-header__quote">
        <strong
          className="coin-header__price"
          data-direction={changeDirection(coin.change24hPct) ?? 'none'}
          data-testid="coin-price"
        >
          {priceText(coin.price)}
        </strong>
        <ChangeBadge pct={coin.change24hPct} />
      </div>
      <dl className="coin-header__figures">
        <div>
          <dt>{t('marketHigh24h')}</dt>
          <dd data-testid="coin-high">{priceText(coin.high24h)}</dd>
        </div>
        <div>
          <dt>{t('marketLow24h')}</dt>
          <dd data-testid="coin-low">{priceText(coin.low24h)}</dd>
        </div>
        <div>
          <dt>{t('marketVolume24h', { coin: coin.base })}</dt>
          <dd data-testid="coin-volume">{volumeText(coin.volume24h)}</dd>
        </div>
        <div>
          <dt>{t('marketQuoteVolume24h')}</dt>
          <dd data-testid="coin-quote-volume">{volumeText(coin.quoteVolume24h)}</dd>
        </div>
      </dl>
      {coin.asOf && (
        <p className="coin-header__as-of" data-testid="coin-as-of">
          {t('marketAsOf', { time: formatLocalTime(coin.asOf) })}
        </p>
      )}
    </section>
  );
}
