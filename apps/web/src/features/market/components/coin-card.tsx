import type { CoinRow } from '@minecloud/contract/market';
import { paths } from '@/config/paths';
import { useAppNavigate } from '@/lib/navigation';
import { changeDirection, priceText } from '@/lib/price-text';
import { ChangeBadge } from './change-badge';
import { CoinMark } from './coin-mark';
import './coin-card.css';

/** A public chain's coin in the chain zone: latest price and 24 h change; a tap opens its candlestick chart. */
export function CoinCard({ coin }: { coin: CoinRow }) {
  const { go } = useAppNavigate();
  return (
    <button
      type="button"
      className="plain-button coin-card"
      data-direction={changeDirection(coin.change24hPct) ?? 'none'}
      onClick={() => go(paths.kline.href({ symbol: coin.symbol }))}
      data-testid="coin-card"
      data-symbol={coin.symbol}
    >
      <span className="coin-card__head">
        <CoinMark base={coin.base} size={28} />
        <span className="coin-card__name">
          <strong>{coin.base}</strong>
          <small>{coin.name}</small>
        </span>
      </span>
      <span className="coin-card__price" data-testid="coin-price">
        {priceText(coin.price)}
      </span>
      <ChangeBadge pct={coin.change24hPct} />
    </button>
  );
}
