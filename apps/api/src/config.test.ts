import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { privateKeyToAddress } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../test/production-env.ts';
import { ConfigError, loadConfig, loadDatabaseConfig, SECRET_SETTINGS } from './config.ts';

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

  it("takes a VAPID pair for Web Push, both keys or neither, the public key the private key's own", () => {
    const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = PRODUCTION_ENV;
    expect(loadConfig({}).push).toEqual({ vapid: null, subject: 'mailto:no-reply@minecloud.local' });
    expect(loadConfig({ VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT: 'https://app.example.com' }).push).toEqual({
      vapid: { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY },
      subject: 'https://app.example.com',
    });
    expect(refusal({ VAPID_PUBLIC_KEY })).toBe('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together, or neither');
    const other = Buffer.alloc(32, 0x33).toString('base64url');
    expect(refusal({ VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: other })).toBe(
      'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY',
    );
    expect(refusal({ VAPID_SUBJECT: 'http://app.example.com' })).toMatch(/^VAPID_SUBJECT: a mailto: or https: URL/);
    // Production without a pair starts, and says that push is off.
    const { VAPID_PUBLIC_KEY: _public, VAPID_PRIVATE_KEY: _private, ...withoutPush } = PRODUCTION_ENV;
    expect(loadConfig(withoutPush).warnings).toContain(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: push notifications are off',
    );
    expect(loadConfig(PRODUCTION_ENV).warnings).toEqual([]);
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

  // A demo that can sign payouts would pay its welcome balances out on chain.
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

  it('migrates on start outside production, and in production only when MIGRATE_ON_START says so', () => {
    expect(loadConfig({})).toMatchObject({ migrateOnStart: true, migrateLockTimeoutMs: 60_000 });
    expect(loadConfig({ NODE_ENV: 'test' }).migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: '0' }).migrateOnStart).toBe(false);
    expect(loadConfig(PRODUCTION_ENV).migrateOnStart).toBe(false);
    expect(loadConfig({ ...PRODUCTION_ENV, MIGRATE_ON_START: '1', MIGRATE_LOCK_TIMEOUT_SECONDS: '300' })).toMatchObject(
      {
        migrateOnStart: true,
        migrateLockTimeoutMs: 300_000,
      },
    );
    expect(() => loadConfig({ MIGRATE_LOCK_TIMEOUT_SECONDS: '0' })).toThrow(/MIGRATE_LOCK_TIMEOUT_SECONDS/);
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

  describe('secrets from files (<NAME>_FILE)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'minecloud-secrets-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    let files = 0;
    /** A file holding `content`, readable by its owner only unless `mode` says otherwise. */
    function secretFile(content: string, mode = 0o600): string {
      const file = path.join(dir, `secret-${files++}`);
      writeFileSync(file, content);
      chmodSync(file, mode);
      return file;
    }

    it('reads every secret setting from its file, without the trailing line break, as the plain variable would give it', () => {
      const values = {
        DATABASE_URL: 'postgres://minecloud:pa55@db.internal:5432/minecloud',
        JWT_SECRET: 'j'.repeat(48),
        ADMIN_BOOTSTRAP_PASSWORD: 'a-long-operator-password',
        SMTP_URL: 'smtps://user:pass@mail.example.com:465',
        CHAIN_RPC_URL: 'https://rpc.example.com/v3/0123456789abcdef',
        BTC_RPC_URL: 'http://bitcoin:rpc-pa55@btc.internal:8332/',
        PAYOUT_KEY: PRODUCTION_ENV.PAYOUT_KEY,
        METRICS_TOKEN: 'm'.repeat(24),
        TOTP_KEYS: `k1:${randomBytes(32).toString('base64')},m1`,
        VAPID_PRIVATE_KEY: PRODUCTION_ENV.VAPID_PRIVATE_KEY,
      } satisfies Record<(typeof SECRET_SETTINGS)[number], string>;
      const fromFiles = Object.fromEntries(
        Object.entries(values).map(([name, value]) => [`${name}_FILE`, secretFile(`${value}\n`)]),
      );
      const plain = loadConfig({ ...PRODUCTION_ENV, ...values });
      const filed = loadConfig({
        ...PRODUCTION_ENV,
        ...Object.fromEntries(SECRET_SETTINGS.map((n) => [n, ''])),
        ...fromFiles,
      });
      expect(filed).toEqual(plain);
      expect(filed).toMatchObject({
        databaseUrl: values.DATABASE_URL,
        jwtSecret: values.JWT_SECRET,
        adminBootstrapPassword: values.ADMIN_BOOTSTRAP_PASSWORD,
        smtpUrl: values.SMTP_URL,
        chain: { rpcUrl: values.CHAIN_RPC_URL, payoutKey: values.PAYOUT_KEY },
        metrics: { token: values.METRICS_TOKEN },
        totpKeys: [{ id: 'k1' }, { id: 'm1', key: null }],
        warnings: [],
      });
      // Windows line ends too.
      expect(loadConfig({ JWT_SECRET_FILE: secretFile(`${values.JWT_SECRET}\r\n`) }).jwtSecret).toBe(values.JWT_SECRET);
    });

    it('refuses a secret given both ways, naming the variable', () => {
      const problems = refusal({ JWT_SECRET: 'j'.repeat(40), JWT_SECRET_FILE: secretFile('k'.repeat(40)) });
      expect(problems).toBe('JWT_SECRET and JWT_SECRET_FILE are both set: give the value one way only');
    });

    it('refuses an unreadable or empty file, naming the variable and the path, never the content', () => {
      const missing = path.join(dir, 'no-such-file');
      expect(refusal({ PAYOUT_KEY_FILE: missing })).toBe(`PAYOUT_KEY_FILE: cannot read ${missing} (ENOENT)`);
      expect(refusal({ SMTP_URL_FILE: dir })).toBe(`SMTP_URL_FILE: cannot read ${dir} (EISDIR)`);
      const empty = secretFile('\n');
      expect(refusal({ METRICS_TOKEN_FILE: empty })).toBe(`METRICS_TOKEN_FILE: ${empty} is empty`);
      // A bad value from a file is named by its file, and not shown.
      const problems = refusal({ PAYOUT_KEY_FILE: secretFile('0xnot-a-key-but-still-a-secret\n') });
      expect(problems).toMatch(/^PAYOUT_KEY \(from PAYOUT_KEY_FILE\): a private key/);
      expect(problems).not.toContain('still-a-secret');
      const short = randomBytes(16).toString('base64');
      expect(refusal({ TOTP_KEYS_FILE: secretFile(`k1:${short}\n`) })).toBe(
        'TOTP_KEYS (from TOTP_KEYS_FILE): key k1 is not 32 bytes in base64 or hex',
      );
    });

    it('warns of a secret file that every user may read, and still starts', () => {
      const file = secretFile('j'.repeat(40), 0o644);
      const config = loadConfig({ JWT_SECRET_FILE: file });
      expect(config.jwtSecret).toBe('j'.repeat(40));
      expect(config.warnings).toEqual([expect.stringContaining(`JWT_SECRET_FILE: ${file} can be read by every user`)]);
      expect(config.warnings.join()).not.toContain('jjjj');
    });

    it('gives the database tools DATABASE_URL from its file, and only the database settings', () => {
      const url = 'postgres://minecloud:pa55@db.internal:5432/minecloud';
      // No JWT_SECRET and the rest: a migration needs none of them, even in production.
      expect(loadDatabaseConfig({ NODE_ENV: 'production', DATABASE_URL_FILE: secretFile(url) })).toEqual({
        databaseUrl: url,
        dataDir: './data',
        migrateLockTimeoutMs: 60_000,
        warnings: [],
      });
      expect(() => loadDatabaseConfig({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL is required in production/);
      expect(() => loadDatabaseConfig({ DATABASE_URL: url, DATABASE_URL_FILE: secretFile(url) })).toThrow(/both set/);
    });
  });
});
