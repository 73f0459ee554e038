import { describe, expect, it } from 'vitest';
import { chainFacts, walletChain } from './chains.ts';

describe('chain facts', () => {
  it('names BNB Smart Chain and its BEP-20 tokens for chain 56, the default', () => {
    expect(chainFacts(56)).toEqual({
      id: 56,
      name: 'BNB Smart Chain',
      standard: 'BEP-20',
      explorer: 'https://bscscan.com',
    });
    expect(chainFacts(1)).toMatchObject({ name: 'Ethereum', standard: 'ERC-20' });
  });

  it('names an unlisted chain by its id rather than guessing', () => {
    expect(chainFacts(31337)).toEqual({ id: 31337, name: 'EVM chain 31337', standard: 'ERC-20', explorer: null });
  });

  it('describes the chain as a wallet adds it: the configured public node first, else the known one', () => {
    expect(walletChain(56, null)).toEqual({
      id: 56,
      name: 'BNB Smart Chain',
      nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
      rpcUrls: ['https://bsc-dataseed.bnbchain.org'],
      explorer: 'https://bscscan.com',
    });
    expect(walletChain(56, 'https://rpc.example.org').rpcUrls).toEqual(['https://rpc.example.org']);
    // No node known and none configured: nothing a wallet could add the chain with.
    expect(walletChain(31337, null)).toMatchObject({ name: 'EVM chain 31337', rpcUrls: [] });
  });
});
