import { describe, expect, it } from 'vitest';
import { chainFacts } from './chains.ts';

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
});
