import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { usePoolPower } from '@/api/get-pool-power';
import { Icon } from '@/components/icons';
import { hashRateText } from '@/lib/hash-rate-text';
import './pool-power-strip.css';

/** The network's live hash rate and what has been burned into the black hole, side by side. */
export function PoolPowerStrip() {
  const { t } = useTranslation();
  const pool = usePoolPower();
  if (pool.isPending) return <Skeleton animated className="pool-strip__skeleton" />;
  if (pool.isError) {
    return (
      <div className="pool-strip pool-strip--failed" role="alert" data-testid="pool-power-error">
        <span>{t('miningPoolLoadFailed')}</span>
        <button
          type="button"
          className="plain-button pool-strip__retry"
          onClick={() => void pool.refetch()}
          data-testid="pool-power-retry"
        >
          {t('retry')}
        </button>
      </div>
    );
  }
  return (
    <dl className="pool-strip" data-testid="pool-power">
      <div className="pool-strip__cell">
        <dt>
          <Icon name="power" size={14} />
          {t('miningPoolPower')}
        </dt>
        <dd>
          <span data-testid="pool-total-hash-rate">{hashRateText(pool.data.totalHashRate)}</span> <small>TH/s</small>
        </dd>
      </div>
      <div className="pool-strip__cell pool-strip__cell--burned">
        <dt>
          <span className="pool-strip__hole" aria-hidden="true" />
          {t('miningBurned')}
        </dt>
        <dd>
          <span data-testid="pool-burned-hash-rate">{hashRateText(pool.data.burnedHashRate)}</span> <small>TH/s</small>
        </dd>
      </div>
    </dl>
  );
}
