import { useEffect, useState } from 'react';
import { type WalletOption, watchWallets } from './wallets';

export function useWallets(): WalletOption[] {
  const [wallets, setWallets] = useState<WalletOption[]>([]);
  useEffect(() => watchWallets(setWallets), []);
  return wallets;
}
