import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestWallet } from '@/test/test-wallet';
import { isUserRejection, type WalletOption, watchWallets } from './wallets';

const ICON = 'data:image/svg+xml;base64,PHN2Zy8+';

function announceOnRequest(info: Record<string, string>, provider: unknown) {
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
  window.addEventListener('eip6963:requestProvider', announce);
  return () => window.removeEventListener('eip6963:requestProvider', announce);
}

afterEach(() => {
  delete window.ethereum;
});

describe('watchWallets', () => {
  it('lists nothing when the browser has no wallet', () => {
    const seen = vi.fn();
    watchWallets(seen)();
    expect(seen).toHaveBeenLastCalledWith([]);
  });

  it('lists a bare window.ethereum as the injected wallet', () => {
    const { provider } = createTestWallet();
    window.ethereum = provider;
    let wallets: WalletOption[] = [];
    watchWallets((list) => {
      wallets = list;
    })();
    expect(wallets).toEqual([{ id: 'injected', name: null, icon: null, provider }]);
  });

  it('lists EIP-6963 announcements by rdns and does not repeat the same provider as injected', () => {
    const first = createTestWallet().provider;
    const second = createTestWallet().provider;
    window.ethereum = first;
    const stopA = announceOnRequest({ uuid: 'u1', name: 'Test Wallet', icon: ICON, rdns: 'io.test.wallet' }, first);
    const stopB = announceOnRequest(
      { uuid: 'u2', name: 'Other', icon: 'https://evil/icon.png', rdns: 'com.other' },
      second,
    );
    let wallets: WalletOption[] = [];
    const stop = watchWallets((list) => {
      wallets = list;
    });
    expect(wallets.map((wallet) => [wallet.id, wallet.name, wallet.icon])).toEqual([
      ['io.test.wallet', 'Test Wallet', ICON],
      ['com.other', 'Other', null],
    ]);
    stop();
    stopA();
    stopB();
  });

  it('ignores announcements without rdns or provider', () => {
    const stopA = announceOnRequest({ uuid: 'u1', name: 'No rdns', icon: ICON, rdns: '' }, createTestWallet().provider);
    const stopB = announceOnRequest({ uuid: 'u2', name: 'No provider', icon: ICON, rdns: 'x.y' }, undefined);
    const seen = vi.fn();
    watchWallets(seen)();
    expect(seen).toHaveBeenLastCalledWith([]);
    stopA();
    stopB();
  });
});

describe('isUserRejection', () => {
  it('recognises EIP-1193 code 4001, also wrapped', () => {
    expect(isUserRejection({ code: 4001 })).toBe(true);
    expect(isUserRejection({ cause: { code: 4001 } })).toBe(true);
    expect(isUserRejection(new Error('x'))).toBe(false);
    expect(isUserRejection(null)).toBe(false);
  });
});
