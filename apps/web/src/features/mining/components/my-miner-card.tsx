import type { MinerStatus, MyMiner } from '@minecloud/contract/miner';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@/i18n/i18n';
import { formatLocalTime } from '@/lib/format-time';
import { hashRateText } from '@/lib/hash-rate-text';
import { useMoneyText } from '@/lib/money-text';
import './my-miner-card.css';

export const STATUS_NAMES: Record<MinerStatus, MessageKey> = {
  mining: 'minerStatusMining',
  terminated: 'minerStatusTerminated',
};

/** One of the member's miners: its hash rate, status, contract period and what it has earned. */
export function MyMinerCard({ miner }: { miner: MyMiner }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  return (
    <article className="my-miner" data-testid={`my-miner-${miner.id}`}>
      <header className="my-miner__head">
        <img className="my-miner__image" src={miner.image} alt="" width={48} height={48} loading="lazy" />
        <div className="my-miner__title">
          <h3 className="my-miner__name" data-testid="my-miner-name">
            {miner.productName}
          </h3>
          <p className="my-miner__hash">
            <span data-testid="my-miner-hash-rate">{hashRateText(miner.hashRate)}</span> TH/s
          </p>
        </div>
        <span className={`my-miner__status my-miner__status--${miner.status}`} data-testid="my-miner-status">
          {t(STATUS_NAMES[miner.status])}
        </span>
      </header>
      <dl className="my-miner__figures">
        <div>
          <dt>{t('minerStartAt')}</dt>
          <dd>
            <time dateTime={miner.startAt} data-testid="my-miner-start">
              {formatLocalTime(miner.startAt)}
            </time>
          </dd>
        </div>
        <div>
          <dt>{t('minerEndAt')}</dt>
          <dd>
            <time dateTime={miner.endAt} data-testid="my-miner-end">
              {formatLocalTime(miner.endAt)}
            </time>
          </dd>
        </div>
        <div>
          <dt>{t('minerOutput')}</dt>
          <dd data-testid="my-miner-output">{money(miner.outputBtc, 'BTC')} BTC</dd>
        </div>
      </dl>
    </article>
  );
}
