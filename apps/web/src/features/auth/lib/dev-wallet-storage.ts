/** The development wallet's key lives here; it exists only when the server runs in demo mode. */
export const DEV_WALLET_STORAGE_KEY = 'minecloud-dev-wallet';

export type StoredDevWallet = { privateKey: `0x${string}`; address: `0x${string}` };

export function readDevWallet(): StoredDevWallet | null {
  try {
    const raw = localStorage.getItem(DEV_WALLET_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredDevWallet>;
    if (!/^0x[0-9a-fA-F]{64}$/.test(parsed.privateKey ?? '') || !/^0x[0-9a-fA-F]{40}$/.test(parsed.address ?? '')) {
      return null;
    }
    return parsed as StoredDevWallet;
  } catch {
    return null;
  }
}

export function writeDevWallet(wallet: StoredDevWallet): void {
  localStorage.setItem(DEV_WALLET_STORAGE_KEY, JSON.stringify(wallet));
}
