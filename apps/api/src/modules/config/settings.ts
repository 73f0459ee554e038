import { ASSETS } from '@minecloud/contract/amount';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { auditLog, settings } from '../../db/schema.ts';

/** A rate as an exact decimal string ("0.05"), never a float. */
const rate = z.string().regex(/^(0|[1-9]\d*)(\.\d{1,8})?$/);
/** An amount as a decimal string. */
const amount = z.string().regex(/^(0|[1-9]\d*)(\.\d+)?$/);
const asset = z.enum(ASSETS as [string, ...string[]]);

/** Every operator-editable setting of ECONOMY.md, with its type and default. */
export const SETTINGS = {
  'gold.perUsdt': { schema: z.number().int().min(1).max(1_000_000), default: 100 },
  'transfer.assets': { schema: z.array(asset).min(1), default: ['GOLD', 'USDT'] },
  'donation.assets': { schema: z.array(asset).min(1), default: ['GOLD', 'USDT'] },
  'mining.burnRate': { schema: rate, default: '0.05' },
  'mining.btcPerThPerDay': { schema: amount, default: '0.0000008' },
  'settlement.timeZone': { schema: z.string().min(1), default: 'Asia/Shanghai' },
  'equity.minQuantity': { schema: z.number().int().min(1), default: 1 },
  'equity.minReinvestU': { schema: amount, default: '10' },
  'equity.btcShare': { schema: rate, default: '0.5' },
  'equity.termDays': { schema: z.number().int().min(1), default: 365 },
  'equity.tradingOpen': { schema: z.boolean(), default: false },
  'equity.repurchaseOpen': { schema: z.boolean(), default: false },
  /** USDT per BTC for the BTC part of static earnings on a day without a stored BTCUSDT candle. */
  'equity.fallbackBtcPrice': { schema: amount, default: '60000' },
  'team.directRate': { schema: rate, default: '0.10' },
  'team.indirectRate': { schema: rate, default: '0.05' },
  /** Levels (node identities): major and minor area performance in U, and the bonus hash rate. */
  'team.silverMajor': { schema: amount, default: '50000' },
  'team.silverMinor': { schema: amount, default: '20000' },
  'team.goldMajor': { schema: amount, default: '200000' },
  'team.goldMinor': { schema: amount, default: '80000' },
  'team.regularBonusPct': { schema: z.number().int().min(0).max(100), default: 0 },
  'team.silverBonusPct': { schema: z.number().int().min(0).max(100), default: 5 },
  'team.goldBonusPct': { schema: z.number().int().min(0).max(100), default: 10 },
  'pool.purchaseShare': { schema: rate, default: '0.02' },
  'pool.minForge': { schema: amount, default: '10' },
  'pool.winners': { schema: z.number().int().min(1).max(100), default: 5 },
  /** Percent of the pool for each winning place, best first; what they leave of 100 rolls over. */
  'pool.weights': {
    schema: z
      .array(z.number().int().min(0).max(100))
      .min(1)
      .refine((w) => w.reduce((a, b) => a + b, 0) <= 100, 'weights add up to at most 100'),
    default: [40, 25, 15, 10, 10],
  },
  'withdraw.fee.USDT': { schema: amount, default: '1' },
  'withdraw.fee.BTC': { schema: amount, default: '0.0001' },
  'withdraw.min.USDT': { schema: amount, default: '10' },
  'withdraw.min.BTC': { schema: amount, default: '0.001' },
  /** A withdrawal of at least this much needs a second, different operator's approval. */
  'withdraw.secondApproval.USDT': { schema: amount, default: '10000' },
  'withdraw.secondApproval.BTC': { schema: amount, default: '0.2' },
  /** The symbol whose 1-minute candles decide the up/down rounds. */
  'market.roundSymbol': { schema: z.string().regex(/^[A-Z0-9]{2,20}$/), default: 'BTCUSDT' },
  'chain.confirmations': { schema: z.number().int().min(1), default: 12 },
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]['schema']>;

type Reader = Pick<Db, 'select'>;

/** Settings change rarely and are read on every money call: each process keeps them for 5 s. */
export const SETTINGS_CACHE_MS = 5_000;
let cache: { at: number; values: Map<string, unknown> } | undefined;

export function forgetSettings() {
  cache = undefined;
}

/** A setting's value: the stored one if valid, else the default. */
export async function getSetting<K extends SettingKey>(db: Reader, key: K): Promise<SettingValue<K>> {
  if (!cache || Date.now() - cache.at > SETTINGS_CACHE_MS) {
    cache = { at: Date.now(), values: await storedSettings(db) };
  }
  const spec = SETTINGS[key];
  const parsed = spec.schema.safeParse(cache.values.get(key));
  return (parsed.success ? parsed.data : spec.default) as SettingValue<K>;
}

/**
 * The stored values, parsed from their JSON text here: drizzle's jsonb column parses a string value
 * a second time, so a stored "100" came back as the number 100 and failed its (string) schema.
 */
async function storedSettings(db: Reader): Promise<Map<string, unknown>> {
  const rows = await db.select({ key: settings.key, json: sql<string>`${settings.value}::text` }).from(settings);
  return new Map(rows.map((r) => [r.key, JSON.parse(r.json)]));
}

export async function allSettings(db: Reader) {
  const stored = await storedSettings(db);
  return Object.entries(SETTINGS).map(([key, spec]) => {
    const parsed = spec.schema.safeParse(stored.get(key));
    return { key, value: parsed.success ? parsed.data : spec.default, isDefault: !parsed.success };
  });
}

/** Validates and stores a setting, with an audit row of the change. */
export async function setSetting(db: Db, key: SettingKey, value: unknown, actor: string) {
  const spec = SETTINGS[key];
  const parsed = spec.schema.parse(value);
  await db.transaction(async (tx) => {
    const before = await getSetting(tx, key);
    await tx
      .insert(settings)
      .values({ key, value: parsed, updatedBy: actor })
      .onConflictDoUpdate({ target: settings.key, set: { value: parsed, updatedBy: actor, updatedAt: sql`now()` } });
    await tx.insert(auditLog).values({ actor, action: 'config.set', target: key, before, after: parsed });
  });
  forgetSettings();
  return parsed;
}
