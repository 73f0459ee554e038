import { ASSETS, type Asset } from '@minecloud/contract/amount';
import { Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressText } from '@/components/address-text';
import { ErrorState } from '@/components/error-state';
import { TabSwitch } from '@/components/tab-switch';
import { formatLocalTime } from '@/lib/format-time';
import { useLiabilities } from '../api/get-liabilities';
import { useAssetLabel, useExactText } from './asset-label';
import { BalanceCheck } from './balance-check';
import { LiabilityChart } from './liability-chart';
import './liability-section.css';

/**
 * Proof of liabilities: the newest published root of each asset with its history, then the member's
 * own check against it.
 */
export function LiabilitySection({ initialAsset }: { initialAsset: Asset }) {
  const { t } = useTranslation();
  const label = useAssetLabel();
  const exact = useExactText();
  const [asset, setAsset] = useState(initialAsset);
  const liabilities = useLiabilities();
  const roots = liabilities.data?.filter((row) => row.asset === asset) ?? [];
  // Newest day first, as the server lists them.
  const newest = roots[0];

  return (
    <>
      <p className="transparency__note" data-testid="liabilities-explained">
        {t('transparencyProofExplained')}
      </p>
      <TabSwitch
        options={ASSETS.map((value) => ({ value, label: label(value) }))}
        value={asset}
        onChange={setAsset}
        label={t('transparencyProofTitle')}
        testIdPrefix="liability-asset"
      />
      {liabilities.isPending ? (
        <Skeleton.Paragraph lineCount={5} animated data-testid="liabilities-loading" />
      ) : liabilities.isError ? (
        <ErrorState
          message={t('transparencyRootsFailed')}
          onRetry={() => void liabilities.refetch()}
          testId="liabilities-error"
        />
      ) : !newest ? (
        <p className="transparency__empty" data-testid="liabilities-empty">
          {t('transparencyRootsEmpty')}
        </p>
      ) : (
        <div className="liability-root" data-testid={`liability-root-${asset}`}>
          <p className="liability-root__label">{t('transparencyPublishedTotal', { day: newest.day })}</p>
          <p className="liability-root__total" data-testid="liability-total">
            {exact(newest.total)} <small>{label(asset)}</small>
          </p>
          <dl className="transparency__figures transparency__figures--two">
            <div>
              <dt>{t('transparencyMembersCounted')}</dt>
              <dd data-testid="liability-members">{newest.members}</dd>
            </div>
            <div>
              <dt>{t('transparencyTakenAt')}</dt>
              <dd data-testid="liability-taken-at">{formatLocalTime(newest.takenAt)}</dd>
            </div>
            <div className="transparency__figure--wide">
              <dt>{t('transparencyRootHash')}</dt>
              <dd>
                <AddressText address={newest.root} className="transparency__hash" testId="liability-root-hash" />
              </dd>
            </div>
          </dl>
          <LiabilityChart asset={asset} roots={roots} />
        </div>
      )}
      <BalanceCheck asset={asset} published={liabilities} />
    </>
  );
}
