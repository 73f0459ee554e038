/** The EIP-1193 surface this app uses. */
export type Eip1193Provider = {
  request: (args: { method: string; params?: readonly unknown[] }) => Promise<unknown>;
};

/** EIP-6963 provider info. */
export type Eip6963ProviderInfo = { uuid: string; name: string; icon: string; rdns: string };

type AnnounceDetail = { info?: Partial<Eip6963ProviderInfo>; provider?: Eip1193Provider };

export type WalletOption = {
  /** The test id suffix: the wallet's rdns, or `injected` for a bare window.ethereum. */
  id: string;
  /** Null for the bare injected provider: the UI names it "Browser wallet". */
  name: string | null;
  icon: string | null;
  provider: Eip1193Provider;
};

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
  }
}

function safeIcon(icon: string | undefined): string | null {
  // EIP-6963 icons are data URIs; anything else is not shown.
  return icon && /^data:image\//.test(icon) ? icon : null;
}

/**
 * Lists the wallets of this browser: each EIP-6963 announcement, then window.ethereum when no
 * announcement carries that same provider. Calls `onChange` on every change; returns a stop function.
 */
export function watchWallets(onChange: (wallets: WalletOption[]) => void): () => void {
  const announced = new Map<string, WalletOption>();

  const emit = () => {
    const wallets = [...announced.values()];
    const injected = window.ethereum;
    if (injected && !wallets.some((wallet) => wallet.provider === injected)) {
      wallets.push({ id: 'injected', name: null, icon: null, provider: injected });
    }
    onChange(wallets);
  };

  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<AnnounceDetail>).detail;
    const info = detail?.info;
    const provider = detail?.provider;
    if (!info?.rdns || !provider || typeof provider.request !== 'function') return;
    announced.set(info.rdns, { id: info.rdns, name: info.name || info.rdns, icon: safeIcon(info.icon), provider });
    emit();
  };

  window.addEventListener('eip6963:announceProvider', onAnnounce);
  // Some wallets inject window.ethereum after the page loaded and say so with this event.
  window.addEventListener('ethereum#initialized', emit);
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  emit();
  return () => {
    window.removeEventListener('eip6963:announceProvider', onAnnounce);
    window.removeEventListener('ethereum#initialized', emit);
  };
}

/** EIP-1193 code 4001: the user refused the request in the wallet. */
export function isUserRejection(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return code === 4001 || (cause !== undefined && isUserRejection(cause));
}
