import { z } from 'zod';

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
  JWT_SECRET: z.string().min(32).optional(),
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
  TRUST_PROXY: bool.default(false),
  RATE_LIMIT_SIGNIN_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_MONEY_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  WEB_DIST: z.string().optional(),
  ADMIN_DIST: z.string().optional(),
  SMTP_URL: z.string().url().optional(),
  /** The From of every mail. */
  MAIL_FROM: z.string().min(3).default('MineCloud <no-reply@minecloud.local>'),
  CHAIN_RPC_URL: z.string().url().optional(),
  MARKET_SOURCE_URL: z.string().url().optional(),
  /** Hourly history fetched for a symbol with none stored (monthly candles need months). */
  MARKET_HISTORY_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
  /** 1-minute candles fetched for a symbol with none stored, or after a longer gap. */
  MARKET_MINUTE_DAYS: z.coerce.number().int().min(1).max(30).default(2),
  DEPOSIT_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
  /** The hot wallet's private key (0x and 64 hex digits): it signs every payout. */
  PAYOUT_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'a private key: 0x and 64 hex digits')
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
  /** How often the jobs process looks at payouts and deposits on chain. */
  CHAIN_POLL_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
});

export type Config = ReturnType<typeof toConfig>;

/** Settings that production mode refuses to start without (ARCHITECTURE.md, "Runtime modes"). */
const PRODUCTION_REQUIRED = [
  'DATABASE_URL',
  'JWT_SECRET',
  'PUBLIC_ORIGIN',
  'ADMIN_BOOTSTRAP_PASSWORD',
  'SMTP_URL',
  'CHAIN_RPC_URL',
  'MARKET_SOURCE_URL',
  'DEPOSIT_ADDRESS',
  'PAYOUT_KEY',
  'TOKEN_USDT_ADDRESS',
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
    demo: parsed.DEMO ?? (!parsed.DATABASE_URL && !production),
    adminBootstrapPassword: parsed.ADMIN_BOOTSTRAP_PASSWORD,
    chainId: parsed.CHAIN_ID,
    publicOrigin: parsed.PUBLIC_ORIGIN,
    jwtSecret: parsed.JWT_SECRET,
    tokenTtlSeconds: parsed.TOKEN_TTL_SECONDS,
    mode: parsed.MODE,
    teamRollupMs: parsed.TEAM_ROLLUP_SECONDS * 1000,
    logLevel: parsed.LOG_LEVEL,
    trustProxy: parsed.TRUST_PROXY,
    signInPerMinute: parsed.RATE_LIMIT_SIGNIN_PER_MINUTE,
    moneyCallsPerMinute: parsed.RATE_LIMIT_MONEY_PER_MINUTE,
    webDist: parsed.WEB_DIST,
    adminDist: parsed.ADMIN_DIST,
    /** The exchange's REST base; without it the demo runs the simulated feed, anything else none. */
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    marketSourceUrl: parsed.MARKET_SOURCE_URL,
    market: { historyDays: parsed.MARKET_HISTORY_DAYS, minuteDays: parsed.MARKET_MINUTE_DAYS },
    chain: {
      id: parsed.CHAIN_ID,
      rpcUrl: parsed.CHAIN_RPC_URL,
      depositAddress: parsed.DEPOSIT_ADDRESS,
      payoutKey: parsed.PAYOUT_KEY as `0x${string}` | undefined,
      tokens: {
        ...(parsed.TOKEN_USDT_ADDRESS ? { USDT: parsed.TOKEN_USDT_ADDRESS } : {}),
        ...(parsed.TOKEN_BTC_ADDRESS ? { BTC: parsed.TOKEN_BTC_ADDRESS } : {}),
      } as Partial<Record<'USDT' | 'BTC', `0x${string}`>>,
      pollMs: parsed.CHAIN_POLL_SECONDS * 1000,
    },
  };
}

/** Parses every setting once; throws a ConfigError that lists every problem at once. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = env.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const parsed = result.data;
  if (parsed.NODE_ENV === 'production') {
    const missing = PRODUCTION_REQUIRED.filter((key) => !parsed[key]);
    if (missing.length) throw new ConfigError(missing.map((key) => `${key} is required in production`));
    if (parsed.DEMO) throw new ConfigError(['DEMO cannot be on in production']);
  }
  return toConfig(parsed);
}
