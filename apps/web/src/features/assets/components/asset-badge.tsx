import type { Asset } from '@minecloud/contract/amount';
import './asset-card.css';

// Plain letters: the ₿ sign is missing from many phone fonts.
const SYMBOLS: Record<Asset, string> = { GOLD: 'G', USDT: 'T', BTC: 'B' };

/** A round coin mark in the asset's colour. */
export function AssetBadge({ asset }: { asset: Asset }) {
  return (
    <span className={`asset-badge asset-badge--${asset.toLowerCase()}`} aria-hidden="true">
      {SYMBOLS[asset]}
    </span>
  );
}
