import { readFileSync, statSync } from 'node:fs';
import { privateKeyToAddress } from 'viem/accounts';
import { z } from 'zod';
import { DEFAULT_TOTP_KEYS, parseTotpKeys, type TotpKeySpec, vapidPublicKeyOf } from './lib/keys.ts';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
  DEMO: bool.optional(),
  ADMIN_BOOTSTRAP_PASSWORD: z.string().min(12).optional(),
  CHAIN_ID: z.coerce.number().int().positive().default(56),
  PUBLIC_ORIGIN: z.string().url().optional(),
  /**
   * The master secret: every key of the server is derived from it, one per purpose (lib/keys.ts).
   * The name is the one it had when it was the token key, so that deployments keep their setting.
   */
  JWT_SECRET: z.string().min(32).optional(),
  /** The keys of operators' TOTP secrets at rest, current first (lib/keys.ts, `parseTotpKeys`). */
  TOTP_KEYS: z
    .string()
    .transform((text, ctx): TotpKeySpec[] => {
      try {
        return parseTotpKeys(text);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(12 * 3600),
  MODE: z.enum(['api', 'worker', 'all']).default('all'),
  /** How often jobs processes roll team figures up (they are at most this far behind). */
  TEAM_ROLLUP_SECONDS: z.coerce.number().int().min(1).max(60).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** SIGTERM/SIGINT to exit, at most: requests in flight finish meanwhile; then the process ends anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(2).max(600).default(10),
  TRUST_PROXY: bool.default(false),
  RATE_LIMIT_SIGNIN_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_MONEY_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Image bytes all members together may upload in 24 hours, so that many wallets cannot fill the disk. */
  UPLOAD_BYTES_PER_DAY: z.coerce
    .number()
    .int()
    .min(1)
    .default(2 * 1024 * 1024 * 1024),
  WEB_DIST: z.string().optional(),
  ADMIN_DIST: z.string().optional(),
  SMTP_URL: z.string().url().optional(),
  /** The From of every mail. */
  MAIL_FROM: z.string().min(3).default('MineCloud <no-reply@minecloud.local>'),
  /** SMTP limits of the mail worker: connecting, the server's greeting, any silence on the socket. */
  SMTP_CONNECT_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(300).default(5),
  SMTP_GREETING_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(300).default(5),
  SMTP_SOCKET_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(15),
  /** Tries per mail before it is `failed`; the wait doubles from MAIL_RETRY_SECONDS after each. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How often the mail worker looks for queued mail. */
  MAIL_POLL_SECONDS: z.coerce.number().min(0.2).max(60).default(2),
  CHAIN_RPC_URL: z.string().url().optional(),
  /**
   * A Bitcoin Core node's JSON-RPC (http://user:password@host:8332/): the network mode of the
   * mining output takes each day's blocks from it (modules/network). Without it, the demo takes them
   * from its simulated chain and any other deployment has no network days.
   */
  BTC_RPC_URL: z.string().url().optional(),
  /**
   * NATS with JetStream (nats://host:4222): the live stream's events go from the relay to every API
   * process through it. Without it they go by one NOTIFY per relay batch (PostgreSQL) or in-process.
   */
  NATS_URL: z
    .string()
    .regex(/^(nats|tls):\/\/[^\s]+$/, 'a NATS server URL: nats://host:4222 (or tls://)')
    .optional(),
  MARKET_SOURCE_URL: z.string().url().optional(),
  /** Hourly history fetched for a symbol with none stored (monthly candles need months). */
  MARKET_HISTORY_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
  /** 1-minute candles fetched for a symbol with none stored, or after a longer gap. */
  MARKET_MINUTE_DAYS: z.coerce.number().int().min(1).max(30).default(2),
  /** WalletConnect Cloud project id (32 hex digits, public): enables WalletConnect v2 sign-in. */
  WALLETCONNECT_PROJECT_ID: z
    .string()
    .regex(/^[0-9a-f]{32}$/, 'a WalletConnect Cloud project id: 32 hex digits')
    .optional(),
  DEPOSIT_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
  /**
   * The hot wallet's private key (0x and 64 hex digits): it signs every payout and solvency anchor.
   * Only processes that run jobs (MODE=worker or all) may have it.
   */
  PAYOUT_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'a private key: 0x and 64 hex digits')
    .optional(),
  /**
   * The hot wallet's address (public): what MODE=api processes know of it, without its key (they
   * show it, refuse it as a withdrawal address, and tell whether payouts run).
   */
  PAYOUT_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'an address: 0x and 40 hex digits')
    .optional(),
  /** The ERC-20 contract of each asset on the chain: withdrawals pay in it, deposits count only it. */
  TOKEN_USDT_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
  TOKEN_BTC_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
  /**
   * A public JSON-RPC node of the chain that members' browsers may ask (proof of solvency): the app
   * checks the anchor transactions and reserve balances there, not through this server.
   */
  CHAIN_PUBLIC_RPC_URL: z.string().url().optional(),
  /**
   * Web Push (VAPID, RFC 8292): the application server's key pair, the public key as members'
   * browsers take it (65 bytes, base64url) and the private key (32 bytes, base64url), e.g. from
   * `npx web-push generate-vapid-keys`. Both or neither; in demo mode without them a pair derived
   * from the master secret is used, elsewhere push is off.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'a P-256 public key: 65 bytes in base64url (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'a P-256 private key: 32 bytes in base64url (43 characters)')
    .optional(),
  /** Who push services may contact about this server's pushes: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'a mailto: or https: URL')
    .optional(),
  /** How often the jobs process looks at payouts and deposits on chain. */
  CHAIN_POLL_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /** When set, /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16).max(512).optional(),
  /** How old the ledger invariant shown in /metrics may be before a scrape runs the check again. */
  METRICS_LEDGER_CHECK_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  /** The API explorer at /docs; off in production unless set. */
  DOCS_ENABLED: bool.optional(),
  /** Whether a starting process applies pending migrations itself; on outside production. */
  MIGRATE_ON_START: bool.optional(),
  /** How long migrating (at start, or `npm run db:migrate`) waits for another process's migration lock. */
  MIGRATE_LOCK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
});

export type Config = ReturnType<typeof toConfig>;

/** Settings that production mode refuses to start without (docs/operations.md, section 2). */
const PRODUCTION_REQUIRED = [
  'DATABASE_URL',
  'JWT_SECRET',
  'PUBLIC_ORIGIN',
  'ADMIN_BOOTSTRAP_PASSWORD',
  'SMTP_URL',
  'CHAIN_RPC_URL',
  'MARKET_SOURCE_URL',
  'DEPOSIT_ADDRESS',
  'TOKEN_USDT_ADDRESS',
] as const;

/**
 * The settings that may instead be given as `<NAME>_FILE`, the path of a file holding the value
 * (Docker and Kubernetes secrets): each one is a credential, or may carry one (a database, SMTP or
 * JSON-RPC URL with a password or an API key in it).
 */
export const SECRET_SETTINGS = [
  'DATABASE_URL',
  'JWT_SECRET',
  'TOTP_KEYS',
  'ADMIN_BOOTSTRAP_PASSWORD',
  'SMTP_URL',
  'CHAIN_RPC_URL',
  'BTC_RPC_URL',
  'PAYOUT_KEY',
  'METRICS_TOKEN',
  'VAPID_PRIVATE_KEY',
] as const;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

function toConfig(parsed: z.infer<typeof env>) {
  const production = parsed.NODE_ENV === 'production';
  return {
    nodeEnv: parsed.NODE_ENV,
    production,
    port: parsed.PORT,
    host: parsed.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    dataDir: parsed.DATA_DIR,
    databaseUrl: parsed.DATABASE_URL,
    databasePoolMax: parsed.DATABASE_POOL_MAX,
    natsUrl: parsed.NATS_URL,
    demo: parsed.DEMO ?? (!parsed.DATABASE_URL && !production),
    adminBootstrapPassword: parsed.ADMIN_BOOTSTRAP_PASSWORD,
    chainId: parsed.CHAIN_ID,
    publicOrigin: parsed.PUBLIC_ORIGIN,
    jwtSecret: parsed.JWT_SECRET,
    totpKeys: parsed.TOTP_KEYS ?? DEFAULT_TOTP_KEYS,
    tokenTtlSeconds: parsed.TOKEN_TTL_SECONDS,
    mode: parsed.MODE,
    teamRollupMs: parsed.TEAM_ROLLUP_SECONDS * 1000,
    logLevel: parsed.LOG_LEVEL,
    shutdownGraceMs: parsed.SHUTDOWN_GRACE_SECONDS * 1000,
    trustProxy: parsed.TRUST_PROXY,
    signInPerMinute: parsed.RATE_LIMIT_SIGNIN_PER_MINUTE,
    moneyCallsPerMinute: parsed.RATE_LIMIT_MONEY_PER_MINUTE,
    uploadBytesPerDay: parsed.UPLOAD_BYTES_PER_DAY,
    webDist: parsed.WEB_DIST,
    adminDist: parsed.ADMIN_DIST,
    /** The exchange's REST base; without it the demo runs the simulated feed, anything else none. */
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    mail: {
      timeouts: {
        connectMs: Math.round(parsed.SMTP_CONNECT_TIMEOUT_SECONDS * 1000),
        greetingMs: Math.round(parsed.SMTP_GREETING_TIMEOUT_SECONDS * 1000),
        socketMs: Math.round(parsed.SMTP_SOCKET_TIMEOUT_SECONDS * 1000),
      },
      maxAttempts: parsed.MAIL_MAX_ATTEMPTS,
      retryMs: parsed.MAIL_RETRY_SECONDS * 1000,
      pollMs: Math.round(parsed.MAIL_POLL_SECONDS * 1000),
    },
    marketSourceUrl: parsed.MARKET_SOURCE_URL,
    btcRpcUrl: parsed.BTC_RPC_URL ?? null,
    walletConnectProjectId: parsed.WALLETCONNECT_PROJECT_ID ?? null,
    market: { historyDays: parsed.MARKET_HISTORY_DAYS, minuteDays: parsed.MARKET_MINUTE_DAYS },
    chain: {
      id: parsed.CHAIN_ID,
      rpcUrl: parsed.CHAIN_RPC_URL,
      depositAddress: parsed.DEPOSIT_ADDRESS,
      payoutKey: parsed.PAYOUT_KEY as `0x${string}` | undefined,
      payoutAddress: parsed.PAYOUT_ADDRESS as `0x${string}` | undefined,
      tokens: {
        ...(parsed.TOKEN_USDT_ADDRESS ? { USDT: parsed.TOKEN_USDT_ADDRESS } : {}),
        ...(parsed.TOKEN_BTC_ADDRESS ? { BTC: parsed.TOKEN_BTC_ADDRESS } : {}),
      } as Partial<Record<'USDT' | 'BTC', `0x${string}`>>,
      pollMs: parsed.CHAIN_POLL_SECONDS * 1000,
      publicRpcUrl: parsed.CHAIN_PUBLIC_RPC_URL ?? null,
    },
    push: {
      /** The configured VAPID pair; null: derived in demo mode (app.ts), else push is off. */
      vapid:
        parsed.VAPID_PUBLIC_KEY && parsed.VAPID_PRIVATE_KEY
          ? { publicKey: parsed.VAPID_PUBLIC_KEY, privateKey: parsed.VAPID_PRIVATE_KEY }
          : null,
      subject: parsed.VAPID_SUBJECT ?? `mailto:${mailAddressOf(parsed.MAIL_FROM)}`,
    },
    metrics: { token: parsed.METRICS_TOKEN, ledgerCheckMs: parsed.METRICS_LEDGER_CHECK_SECONDS * 1000 },
    /** Swagger UI at /docs: on outside production, off in production unless DOCS_ENABLED. */
    docsEnabled: parsed.DOCS_ENABLED ?? !production,
    migrateOnStart: parsed.MIGRATE_ON_START ?? !production,
    migrateLockTimeoutMs: parsed.MIGRATE_LOCK_TIMEOUT_SECONDS * 1000,
    /** What the process should log at start: nothing wrong enough to refuse it. */
    warnings: [] as string[],
  };
}

/** Parses every setting once; throws a ConfigError that lists every problem at once. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const files = readSecretFiles(source, SECRET_SETTINGS);
  const parsed = parseSettings(files, env);
  const problems: string[] = [];
  if (parsed.NODE_ENV === 'production') {
    problems.push(
      ...PRODUCTION_REQUIRED.filter((key) => !parsed[key]).map((key) => `${key} is required in production`),
    );
    if (parsed.DEMO) problems.push('DEMO cannot be on in production');
  }
  problems.push(...misplacedPayoutKey(parsed), ...vapidProblems(parsed));
  if (problems.length) throw new ConfigError(problems);
  const config = toConfig(parsed);
  config.warnings.push(...files.warnings);
  if (!config.push.vapid && config.production) {
    config.warnings.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: push notifications are off');
  }
  refuseDemoThatCanPay(config, parsed.DEMO === undefined);
  return config;
}

/** The environment with every `<NAME>_FILE` of `names` read in, and the warnings of reading them. */
type SecretSource = { values: Record<string, string>; warnings: string[]; fromFile: Set<string> };

/**
 * Reads `<NAME>_FILE` for each of `names` into `<NAME>`: the file's content without its trailing
 * line break. Both at once, or a file that cannot be read or is empty, is a ConfigError naming the
 * variable and the path (never the content). A file that every user may read is only a warning:
 * Kubernetes mounts secrets 0644 unless `defaultMode` says otherwise.
 */
function readSecretFiles(source: NodeJS.ProcessEnv, names: readonly string[]): SecretSource {
  const values = Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
  const problems: string[] = [];
  const warnings: string[] = [];
  const fromFile = new Set<string>();
  for (const name of names) {
    const file = values[`${name}_FILE`];
    delete values[`${name}_FILE`];
    if (file === undefined) continue;
    if (values[name] !== undefined) {
      problems.push(`${name} and ${name}_FILE are both set: give the value one way only`);
      continue;
    }
    try {
      const value = readFileSync(file, 'utf8').replace(/[\r\n]+$/, '');
      if (value === '') {
        problems.push(`${name}_FILE: ${file} is empty`);
        continue;
      }
      values[name] = value;
      fromFile.add(name);
      if (statSync(file).mode & 0o004) {
        warnings.push(
          `${name}_FILE: ${file} can be read by every user of the machine; make it readable by this process's user only (e.g. mode 0400)`,
        );
      }
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      problems.push(`${name}_FILE: cannot read ${file} (${reason})`);
    }
  }
  if (problems.length) throw new ConfigError(problems);
  return { values, warnings, fromFile };
}

/** `schema` applied to the settings; a ConfigError lists every problem, naming a value's file if it came from one. */
function parseSettings<T extends z.ZodType>(source: SecretSource, schema: T): z.infer<T> {
  const result = schema.safeParse(source.values);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const key = issue.path.join('.');
      return `${source.fromFile.has(key) ? `${key} (from ${key}_FILE)` : key}: ${issue.message}`;
    }),
  );
}

/**
 * The hot wallet's key belongs to the processes that sign with it, never to one that faces the
 * internet: in an API process a flaw in any route handler would reach it (docs/operations.md,
 * "Secrets and the payout signer"). Refused in every NODE_ENV. In production a process that runs
 * jobs needs it (when a chain is set), and an API process needs the wallet's address instead.
 */
function misplacedPayoutKey(parsed: z.infer<typeof env>): string[] {
  const problems: string[] = [];
  if (parsed.MODE === 'api' && parsed.PAYOUT_KEY) {
    problems.push(
      "PAYOUT_KEY must not be given to a MODE=api process: it faces the internet, and a flaw in any route handler would then reach the hot wallet. Give the key only to MODE=worker processes, and PAYOUT_ADDRESS (the hot wallet's address) to API processes",
    );
  }
  if (parsed.NODE_ENV === 'production' && parsed.CHAIN_RPC_URL) {
    if (parsed.MODE !== 'api' && !parsed.PAYOUT_KEY) {
      problems.push(
        `PAYOUT_KEY is required in production by a process that runs jobs (MODE=${parsed.MODE}): it signs the payouts`,
      );
    }
    if (parsed.MODE === 'api' && !parsed.PAYOUT_ADDRESS) {
      problems.push(
        "PAYOUT_ADDRESS is required in production by a MODE=api process: the hot wallet's address, which API processes show and refuse as a withdrawal address (its key stays with the workers)",
      );
    }
  }
  if (parsed.PAYOUT_KEY && parsed.PAYOUT_ADDRESS) {
    const address = privateKeyToAddress(parsed.PAYOUT_KEY as `0x${string}`);
    if (address.toLowerCase() !== parsed.PAYOUT_ADDRESS.toLowerCase()) {
      problems.push(`PAYOUT_ADDRESS is ${parsed.PAYOUT_ADDRESS}, but PAYOUT_KEY is the key of ${address}`);
    }
  }
  return problems;
}

/** The address of a From such as `MineCloud <no-reply@minecloud.local>`. */
function mailAddressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

/** The VAPID pair: both keys or neither, and the public key the private key's own. */
function vapidProblems(parsed: z.infer<typeof env>): string[] {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = parsed;
  if (!publicKey && !privateKey) return [];
  if (!publicKey || !privateKey) return ['VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together, or neither'];
  try {
    if (vapidPublicKeyOf(Buffer.from(privateKey, 'base64url')) === publicKey) return [];
  } catch {
    return ['VAPID_PRIVATE_KEY is not a P-256 private key'];
  }
  return ['VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY'];
}

const databaseEnv = env.pick({
  NODE_ENV: true,
  DATA_DIR: true,
  DATABASE_URL: true,
  MIGRATE_LOCK_TIMEOUT_SECONDS: true,
});

/**
 * Only what a command-line tool of the database needs (`npm run db:migrate`, `npm run ledger:check`):
 * it runs with the database's settings alone, not every secret of a server process.
 */
export function loadDatabaseConfig(source: NodeJS.ProcessEnv = process.env) {
  const files = readSecretFiles(source, ['DATABASE_URL']);
  const parsed = parseSettings(files, databaseEnv);
  // Without it the tool would work on a new PGlite in DATA_DIR, not on the production database.
  if (parsed.NODE_ENV === 'production' && !parsed.DATABASE_URL) {
    throw new ConfigError(['DATABASE_URL is required in production']);
  }
  return {
    databaseUrl: parsed.DATABASE_URL,
    dataDir: parsed.DATA_DIR,
    migrateLockTimeoutMs: parsed.MIGRATE_LOCK_TIMEOUT_SECONDS * 1000,
    warnings: files.warnings,
  };
}

/**
 * Demo mode credits every new wallet a welcome balance; with a chain and a key that signs payouts,
 * that balance could be withdrawn as real tokens. Refused in every NODE_ENV, whether DEMO was set
 * or is on by default (PGlite outside production).
 */
function refuseDemoThatCanPay(config: Config, byDefault: boolean) {
  if (!config.demo || !config.chain.rpcUrl || !config.chain.payoutKey) return;
  throw new ConfigError([
    `DEMO cannot run with CHAIN_RPC_URL and PAYOUT_KEY: every demo wallet's welcome balance would be withdrawable on chain (set DEMO=0, or leave PAYOUT_KEY unset)${byDefault ? '; demo mode is on by default without DATABASE_URL' : ''}`,
  ]);
}
