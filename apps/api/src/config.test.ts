import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
    const full = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://u@h/db',
      JWT_SECRET: 'x'.repeat(40),
      PUBLIC_ORIGIN: 'https://app.example.com',
      ADMIN_BOOTSTRAP_PASSWORD: 'a-long-operator-password',
      SMTP_URL: 'smtp://mail.example.com',
      CHAIN_RPC_URL: 'https://rpc.example.com',
      MARKET_SOURCE_URL: 'https://market.example.com',
      DEPOSIT_ADDRESS: `0x${'1'.repeat(40)}`,
      // A dummy of the right shape: no chain has ever seen it.
      PAYOUT_KEY: `0x${'11'.repeat(32)}`,
      TOKEN_USDT_ADDRESS: `0x${'2'.repeat(40)}`,
    };
    expect(loadConfig(full)).toMatchObject({ production: true, host: '0.0.0.0', demo: false });
    expect(() => loadConfig({ ...full, DEMO: '1' })).toThrow(/DEMO/);
    expect(() => loadConfig({ ...full, PAYOUT_KEY: 'kms:payout' })).toThrow(/PAYOUT_KEY/);
    expect(() => loadConfig({ ...full, TOKEN_USDT_ADDRESS: undefined })).toThrow(/TOKEN_USDT_ADDRESS is required/);
  });
});
