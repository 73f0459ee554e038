import type { MinerProduct } from '@minecloud/contract/miner';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { hashRateText } from '@/lib/hash-rate-text';
import { useMoneyText } from '@/lib/money-text';
import { isSoldOut, minimumOf } from '../lib/purchase';
import './miner-product-card.css';

/**
 * The estimate, labelled by its basis: the fixed rate as it is; in the network mode the last settled
 * network day's rate, named by its day, and before any such day no figure (the API's 0 is no estimate).
 */
function DailyOutput({ product }: { product: MinerProduct }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const { output, day } = product.dailyOutputBasis;
  if (output === 'network' && day === null) return <>{t('minerDailyOutputNone')}</>;
  return (
    <>
      {money(product.dailyOutputBtc, 'BTC')} BTC
      {output === 'network' && (
        <small className="miner-card__basis" data-testid="miner-product-output-basis">
          {t('minerDailyOutputNetwork', { d: day })}
        </small>
      )}
    </>
  );
}

type MinerProductCardProps = { product: MinerProduct; onBuy: (product: MinerProduct) => void };

/** One miner on sale: what it gives, what it costs, how long it runs, what is left. */
export function MinerProductCard({ product, onBuy }: MinerProductCardProps) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const soldOut = isSoldOut(product);
  const titleId = `miner-product-${product.id}-name`;
  return (
    <article
      className={`miner-card${soldOut ? ' is-sold-out' : ''}`}
      aria-labelledby={titleId}
      data-testid={`miner-product-${product.id}`}
    >
      <header className="miner-card__head">
        <img className="miner-card__image" src={product.image} alt="" width={64} height={64} loading="lazy" />
        <div className="miner-card__title">
          <h3 id={titleId} className="miner-card__name">
            {product.name}
          </h3>
          <p className="miner-card__hash">
            <span data-testid="miner-product-hash-rate">{hashRateText(product.hashRate)}</span> <small>TH/s</small>
          </p>
        </div>
        {soldOut && (
          <span className="miner-card__badge" data-testid="miner-product-sold-out">
            {t('minerSoldOut')}
          </span>
        )}
      </header>
      <dl className="miner-card__figures">
        <div>
          <dt>{t('minerPrice')}</dt>
          <dd data-testid="miner-product-price">{money(product.price)} U</dd>
        </div>
        <div>
          <dt>{t('minerDuration')}</dt>
          <dd data-testid="miner-product-days">{t('minerDays', { count: product.durationDays })}</dd>
        </div>
        <div>
          <dt>{t('minerStock')}</dt>
          <dd data-testid="miner-product-stock">{t('minerUnits', { count: product.stock })}</dd>
        </div>
        <div>
          <dt>{t('minerDailyOutput')}</dt>
          <dd data-testid="miner-product-daily-output" data-basis={product.dailyOutputBasis.output}>
            <DailyOutput product={product} />
          </dd>
        </div>
      </dl>
      <footer className="miner-card__foot">
        <span className="miner-card__minimum">{t('minerMinimum', { n: minimumOf(product) })}</span>
        <Button
          color="primary"
          size="small"
          shape="rounded"
          disabled={soldOut}
          onClick={() => onBuy(product)}
          data-testid={`miner-buy-${product.id}`}
        >
          {soldOut ? t('minerSoldOut') : t('minerBuy')}
        </Button>
      </footer>
    </article>
  );
}
