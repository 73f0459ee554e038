import { shortenAddress } from '@minecloud/contract/address';
import { ENTRY_PLACES } from '@minecloud/contract/amount';
import type { WalletChain } from '@minecloud/contract/chains';
import type { Deposit } from '@minecloud/contract/wallet';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address } from 'viem';
import { invalidateMoneyQueries } from '@/api/invalidate-money';
import { MoneyField } from '@/components/money-field';
import { WalletConnectPairing } from '@/components/walletconnect-pairing';
import { loadFeatureMessages } from '@/i18n/i18n';
import { checkAmount } from '@/lib/amount-check';
import { apiErrorText } from '@/lib/api-error-text';
import { useMoneyText } from '@/lib/money-text';
import { showToast } from '@/lib/toast';
import { useAmountProblemText } from '@/lib/use-amount-problem-text';
import { useWallets } from '@/lib/use-wallets';
import type { Eip1193Provider } from '@/lib/wallets';
import { useDeposits } from '../api/get-deposits';
import { walletKeys } from '../api/query-keys';
import { useSubmitDeposit } from '../api/submit-deposit';
import type { DepositTerms, DepositToken } from '../lib/deposit-terms';
import type { WalletPayReason, WalletPayStep } from '../lib/pay-from-wallet';
import { DepositItem } from './deposit-item';
import { DEPOSIT_REASON_NAMES } from './deposit-names';

const loadPay = () => import('../lib/pay-from-wallet');
const loadWalletConnect = () => import('@/lib/walletconnect');

/** What paying a deposit asks of a WalletConnect wallet: the chain, and the transfer itself. */
const WALLETCONNECT_PAY_METHODS = ['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'eth_sendTransaction'];
const WALLETCONNECT = 'walletconnect';
/** While a deposit paid from here waits for its confirmations, the list is asked again this often. */
export const TRACK_REFRESH_MS = 3_000;

type Step = WalletPayStep | 'submit';
type Choice = { id: string; name: string; provider: Eip1193Provider | null };

const REASON_KEYS = {
  rejected: 'walletPayRejected',
  noAccount: 'walletPayNoAccount',
  wrongAccount: 'walletPayWrongAccount',
  chainMissing: 'walletPayChainMissing',
  chainNotSwitched: 'walletPayChainNotSwitched',
  pending: 'walletPayPending',
  failed: 'walletPayFailed',
} as const satisfies Record<WalletPayReason, string>;

type WalletPayProps = {
  terms: DepositTerms;
  chain: WalletChain;
  /** The member's sign-in address: the wallet must pay from it. */
  member: string;
  walletConnectProjectId: string | null;
};

/** A small row of choices (the token, the wallet) shown only when there is more than one. */
function Choices({
  label,
  options,
  value,
  onChange,
  testIdPrefix,
}: {
  label: string;
  options: { id: string; name: string }[];
  value: string;
  onChange: (id: string) => void;
  testIdPrefix: string;
}) {
  if (options.length < 2) return null;
  return (
    <div className="wallet-pay__choices" role="radiogroup" aria-label={label}>
      {options.map((option) => (
        // biome-ignore lint/a11y/useSemanticElements: a row of buttons reads better than radio inputs here
        <button
          key={option.id}
          type="button"
          role="radio"
          aria-checked={option.id === value}
          className={`plain-button wallet-pay__choice${option.id === value ? ' is-selected' : ''}`}
          onClick={() => onChange(option.id)}
          data-testid={`${testIdPrefix}-${option.id}`}
        >
          {option.name}
        </button>
      ))}
    </div>
  );
}

/** The deposit paid from here, as the list shows it, until it is credited or refused. */
function useTrackedDeposit(hash: string | null, first: Deposit | null): Deposit | null {
  const queryClient = useQueryClient();
  const deposits = useDeposits();
  const listed = hash
    ? deposits.data?.pages.flatMap((page) => page.list).find((item) => item.txHash.toLowerCase() === hash.toLowerCase())
    : undefined;
  const tracked = listed ?? first;
  const waiting = tracked?.status === 'confirming';
  useEffect(() => {
    if (!waiting) return;
    // The member is watching this one: asked more often than the list's own refresh.
    const id = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: walletKeys.deposits() }),
      TRACK_REFRESH_MS,
    );
    return () => clearInterval(id);
  }, [waiting, queryClient]);
  return tracked;
}

/**
 * "Pay from wallet": the member types an amount, and the connected wallet (in the browser, or
 * paired over WalletConnect) is asked to move to the platform's chain (adding it if need be) and
 * to send the token transfer to the deposit address; the transaction's hash is submitted here, and
 * the deposit shows its confirmations until it is credited. One tap is one transfer: the button is
 * locked from the tap until the wallet and the server have answered.
 */
export function WalletPay({ terms, chain, member, walletConnectProjectId }: WalletPayProps) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const queryClient = useQueryClient();
  const amountProblemText = useAmountProblemText();
  const submitDeposit = useSubmitDeposit();
  const injected = useWallets();
  const [asset, setAsset] = useState<DepositToken['asset']>(terms.tokens[0]?.asset ?? 'USDT');
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<Step | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  /** A transfer the wallet sent whose hash the server has not taken yet. */
  const [unsubmitted, setUnsubmitted] = useState<string | null>(null);
  const [sent, setSent] = useState<{ hash: string; deposit: Deposit | null } | null>(null);
  const [pairing, setPairing] = useState<{ uri: string | null } | null>(null);
  const locked = useRef(false);
  const stopPairing = useRef<AbortController | null>(null);
  const tracked = useTrackedDeposit(sent?.hash ?? null, sent?.deposit ?? null);
  const creditedShown = useRef<string | null>(null);

  const choices: Choice[] = [
    ...injected.map((wallet) => ({
      id: wallet.id,
      name: wallet.name ?? t('browserWallet'),
      provider: wallet.provider,
    })),
    ...(walletConnectProjectId ? [{ id: WALLETCONNECT, name: 'WalletConnect', provider: null }] : []),
  ];
  const choice = choices.find((each) => each.id === chosen) ?? choices[0];
  const token = terms.tokens.find((each) => each.asset === asset) ?? terms.tokens[0];
  const checked = checkAmount(amount, asset);
  const amountError = tried && !checked.ok ? amountProblemText(checked) : null;

  useEffect(() => {
    if (tracked?.status !== 'credited' || creditedShown.current === tracked.id) return;
    creditedShown.current = tracked.id;
    void invalidateMoneyQueries(queryClient);
    if (tracked.asset && tracked.amount) {
      showToast(t('depositCreditedToast', { amount: money(tracked.amount, tracked.asset), asset: tracked.asset }));
    }
  }, [tracked, queryClient, money, t]);

  /** Hands the server the hash; a refusal or a failure shows here, the hash kept to try again. */
  async function submit(hash: string) {
    setStep('submit');
    try {
      const deposit = await submitDeposit.mutateAsync(hash);
      setUnsubmitted(null);
      setSent({ hash, deposit });
      if (deposit.status === 'rejected') {
        setMessage(deposit.reason ? t(DEPOSIT_REASON_NAMES[deposit.reason]) : t('depositStatusRejected'));
      } else if (deposit.status !== 'credited') {
        showToast(t('depositSubmitted'));
      }
    } catch (error) {
      setUnsubmitted(hash);
      setMessage(`${t('walletPaySubmitFailed')} ${apiErrorText(error)}`);
    }
  }

  /** One tap, at most one transfer: taps while a payment is under way do nothing. */
  async function run(task: () => Promise<void>) {
    if (locked.current) return;
    locked.current = true;
    setBusy(true);
    setMessage(null);
    try {
      await task();
    } finally {
      locked.current = false;
      setBusy(false);
      setStep(null);
    }
  }

  function pay() {
    setTried(true);
    if (!checked.ok || !token) return;
    void run(async () => {
      // The messages of paying come with its code (i18n.ts, walletTools).
      const [{ payFromWallet, WalletPayError }] = await Promise.all([loadPay(), loadFeatureMessages('walletTools')]);
      if (!choice) {
        setMessage(t('walletPayNoWallet'));
        return;
      }
      let close: (() => Promise<void>) | undefined;
      try {
        let provider = choice.provider;
        if (!provider && walletConnectProjectId) {
          const controller = new AbortController();
          stopPairing.current = controller;
          setPairing({ uri: null });
          const { connectWalletConnect } = await loadWalletConnect();
          const session = await connectWalletConnect({
            projectId: walletConnectProjectId,
            chainId: chain.id,
            onUri: (uri) => setPairing({ uri }),
            signal: controller.signal,
            methods: WALLETCONNECT_PAY_METHODS,
          });
          close = session.disconnect;
          setPairing(null);
          provider = session.provider;
        }
        if (!provider) return;
        const hash = await payFromWallet(
          {
            provider,
            member,
            chain,
            token: token.contract as Address,
            to: terms.address as Address,
            amount: checked.amount,
          },
          setStep,
        );
        setAmount('');
        setTried(false);
        await submit(hash);
      } catch (error) {
        const name = error instanceof Error || error instanceof DOMException ? error.name : '';
        // The member closed the pairing: nothing to say.
        if (name === 'AbortError') return;
        if (name === 'WalletConnectChainError') setMessage(t('walletConnectWrongChain'));
        else {
          const reason = error instanceof WalletPayError ? error.reason : 'failed';
          const account = error instanceof WalletPayError && error.account ? shortenAddress(error.account) : '';
          setMessage(
            t(REASON_KEYS[reason], { account, member: shortenAddress(member), name: chain.name, id: chain.id }),
          );
        }
      } finally {
        stopPairing.current = null;
        setPairing(null);
        void close?.();
      }
    });
  }

  const stepText =
    step === 'account'
      ? t('walletPayStepAccount')
      : step === 'chain'
        ? t('walletPayStepChain', { name: chain.name })
        : step === 'send'
          ? t('walletPayStepSend', { amount: checked.ok ? checked.amount : amount, asset })
          : step === 'submit'
            ? t('walletPayStepSubmit')
            : null;

  return (
    <section className="money-card wallet-pay" aria-labelledby="wallet-pay-title" data-testid="wallet-pay">
      <h2 id="wallet-pay-title" className="wallet-pay__title">
        {t('depositWalletTitle')}
      </h2>
      <p className="wallet-pay__note">{t('depositWalletNote')}</p>
      <Choices
        label={t('depositWalletAsset')}
        options={terms.tokens.map((each) => ({ id: each.asset, name: each.asset }))}
        value={asset}
        onChange={(id) => setAsset(id as DepositToken['asset'])}
        testIdPrefix="wallet-pay-asset"
      />
      <MoneyField
        id="wallet-pay-amount"
        label={t('depositWalletAmount')}
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setMessage(null);
        }}
        placeholder={t('depositWalletAmountPlaceholder')}
        inputMode="decimal"
        places={ENTRY_PLACES[asset]}
        error={amountError}
        suffix={<span className="money-field__unit">{asset}</span>}
        testId="wallet-pay-amount"
      />
      <Choices
        label={t('depositWalletChoice')}
        options={choices}
        value={choice?.id ?? ''}
        onChange={setChosen}
        testIdPrefix="wallet-pay-wallet"
      />
      <Button color="primary" size="large" block loading={busy} onClick={pay} data-testid="wallet-pay-submit">
        {t('depositWalletPay')}
      </Button>
      {stepText && (
        <p className="wallet-pay__status" role="status" data-testid="wallet-pay-step">
          {stepText}
        </p>
      )}
      {message && (
        <p className="wallet-pay__message" role="alert" data-testid="wallet-pay-message">
          {message}
        </p>
      )}
      {unsubmitted && (
        <div className="wallet-pay__unsubmitted">
          <code className="wallet-pay__hash" data-testid="wallet-pay-hash">
            {unsubmitted}
          </code>
          <Button
            size="small"
            color="primary"
            fill="outline"
            loading={busy}
            onClick={() => void run(() => submit(unsubmitted))}
            data-testid="wallet-pay-resubmit"
          >
            {t('walletPayResubmit')}
          </Button>
        </div>
      )}
      {pairing && <WalletConnectPairing uri={pairing.uri} onCancel={() => stopPairing.current?.abort()} />}
      {tracked && (
        <div className="wallet-pay__sent" data-testid="wallet-pay-sent">
          <p className="wallet-pay__note">{t('walletPaySent')}</p>
          <DepositItem deposit={tracked} />
        </div>
      )}
    </section>
  );
}
