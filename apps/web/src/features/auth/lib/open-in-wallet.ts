import { paths } from '@/config/paths';

/**
 * Links that open this app inside a wallet app's own browser, where the wallet is injected and the
 * sign-in works as in a desktop browser with an extension. Each is the wallet's documented format:
 * - MetaMask: https://link.metamask.io/dapp/{url without its scheme}
 *   (docs.metamask.io, "Use deeplinks": open a dapp inside the in-app browser)
 * - Trust Wallet: https://link.trustwallet.com/open_url?coin_id={SLIP-44 id}&url={url}
 *   (developer.trustwallet.com, "Deep Linking": DApp Browser)
 * - TokenPocket: tpdapp://open?params={"url","chain","source"} (TP-Lab/TokenPocket-Protocol,
 *   "Call TokenPocket to open url with Dapp browser")
 * - imToken: imtokenv2://navigate/DappView?url={url} (imToken developers, "Deep Linking")
 * - OKX Wallet: https://web3.okx.com/download?deeplink={okx://wallet/dapp/url?dappUrl={url}}
 *   (OKX Web3 build docs, "App Universal Link")
 * - Bitget Wallet: https://bkcode.vip?action=dapp&url={url} (Bitget Wallet docs, BKConnect
 *   "Access dapp"; the https form is the one Android opens from a web page)
 */
export type WalletAppId = 'metamask' | 'trust' | 'tokenpocket' | 'imtoken' | 'okx' | 'bitget';

export type WalletAppLink = { id: WalletAppId; name: string; href: string };

/** Trust Wallet names a network by its SLIP-44 coin id: BNB Smart Chain is 20000714. */
const TRUST_COIN_IDS: Record<number, number> = { 1: 60, 56: 20000714 };
/** TokenPocket's names of the networks its DApp browser opens on. */
const TOKENPOCKET_CHAINS: Record<number, string> = { 1: 'ETH', 56: 'BSC' };

/**
 * The sign-in page of this app at `appUrl` (its address without the hash), keeping where the
 * member was going and the invite code they came with.
 */
export function signInUrl(appUrl: string, options: { redirect?: string; inviteCode?: string } = {}): string {
  const query = new URLSearchParams();
  if (options.redirect) query.set('redirect', options.redirect);
  if (options.inviteCode?.trim()) query.set('code', options.inviteCode.trim());
  const search = query.toString();
  return `${appUrl.split('#')[0]}#${paths.login.path}${search ? `?${search}` : ''}`;
}

/** The six wallet apps' links that open `url` in their DApp browser, on the network `chainId`. */
export function walletAppLinks(url: string, chainId: number): WalletAppLink[] {
  const encoded = encodeURIComponent(url);
  const tokenPocket: Record<string, string> = { url, source: 'MineCloud' };
  const tpChain = TOKENPOCKET_CHAINS[chainId];
  if (tpChain) tokenPocket.chain = tpChain;
  return [
    { id: 'metamask', name: 'MetaMask', href: `https://link.metamask.io/dapp/${url.replace(/^https?:\/\//, '')}` },
    {
      id: 'trust',
      name: 'Trust Wallet',
      href: `https://link.trustwallet.com/open_url?coin_id=${TRUST_COIN_IDS[chainId] ?? 60}&url=${encoded}`,
    },
    {
      id: 'tokenpocket',
      name: 'TokenPocket',
      href: `tpdapp://open?params=${encodeURIComponent(JSON.stringify(tokenPocket))}`,
    },
    { id: 'imtoken', name: 'imToken', href: `imtokenv2://navigate/DappView?url=${encoded}` },
    {
      id: 'okx',
      name: 'OKX Wallet',
      href: `https://web3.okx.com/download?deeplink=${encodeURIComponent(`okx://wallet/dapp/url?dappUrl=${encoded}`)}`,
    },
    { id: 'bitget', name: 'Bitget Wallet', href: `https://bkcode.vip?action=dapp&url=${encoded}` },
  ];
}

/** A phone or tablet: wallet links open its wallet apps; elsewhere they are shown as QR codes. */
export function isHandheld(): boolean {
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent)) return true;
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
}
