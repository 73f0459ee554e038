import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../test/production-env.ts';
import { ConfigError, loadConfig } from './config.ts';

/** The problems of a configuration that must be refused. */
function refusal(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems.join('\n');
  }
  return expect.unreachable('the configuration was accepted');
}

describe('config', () => {
  it('runs on PGlite in demo mode on 127.0.0.1:8080 by default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', dataDir: './data', demo: true, chainId: 56 });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('turns demo off on PostgreSQL unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO: '1' }).demo).toBe(true);
  });

  it('takes a WalletConnect project id of 32 hex digits, and refuses anything else', () => {
    expect(loadConfig({}).walletConnectProjectId).toBeNull();
    expect(loadConfig({ WALLETCONNECT_PROJECT_ID: '0123456789abcdef0123456789abcdef' }).walletConnectProjectId).toBe(
      '0123456789abcdef0123456789abcdef',
    );
    expect(() => loadConfig({ WALLETCONNECT_PROJECT_ID: 'my-project' })).toThrow(ConfigError);
  });

  it('lists every bad setting at once', () => {
    try {
      loadConfig({ PORT: 'eighty', CHAIN_ID: '-1', DATABASE_URL: 'not a url' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/CHAIN_ID/);
      expect(problems).toMatch(/DATABASE_URL/);
    }
  });

  it('refuses production without its settings, naming each one', () => {
    try {
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db' });
      expect.unreachable();
    } catch (error) {
      const problems = (error as ConfigError).problems;
      for (const key of [
        'JWT_SECRET',
        'PUBLIC_ORIGIN',
        'ADMIN_BOOTSTRAP_PASSWORD',
        'SMTP_URL',
        'DEPOSIT_ADDRESS',
        'TOKEN_USDT_ADDRESS',
      ]) {
        expect(problems).toContain(`${key} is required in production`);
      }
      expect(problems).not.toContain('DATABASE_URL is required in production');
    }
  });

  // Item 6 of issue 23: a demo that can sign payouts would pay its welcome balances out on chain.
  it('refuses demo mode with a chain and a payout key, in any NODE_ENV, saying why', () => {
    const payer = { CHAIN_RPC_URL: 'http://127.0.0.1:8545', PAYOUT_KEY: `0x${'11'.repeat(32)}` };
    for (const NODE_ENV of ['development', 'test']) {
      for (const demo of [{ DEMO: '1' }, {}]) {
        try {
          loadConfig({ NODE_ENV, ...demo, ...payer });
          expect.unreachable();
        } catch (error) {
          expect(error).toBeInstanceOf(ConfigError);
          expect((error as ConfigError).message).toMatch(/DEMO cannot run with CHAIN_RPC_URL and PAYOUT_KEY/);
          expect((error as ConfigError).message).toMatch(/welcome balance would be withdrawable on chain/);
        }
      }
    }
    // Demo on PostgreSQL too, when asked for.
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO: 'yes', ...payer })).toThrow(/DEMO cannot run/);
    // A demo that can only see the chain (deposits), and a chain without demo, are fine.
    expect(loadConfig({ CHAIN_RPC_URL: payer.CHAIN_RPC_URL }).demo).toBe(true);
    expect(loadConfig({ DEMO: '0', ...payer }).chain.payoutKey).toBe(payer.PAYOUT_KEY);
  });

  it('refuses a short JWT secret and demo mode in production', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    const full = PRODUCTION_ENV;
    expect(loadConfig(full)).toMatchObject({ production: true, host: '0.0.0.0', demo: false });
    expect(() => loadConfig({ ...full, DEMO: '1' })).toThrow(/DEMO/);
    expect(() => loadConfig({ ...full, PAYOUT_KEY: 'kms:payout' })).toThrow(/PAYOUT_KEY/);
    expect(() => loadConfig({ ...full, TOKEN_USDT_ADDRESS: undefined })).toThrow(/TOKEN_USDT_ADDRESS is required/);
  });

  describe('the hot wallet key, only where payouts run', () => {
    const hot = privateKeyToAddress(PRODUCTION_ENV.PAYOUT_KEY as `0x${string}`);

    it('refuses PAYOUT_KEY in a MODE=api process, in production and elsewhere, saying why', () => {
      for (const env of [
        { ...PRODUCTION_ENV, MODE: 'api', PAYOUT_ADDRESS: hot },
        { MODE: 'api', DEMO: '0', PAYOUT_KEY: PRODUCTION_ENV.PAYOUT_KEY },
      ]) {
        const problems = refusal(env);
        expect(problems).toMatch(/PAYOUT_KEY must not be given to a MODE=api process/);
        expect(problems).toMatch(/a flaw in any route handler would then reach the hot wallet/);
        expect(problems).not.toContain(PRODUCTION_ENV.PAYOUT_KEY);
      }
    });

    it('lets an API process know the hot wallet by its address alone, which production requires', () => {
      const { PAYOUT_KEY: _key, ...withoutKey } = PRODUCTION_ENV;
      const api = loadConfig({ ...withoutKey, MODE: 'api', PAYOUT_ADDRESS: hot });
      expect(api.chain).toMatchObject({ payoutKey: undefined, payoutAddress: hot });
      expect(refusal({ ...withoutKey, MODE: 'api' })).toMatch(/PAYOUT_ADDRESS is required in production by a MODE=api/);
    });

    it('refuses a production process that runs jobs without PAYOUT_KEY, when a chain is set', () => {
      const { PAYOUT_KEY: _key, ...withoutKey } = PRODUCTION_ENV;
      for (const MODE of ['worker', 'all']) {
        expect(refusal({ ...withoutKey, MODE })).toContain(
          `PAYOUT_KEY is required in production by a process that runs jobs (MODE=${MODE})`,
        );
        expect(loadConfig({ ...PRODUCTION_ENV, MODE }).chain.payoutKey).toBe(PRODUCTION_ENV.PAYOUT_KEY);
      }
      // Outside production a worker may follow deposits without paying anything.
      expect(loadConfig({ MODE: 'worker', DEMO: '0', CHAIN_RPC_URL: 'http://127.0.0.1:8545' }).chain.payoutKey).toBe(
        undefined,
      );
    });

    it('refuses a PAYOUT_ADDRESS that is not the address of PAYOUT_KEY', () => {
      expect(loadConfig({ ...PRODUCTION_ENV, MODE: 'worker', PAYOUT_ADDRESS: hot.toLowerCase() }).production).toBe(
        true,
      );
      const problems = refusal({ ...PRODUCTION_ENV, MODE: 'worker', PAYOUT_ADDRESS: `0x${'3'.repeat(40)}` });
      expect(problems).toContain(`PAYOUT_KEY is the key of ${hot}`);
      expect(problems).not.toContain(PRODUCTION_ENV.PAYOUT_KEY);
    });
  });
});
