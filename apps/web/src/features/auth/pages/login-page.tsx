import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useBasicConfig } from '@/api/get-basic-config';
import { getUserQueryOptions } from '@/api/get-user';
import { AddressText } from '@/components/address-text';
import { ErrorState } from '@/components/error-state';
import { safeRedirect } from '@/config/paths';
import { isApiError } from '@/lib/request';
import { useIsLoggedIn, useSession } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { OpenInWallet } from '../components/open-in-wallet';
import { WalletButton } from '../components/wallet-button';
import { readDevWallet } from '../lib/dev-wallet-storage';
import { signInUrl } from '../lib/open-in-wallet';
import { useWallets } from '../lib/use-wallets';
import { isUserRejection, type WalletOption } from '../lib/wallets';
import './login-page.css';

const loadSignIn = () => import('../lib/sign-in');

type Choice = { id: string; wallet: WalletOption | null };

export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isLoggedIn = useIsLoggedIn();
  const storeSignIn = useSession((state) => state.signIn);
  const config = useBasicConfig();
  const wallets = useWallets();
  const [inviteCode, setInviteCode] = useState(() => params.get('code') ?? params.get('inviteCode') ?? '');
  const [pending, setPending] = useState<string | null>(null);
  const devAddress = readDevWallet()?.address;

  // Fetch the wallet code while the member picks a wallet.
  useEffect(() => {
    loadSignIn().catch(() => undefined);
  }, []);

  if (isLoggedIn && !pending) return <Navigate replace to={redirect} />;

  async function signInWith(choice: Choice) {
    if (pending || !config.data) return;
    setPending(choice.id);
    try {
      const { signIn, providerSigner, devSigner } = await loadSignIn();
      const signer = choice.wallet ? providerSigner(choice.wallet.provider) : devSigner();
      const result = await signIn({
        signer,
        chainId: config.data.chainId,
        inviteCode,
      });
      storeSignIn(result.token, result.address);
      await queryClient.fetchQuery(getUserQueryOptions()).catch(() => undefined);
      showToast(t('signInSuccess'));
      navigate(redirect, { replace: true });
    } catch (error) {
      // The request wrapper already showed the server's message.
      if (isApiError(error)) return;
      if (isUserRejection(error)) showToast(t('signInRejected'));
      else if (error instanceof Error && error.name === 'WalletNoAccountError') showToast(t('walletNoAccount'));
      else showToast(t('signInFailed'));
    } finally {
      setPending(null);
    }
  }

  const ready = Boolean(config.data) && !pending;

  return (
    <div className="login-page">
      <section className="login-page__intro">
        <h2 className="login-page__heading">{t('signInHeading')}</h2>
        <p className="login-page__text">{t('signInDescription')}</p>
      </section>

      <label className="login-page__invite">
        <span className="login-page__label">{t('inviteCodeLabel')}</span>
        <input
          className="login-page__input"
          value={inviteCode}
          onChange={(event) => setInviteCode(event.target.value)}
          placeholder={t('inviteCodePlaceholder')}
          maxLength={32}
          autoComplete="off"
          autoCapitalize="characters"
          data-testid="invite-code-input"
        />
      </label>

      {config.isError && (
        <ErrorState message={t('listError')} onRetry={() => void config.refetch()} testId="login-config-error" />
      )}

      <section className="login-page__wallets" data-testid="wallet-list">
        {wallets.map((wallet) => (
          <WalletButton
            key={wallet.id}
            testId={`wallet-option-${wallet.id}`}
            name={wallet.name ?? t('browserWallet')}
            icon={wallet.icon}
            loading={pending === wallet.id}
            disabled={!ready}
            onClick={() => void signInWith({ id: wallet.id, wallet })}
          />
        ))}
        {config.data?.demo && (
          <WalletButton
            testId="wallet-option-dev"
            name={t('devWalletLabel')}
            note={t('devWalletWarning')}
            loading={pending === 'dev'}
            disabled={!ready}
            onClick={() => void signInWith({ id: 'dev', wallet: null })}
          />
        )}
        {config.data?.demo && devAddress && (
          <p className="login-page__dev-address">
            <AddressText address={devAddress} copyable={false} testId="dev-wallet-address" />
          </p>
        )}
        {wallets.length === 0 && (
          <p className="login-page__text" data-testid="no-wallet">
            {t('noWalletFound')}
          </p>
        )}
      </section>

      {wallets.length === 0 && config.data && (
        <OpenInWallet
          url={signInUrl(window.location.href, { redirect: params.get('redirect') ?? undefined, inviteCode })}
          chainId={config.data.chainId}
        />
      )}

      {pending && (
        <p className="login-page__text" role="status" data-testid="signing-in">
          {t('signingIn')}
        </p>
      )}
    </div>
  );
}
