import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useBasicConfig } from '@/api/get-basic-config';
import { getUserQueryOptions } from '@/api/get-user';
import { AddressText } from '@/components/address-text';
import { ErrorState } from '@/components/error-state';
import { WalletConnectPairing } from '@/components/walletconnect-pairing';
import { safeRedirect } from '@/config/paths';
import { isApiError } from '@/lib/request';
import { useIsLoggedIn, useSession } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { useWallets } from '@/lib/use-wallets';
import { isUserRejection, type WalletOption } from '@/lib/wallets';
import { OpenInWallet } from '../components/open-in-wallet';
import { WalletButton } from '../components/wallet-button';
import { readDevWallet } from '../lib/dev-wallet-storage';
import { signInUrl } from '../lib/open-in-wallet';
import './login-page.css';

const loadSignIn = () => import('../lib/sign-in');
const loadWalletConnect = () => import('@/lib/walletconnect');

const WALLETCONNECT = 'walletconnect';

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
  /** A WalletConnect pairing under way: its URI once known (null before). */
  const [pairing, setPairing] = useState<{ uri: string | null } | null>(null);
  const stopPairing = useRef<AbortController | null>(null);
  const devAddress = readDevWallet()?.address;

  // Fetch the wallet code while the member picks a wallet.
  useEffect(() => {
    loadSignIn().catch(() => undefined);
  }, []);

  if (isLoggedIn && !pending) return <Navigate replace to={redirect} />;

  async function signInWith(choice: Choice) {
    if (pending || !config.data) return;
    setPending(choice.id);
    let close: (() => Promise<void>) | undefined;
    try {
      const { signIn, providerSigner, devSigner } = await loadSignIn();
      let signer = choice.wallet ? providerSigner(choice.wallet.provider) : devSigner();
      if (choice.id === WALLETCONNECT && config.data.walletConnectProjectId) {
        const controller = new AbortController();
        stopPairing.current = controller;
        setPairing({ uri: null });
        const { connectWalletConnect } = await loadWalletConnect();
        const session = await connectWalletConnect({
          projectId: config.data.walletConnectProjectId,
          chainId: config.data.chainId,
          onUri: (uri) => setPairing({ uri }),
          signal: controller.signal,
        });
        close = session.disconnect;
        setPairing(null);
        signer = providerSigner(session.provider);
      }
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
      const name = error instanceof Error || error instanceof DOMException ? error.name : '';
      // The member closed the WalletConnect pairing: nothing to say.
      if (name === 'AbortError') return;
      if (isUserRejection(error)) showToast(t('signInRejected'));
      else if (name === 'WalletNoAccountError') showToast(t('walletNoAccount'));
      else if (name === 'WalletConnectChainError') showToast(t('walletConnectWrongChain'));
      else showToast(t('signInFailed'));
    } finally {
      stopPairing.current = null;
      setPairing(null);
      setPending(null);
      // The session served the sign-in only: the app's own token is the member's session from here.
      void close?.();
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
        {config.data?.walletConnectProjectId && (
          <WalletButton
            testId="wallet-option-walletconnect"
            name="WalletConnect"
            loading={pending === WALLETCONNECT}
            disabled={!ready}
            onClick={() => void signInWith({ id: WALLETCONNECT, wallet: null })}
          />
        )}
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

      {pairing && <WalletConnectPairing uri={pairing.uri} onCancel={() => stopPairing.current?.abort()} />}

      {wallets.length === 0 && config.data && !pairing && (
        <OpenInWallet
          url={signInUrl(window.location.href, { redirect: params.get('redirect') ?? undefined, inviteCode })}
          chainId={config.data.chainId}
        />
      )}

      {pending && !pairing && (
        <p className="login-page__text" role="status" data-testid="signing-in">
          {t('signingIn')}
        </p>
      )}
    </div>
  );
}
