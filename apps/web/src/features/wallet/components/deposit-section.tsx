import { Skeleton } from 'antd-mobile';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasicConfig } from '@/api/get-basic-config';
import { ErrorState } from '@/components/error-state';
import { PagedList } from '@/components/paged-list';
import { loadFeatureMessages } from '@/i18n/i18n';
import { errorText } from '@/lib/error-text';
import { useSession } from '@/lib/session';
import { useDeposits } from '../api/get-deposits';
import { depositTerms } from '../lib/deposit-terms';
import { DepositForm } from './deposit-form';
import { DepositInfo } from './deposit-info';
import { DepositItem } from './deposit-item';
import '@/components/state-block.css';
import './deposit-section.css';

// Paying from the wallet (its wallet list, WalletConnect pairing and texts) is fetched as the chain
// tab renders, not with the top-up route, whose first tab is the gold coins.
const WalletPay = lazy(() =>
  Promise.all([import('./wallet-pay'), loadFeatureMessages('walletTools')]).then(([module]) => ({
    default: module.WalletPay,
  })),
);

function DepositList() {
  const { t } = useTranslation();
  const deposits = useDeposits();
  return (
    <section className="deposit-list" aria-labelledby="deposit-list-title">
      <h2 id="deposit-list-title" className="deposit-list__title">
        {t('depositsTitle')}
      </h2>
      <PagedList
        query={deposits}
        itemKey={(deposit) => deposit.id}
        renderItem={(deposit) => <DepositItem deposit={deposit} />}
        label={t('depositsTitle')}
        emptyText={t('depositsEmpty')}
        failedText={t('depositsFailed')}
        testId="deposits"
      />
    </section>
  );
}

/**
 * Deposits on chain: the platform's address and terms, paying from the member's wallet, the hash
 * of a transfer sent from elsewhere, and their deposits; while deposits are not open
 * (features.deposits), only that message.
 */
export function DepositSection() {
  const { t } = useTranslation();
  const config = useBasicConfig();
  const signInAddress = useSession((state) => state.address);
  if (config.isPending) {
    return (
      <div className="money-card" data-testid="deposit-loading">
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  }
  if (config.isError) {
    return (
      <ErrorState message={t('formLoadFailed')} onRetry={() => void config.refetch()} testId="deposit-load-error" />
    );
  }
  const terms = depositTerms(config.data);
  if (!terms) {
    return (
      <section className="state-block" data-testid="deposits-closed">
        <h2 className="state-block__title">{errorText('depositsUnavailable')}</h2>
        <p className="state-block__text">{t('depositsClosedNote')}</p>
      </section>
    );
  }
  return (
    <div className="deposit-section" data-testid="deposit-section">
      <DepositInfo terms={terms} signInAddress={signInAddress} chainId={config.data.chainId} />
      {config.data.depositChain && (
        <Suspense
          fallback={
            <div className="money-card wallet-pay" data-testid="wallet-pay-loading">
              <Skeleton.Paragraph lineCount={4} animated />
            </div>
          }
        >
          <WalletPay
            terms={terms}
            chain={config.data.depositChain}
            member={signInAddress}
            walletConnectProjectId={config.data.walletConnectProjectId ?? null}
          />
        </Suspense>
      )}
      <DepositForm />
      <DepositList />
    </div>
  );
}
