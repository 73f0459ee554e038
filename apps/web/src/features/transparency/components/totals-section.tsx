import type { Asset } from '@minecloud/contract/amount';
import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressText } from '@/components/address-text';
import { ErrorState } from '@/components/error-state';
import { formatLocalTime } from '@/lib/format-time';
import { hashRateText } from '@/lib/hash-rate-text';
import { useTransparencyTotals } from '../api/get-transparency-totals';
import { useAmountText } from './asset-label';

type AssetTotal = { asset: Asset; amount: string; count: number };

function AssetTotals({ totals, testId }: { totals: AssetTotal[]; testId: string }) {
  const { t } = useTranslation();
  const amountText = useAmountText();
  return (
    <ul className="transparency__chips">
      {totals.map((row) => (
        <li key={row.asset} data-testid={`${testId}-${row.asset}`}>
          <strong>{amountText(row.amount, row.asset)}</strong>
          <span>{t('transparencyCountN', { count: row.count })}</span>
        </li>
      ))}
    </ul>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="transparency__block">
      <h3 className="transparency__subtitle">{title}</h3>
      {children}
    </div>
  );
}

/** What anyone can count: members, hash rate, donations to the foundation, withdrawals paid. */
export function TotalsSection() {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const totals = useTransparencyTotals();

  if (totals.isPending) return <Skeleton.Paragraph lineCount={6} animated data-testid="totals-loading" />;
  if (totals.isError) {
    return (
      <ErrorState message={t('transparencyTotalsFailed')} onRetry={() => void totals.refetch()} testId="totals-error" />
    );
  }
  const { members, hashRate, burned, donations, withdrawals } = totals.data;
  return (
    <div data-testid="totals">
      <dl className="transparency__figures">
        <div>
          <dt>{t('transparencyMembers')}</dt>
          <dd data-testid="totals-members">{members}</dd>
        </div>
        <div>
          <dt>{t('transparencyHashRate')}</dt>
          <dd>
            <span data-testid="totals-hash-rate">{hashRateText(hashRate)}</span> <small>TH/s</small>
          </dd>
        </div>
        <div>
          <dt>{t('transparencyBurned')}</dt>
          <dd>
            <span data-testid="totals-burned">{hashRateText(burned)}</span> <small>TH/s</small>
          </dd>
        </div>
      </dl>

      <Block title={t('transparencyDonations')}>
        <p className="transparency__note">{t('transparencyDonationsNote')}</p>
        <AssetTotals totals={donations.totals} testId="donation-total" />
        {donations.recent.length === 0 ? (
          <p className="transparency__empty">{t('transparencyNoDonations')}</p>
        ) : (
          <ul className="transparency__rows">
            {donations.recent.map((row) => (
              <li key={row.id} className="transparency__row" data-testid="donation-row">
                <div className="transparency__row-main">
                  <span>{row.address}</span>
                  <time dateTime={row.at}>{formatLocalTime(row.at)}</time>
                </div>
                <div className="transparency__row-side">
                  <strong>{amountText(row.amount, row.asset)}</strong>
                  <span data-testid="donation-transfer">{t('transparencyTransferId', { id: row.transferId })}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Block>

      <Block title={t('transparencyWithdrawals')}>
        <AssetTotals totals={withdrawals.totals} testId="withdrawal-total" />
        {withdrawals.recent.length === 0 ? (
          <p className="transparency__empty">{t('transparencyNoWithdrawals')}</p>
        ) : (
          <ul className="transparency__rows">
            {withdrawals.recent.map((row) => (
              <li key={row.txHash} className="transparency__row" data-testid="withdrawal-row">
                <div className="transparency__row-main">
                  <AddressText address={row.txHash} className="transparency__hash" testId="withdrawal-tx" />
                  <time dateTime={row.paidAt}>{formatLocalTime(row.paidAt)}</time>
                </div>
                <div className="transparency__row-side">
                  <strong>{amountText(row.amount, row.asset)}</strong>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Block>
    </div>
  );
}
