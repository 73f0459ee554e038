import { describe, expect, it } from 'vitest';
import { signInUrl, walletAppLinks } from './open-in-wallet';

const APP = 'https://mine.example.com/app/';
const target = signInUrl(`${APP}#/pages/my_child/assetslist/assetslist`, {
  redirect: '/pages/my_child/withdraw/withdraw?asset=USDT',
  inviteCode: ' K7Q2M9XA ',
});

const linkOf = (id: string, chainId = 56) => {
  const link = walletAppLinks(target, chainId).find((l) => l.id === id);
  if (!link) throw new Error(`no ${id} link`);
  return new URL(link.href);
};

describe('the sign-in address a wallet app opens', () => {
  it('is the sign-in page of this app, with the redirect and the invite code, and no other hash', () => {
    expect(target).toBe(
      'https://mine.example.com/app/#/pages/login/index?redirect=%2Fpages%2Fmy_child%2Fwithdraw%2Fwithdraw%3Fasset%3DUSDT&code=K7Q2M9XA',
    );
    const hash = new URL(target).hash.slice(1);
    const query = new URLSearchParams(hash.slice(hash.indexOf('?') + 1));
    expect(query.get('redirect')).toBe('/pages/my_child/withdraw/withdraw?asset=USDT');
    expect(query.get('code')).toBe('K7Q2M9XA');
  });

  it('leaves out what the member did not bring', () => {
    expect(signInUrl(APP)).toBe('https://mine.example.com/app/#/pages/login/index');
    expect(signInUrl(APP, { inviteCode: '  ' })).toBe('https://mine.example.com/app/#/pages/login/index');
  });
});

describe('wallet app links, each in its documented format', () => {
  it('names six wallets, in this order', () => {
    expect(walletAppLinks(target, 56).map((l) => [l.id, l.name])).toEqual([
      ['metamask', 'MetaMask'],
      ['trust', 'Trust Wallet'],
      ['tokenpocket', 'TokenPocket'],
      ['imtoken', 'imToken'],
      ['okx', 'OKX Wallet'],
      ['bitget', 'Bitget Wallet'],
    ]);
  });

  it('MetaMask: the address without its scheme after link.metamask.io/dapp/', () => {
    const [metamask] = walletAppLinks(target, 56);
    expect(metamask?.href).toBe(`https://link.metamask.io/dapp/${target.slice('https://'.length)}`);
  });

  it('Trust Wallet: open_url with the network as a SLIP-44 coin id and the address', () => {
    const trust = linkOf('trust');
    expect(trust.origin + trust.pathname).toBe('https://link.trustwallet.com/open_url');
    expect(trust.searchParams.get('coin_id')).toBe('20000714');
    expect(trust.searchParams.get('url')).toBe(target);
    expect(linkOf('trust', 1).searchParams.get('coin_id')).toBe('60');
    // A network Trust has no id for here: Ethereum's, the EVM default.
    expect(linkOf('trust', 31337).searchParams.get('coin_id')).toBe('60');
  });

  it('TokenPocket: tpdapp://open with the address and the network as JSON params', () => {
    const tp = linkOf('tokenpocket');
    expect(tp.protocol).toBe('tpdapp:');
    expect(JSON.parse(tp.searchParams.get('params') ?? '')).toEqual({ url: target, chain: 'BSC', source: 'MineCloud' });
    expect(JSON.parse(linkOf('tokenpocket', 1).searchParams.get('params') ?? '').chain).toBe('ETH');
    expect(JSON.parse(linkOf('tokenpocket', 31337).searchParams.get('params') ?? '')).not.toHaveProperty('chain');
  });

  it('imToken: imtokenv2://navigate/DappView with the address encoded', () => {
    const href = walletAppLinks(target, 56).find((l) => l.id === 'imtoken')?.href;
    expect(href).toBe(`imtokenv2://navigate/DappView?url=${encodeURIComponent(target)}`);
    expect(linkOf('imtoken').searchParams.get('url')).toBe(target);
  });

  it('OKX Wallet: the download page carrying the okx:// DApp link, encoded twice', () => {
    const okx = linkOf('okx');
    expect(okx.origin + okx.pathname).toBe('https://web3.okx.com/download');
    const inner = new URL(okx.searchParams.get('deeplink') ?? '');
    expect(inner.protocol).toBe('okx:');
    expect(inner.href.startsWith('okx://wallet/dapp/url?')).toBe(true);
    expect(inner.searchParams.get('dappUrl')).toBe(target);
  });

  it('Bitget Wallet: bkcode.vip with action=dapp and the address', () => {
    const bitget = linkOf('bitget');
    expect(bitget.origin).toBe('https://bkcode.vip');
    expect(bitget.searchParams.get('action')).toBe('dapp');
    expect(bitget.searchParams.get('url')).toBe(target);
  });
});
