import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../../../test/production-env.ts';
import { loadConfig } from '../../config.ts';
import { isPlatformAddress } from './address-book.ts';
import { createChain, paysOut } from './chain.ts';
import { payoutSigner } from './signer.ts';

const key = PRODUCTION_ENV.PAYOUT_KEY as `0x${string}`;
const hot = privateKeyToAddress(key);
const { PAYOUT_KEY: _key, ...withoutKey } = PRODUCTION_ENV;

describe('the hot wallet signer', () => {
  it('signs in a process that runs jobs, with the key of the hot wallet', async () => {
    const config = loadConfig({ ...PRODUCTION_ENV, MODE: 'worker' });
    const chain = createChain(config);
    expect(chain?.payer?.address).toBe(hot);
    expect(chain?.hotWallet).toBe(hot);
    expect(await chain?.payer?.signMessage({ message: 'anchor' })).toMatch(/^0x[0-9a-f]{130}$/);
  });

  it('is never made in an API process, which knows the hot wallet by its address alone', () => {
    const config = loadConfig({ ...withoutKey, MODE: 'api', PAYOUT_ADDRESS: hot.toLowerCase() });
    const chain = createChain(config);
    expect(chain?.payer).toBeNull();
    expect(chain?.hotWallet).toBe(hot);
    // What API routes ask of the hot wallet: whether payouts run, and that nobody withdraws to it.
    expect(paysOut(chain, 'USDT')).toBe(true);
    expect(paysOut(chain, 'BTC')).toBe(false);
    expect(isPlatformAddress(chain, hot.toLowerCase())).toBe(true);
    // Not even from a configuration that has a key: loadConfig refuses one, and this never signs.
    const withKey = { ...config, chain: { ...config.chain, payoutKey: key } };
    expect(payoutSigner(withKey)).toBeNull();
    expect(createChain(withKey)?.payer).toBeNull();
  });

  it('leaves an API process without PAYOUT_ADDRESS outside production with no hot wallet: payouts show paused', () => {
    const chain = createChain(loadConfig({ MODE: 'api', DEMO: '0', CHAIN_RPC_URL: 'http://127.0.0.1:8545' }));
    expect(chain).toMatchObject({ payer: null, hotWallet: null });
    expect(paysOut(chain)).toBe(false);
  });
});
