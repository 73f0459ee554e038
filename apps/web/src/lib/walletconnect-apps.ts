import apps from './walletconnect-apps.json';

/** A wallet app's own link that hands it a WalletConnect pairing URI. */
export type WalletConnectAppLink = { id: string; name: string; href: string };

/**
 * The pairing URI `uri` (`wc:…`) as each listed wallet app's link, the URI percent-encoded in place
 * of `{uri}`. The list (walletconnect-apps.json) is the wallets' WalletConnect deep links as their
 * WalletConnect registry entries and their makers' docs give them: universal links where the wallet
 * has one that takes `/wc?uri=` (MetaMask, Trust Wallet, Rainbow, Coinbase Wallet), its app scheme
 * otherwise (OKX `okex://main/wc`, Bitget `bitkeep://wc`, TokenPocket `tpoutside://wc`, imToken
 * `imtokenv2://wc`). A wallet not listed opens the raw `wc:` link (Android asks which app) or scans.
 */
export function walletConnectAppLinks(uri: string): WalletConnectAppLink[] {
  const encoded = encodeURIComponent(uri);
  return apps.map((app) => ({ id: app.id, name: app.name, href: app.link.replace('{uri}', encoded) }));
}
