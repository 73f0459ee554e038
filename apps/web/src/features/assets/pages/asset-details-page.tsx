import { ASSETS, type Asset, isAsset, shownParts } from '@minecloud/contract/amount';
import { RECORD_KINDS_BY_ASSET } from '@minecloud/contract/kinds';
import { Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useBalances } from '@/api/get-balances';
import { ErrorState } from '@/components/error-state';
import { PagedList } from '@/components/paged-list';
import { useMoneyText } from '@/lib/money-text';
import { useAssetRecords } from '../api/get-asset-records';
import { AssetBadge } from '../components/asset-badge';
import { RecordItem } from '../components/record-item';
import { useAssetName } from '../components/use-asset-name';
import { WithdrawActions } from '../components/withdraw-actions';
import { kindFilterName, type RecordKind } from '../lib/record-kinds';
import './asset-details-page.css';

function BalanceHeader({ asset }: { asset: Asset }) {
  const { t } = useTranslation();
  const assetName = useAssetName();
  const balances = useBalances();
  const money = useMoneyText();
  if (balances.isPending) {
    return <Skeleton animated className="asset-details__header-skeleton" />;
  }
  if (balances.isError) {
    return (
      <ErrorState
        message={t('assetsLoadFailed')}
        onRetry={() => void balances.refetch()}
        testId="asset-details-balance-error"
      />
    );
  }
  const balance = balances.data[asset];
  const show = (value: string) => money(value, asset);
  // Each part truncated and the balance their sum, so what the header shows adds up.
  const {
    parts: [available = '0', locked = '0'],
    total,
  } = shownParts([balance.available, balance.locked], asset);
  return (
    <section className="asset-details__header" data-testid="asset-details-balance">
      <div className="asset-details__title">
        <AssetBadge asset={asset} />
        <span>
          {assetName(asset)} · {t('available')}
        </span>
      </div>
      <p className="asset-details__available" data-testid="asset-details-available">
        {show(available)}
      </p>
      <dl className="asset-details__figures">
        <div>
          <dt>{t('locked')}</dt>
          <dd data-testid="asset-details-locked">{show(locked)}</dd>
        </div>
        <div>
          <dt>{t('balanceTotal')}</dt>
          <dd data-testid="asset-details-total">{show(total)}</dd>
        </div>
        <div>
          <dt>{t('earningsClaimable')}</dt>
          <dd data-testid="asset-details-earnings">{show(balance.earnings)}</dd>
        </div>
      </dl>
      {asset !== 'GOLD' && (
        <div className="asset-details__actions">
          <WithdrawActions asset={asset} testIdPrefix="asset-details" />
        </div>
      )}
    </section>
  );
}

function RecordList({ asset }: { asset: Asset }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<RecordKind | undefined>(undefined);
  const records = useAssetRecords(asset, kind);
  const filters: (RecordKind | undefined)[] = [undefined, ...RECORD_KINDS_BY_ASSET[asset]];
  return (
    <section className="asset-details__records" aria-labelledby="asset-records-title">
      <h2 id="asset-records-title" className="asset-details__records-title">
        {t('recordsTitle')}
      </h2>
      <fieldset className="asset-details__filters">
        <legend className="visually-hidden">{t('recordsFilter')}</legend>
        {filters.map((option) => (
          <button
            key={option ?? 'all'}
            type="button"
            className={`plain-button asset-details__filter${option === kind ? ' is-selected' : ''}`}
            aria-pressed={option === kind}
            onClick={() => setKind(option)}
            data-testid={`record-filter-${option ?? 'all'}`}
          >
            {option ? t(kindFilterName(option)) : t('all')}
          </button>
        ))}
      </fieldset>
      <PagedList
        query={records}
        itemKey={(record) => record.id}
        renderItem={(record) => <RecordItem record={record} asset={asset} />}
        label={t('recordsTitle')}
        emptyText={t('recordsEmpty')}
        failedText={t('recordsLoadFailed')}
        testId="records"
      />
    </section>
  );
}

export default function AssetDetailsPage() {
  const assetName = useAssetName();
  const [params, setParams] = useSearchParams();
  const requested = params.get('asset');
  const asset: Asset = isAsset(requested) ? requested : 'USDT';
  return (
    <div className="asset-details">
      <div className="asset-details__tabs" role="tablist">
        {ASSETS.map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            className={`plain-button asset-details__tab${option === asset ? ' is-selected' : ''}`}
            aria-selected={option === asset}
            onClick={() => setParams({ asset: option }, { replace: true })}
            data-testid={`asset-tab-${option}`}
          >
            {assetName(option)}
          </button>
        ))}
      </div>
      <BalanceHeader asset={asset} />
      {/* A new asset starts with its own filter and list. */}
      <RecordList key={asset} asset={asset} />
    </div>
  );
}
