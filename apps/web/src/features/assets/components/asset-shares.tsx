import { ASSETS, type Asset, formatAmount } from '@minecloud/contract/amount';
import { useTranslation } from 'react-i18next';
import { formatLocalTime } from '@/lib/format-time';
import { useMoneyText } from '@/lib/money-text';
import { priceText } from '@/lib/price-text';
import type { Portfolio } from '../lib/portfolio';
import { useAssetName } from './use-asset-name';
import './asset-shares.css';

const COLORS: Record<Asset, string> = { GOLD: '#f5c451', USDT: '#26a17b', BTC: '#f7931a' };
/** A circle of circumference 100, so each arc's length is its share in percent. */
const RADIUS = 100 / (2 * Math.PI);

export type PricesShown = {
  goldPerUsdt: string;
  btcUsdt: string | null;
  /** When the BTC price was reported, and whether the feed is simulated. */
  asOf: string | null;
  simulated: boolean;
};

/**
 * The member's balances valued in USDT: the total, a donut of each asset's share, and the prices
 * used, with when. Drawn as plain SVG: a chart library would weigh more than the page.
 * `prices` null: they are still on their way. The section then keeps its full size (every row, the
 * ring, a line for the prices) with dashes for the figures, so that nothing below it moves when they
 * come (the page's layout shift budget,
 * docs/architecture.md, "Fast on a mid-range phone").
 */
export function AssetShares({ portfolio, prices }: { portfolio: Portfolio | null; prices: PricesShown | null }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const assetName = useAssetName();
  const total = portfolio ? money(formatAmount(portfolio.totalUsdtUnits, 'USDT')) : '--';
  // Without a portfolio (prices on their way, or BTC held with no price yet), each asset's row is there
  // with dashes: the legend keeps its height.
  const rows = portfolio?.rows ?? ASSETS.map((asset) => ({ asset, usdtUnits: null, share: null, fraction: 0 }));
  let start = 0;
  return (
    <section
      className="asset-shares"
      aria-labelledby="asset-shares-title"
      aria-busy={prices === null}
      data-testid="asset-shares"
    >
      <h2 id="asset-shares-title" className="asset-shares__title">
        {t('assetsTotalValue', { usdt: 'USDT' })}
      </h2>
      <p className="asset-shares__total">
        <span data-testid="assets-total-usdt">{total}</span> <small>USDT</small>
      </p>
      <div className="asset-shares__body">
        <svg className="asset-shares__donut" viewBox="0 0 42 42" role="img" aria-labelledby="asset-shares-title">
          <title>{t('assetsTotalValue', { usdt: 'USDT' })}</title>
          <circle className="asset-shares__ring" cx={21} cy={21} r={RADIUS} />
          {rows.map((row) => {
            const length = row.fraction * 100;
            // Arcs start at 12 o'clock and go clockwise.
            const offset = 25 - start;
            start += length;
            return length > 0 ? (
              <circle
                key={row.asset}
                cx={21}
                cy={21}
                r={RADIUS}
                fill="none"
                stroke={COLORS[row.asset]}
                strokeWidth={6}
                strokeDasharray={`${length} ${100 - length}`}
                strokeDashoffset={offset}
                data-testid={`asset-share-arc-${row.asset}`}
              />
            ) : null;
          })}
        </svg>
        <ul className="asset-shares__legend">
          {rows.map((row) => (
            <li key={row.asset} data-testid={`asset-share-${row.asset}`}>
              <i style={{ background: COLORS[row.asset] }} aria-hidden="true" />
              <span className="asset-shares__name">{assetName(row.asset)}</span>
              <span className="asset-shares__value">
                {row.usdtUnits === null ? '--' : money(formatAmount(row.usdtUnits, 'USDT'))}
              </span>
              <strong className="asset-shares__pct">{row.share === null ? '--' : `${row.share}%`}</strong>
            </li>
          ))}
        </ul>
      </div>
      <p className="asset-shares__prices" data-testid="assets-prices-used">
        {prices === null
          ? t('assetsPricesLoading')
          : prices.btcUsdt
            ? t('assetsPricesUsed', { btc: priceText(prices.btcUsdt), gold: prices.goldPerUsdt, usdt: 'USDT' })
            : t('assetsPricesNoBtc', { gold: prices.goldPerUsdt, usdt: 'USDT' })}
        {prices?.asOf && ` ${t('marketAsOf', { time: formatLocalTime(prices.asOf) })}`}
        {prices?.simulated && ` · ${t('marketSimulated')}`}
      </p>
    </section>
  );
}
