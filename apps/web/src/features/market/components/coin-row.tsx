import type { CoinRow as Coin } from '@minecloud/contract/market';
import type { ReactNode } from 'react';
import { paths } from '@/config/paths';
import { useAppNavigate } from '@/lib/navigation';
import { priceText } from '@/lib/price-text';
import { ChangeBadge } from './change-badge';
import { CoinMark } from './coin-mark';
import './coin-row.css';

type CoinRowProps = {
  coin: Coin;
  /** The line under the coin's ticker: its name, or its 24 h volume. */
  detail: ReactNode;
  /** Drawn between the name and the price (the trend line). */
  middle?: ReactNode;
};

/** One coin in a list: ticker, a detail line, latest price and 24 h change; a tap opens its candlestick chart. */
export function CoinRow({ coin, detail, middle }: CoinRowProps) {
  const { go } = useAppNavigate();
  return (
    <button
      type="button"
      className="plain-button coin-row"
      onClick={() => go(paths.kline.href({ symbol: coin.symbol }))}
      data-testid="coin-row"
      data-symbol={coin.symbol}
    >
      <CoinMark base={coin.base} size={30} />
      <span className="coin-row__name">
        <span className="coin-row__ticker">
          <strong>{coin.base}</strong>
          <small>/USDT</small>
        </span>
        <span className="coin-row__detail">{detail}</span>
      </span>
      {middle}
      <span className="coin-row__price" data-testid="coin-price">
        {priceText(coin.price)}
      </span>
      <ChangeBadge pct={coin.change24hPct} solid />
    </button>
  );
}
