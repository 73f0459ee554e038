import { ASSETS, type Asset, parseAmount } from '@minecloud/contract/amount';
import type { SettingKind } from '@minecloud/contract/console';
import { asc, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, isoTime, newestFirst, pageClause, queryRows } from '../../db/client.ts';
import { settingChanges } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { addDays, dayOf, startOfDay } from '../../lib/calendar.ts';

type Spec<T extends z.ZodType> = { kind: SettingKind; schema: T; min: number | null; max: number | null };
const spec = <T extends z.ZodType>(
  kind: SettingKind,
  schema: T,
  min: number | null = null,
  max: number | null = null,
): Spec<T> => ({
  kind,
  schema,
  min,
  max,
});

/**
 * A rate as an exact decimal string ("0.05"), never a float: a share of a whole (burned hash rate,
 * referral rewards, the pool's share, the BTC part of earnings), so from 0 to 1.
 */
const rate = spec(
  'rate',
  z.string().regex(/^(0(\.\d{1,8})?|1(\.0{1,8})?)$/, 'a decimal from 0 to 1 such as 0.05'),
  0,
  1,
);
/** An amount as a decimal string. */
const amount = spec('decimal', z.string().regex(/^(0|[1-9]\d*)(\.\d+)?$/, 'a decimal such as 12.5'));
const integer = (min: number, max?: number) =>
  spec('integer', max === undefined ? z.number().int().min(min) : z.number().int().min(min).max(max), min, max ?? null);
const boolean = spec('boolean', z.boolean());
/** An amount of one asset: a decimal within the asset's places, so it always converts to units. */
const assetAmount = (asset: Asset) =>
  spec(
    'decimal',
    z
      .string()
      .regex(/^(0|[1-9]\d*)(\.\d+)?$/, 'a decimal such as 12.5')
      .refine((value) => parseAmount(value, asset).ok, `an amount of ${asset} such as 12.5`),
  );
const text = (pattern: RegExp) => spec('text', z.string().regex(pattern));
const timeZone = spec(
  'text',
  z.string().refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'an IANA time zone such as Asia/Shanghai'),
);
const assets = spec('assets', z.array(z.enum(ASSETS as [string, ...string[]])).min(1));
const percentages = spec(
  'percentages',
  z
    .array(z.number().int().min(0).max(100))
    .min(1)
    .refine((w) => w.reduce((a, b) => a + b, 0) <= 100, 'weights add up to at most 100'),
  0,
  100,
);

/** Every operator-editable setting of ECONOMY.md, with its type and default. */
export const SETTINGS = {
  'gold.perUsdt': { ...integer(1, 1_000_000), default: 100 },
  'transfer.assets': { ...assets, default: ['GOLD', 'USDT'] },
  'donation.assets': { ...assets, default: ['GOLD', 'USDT'] },
  'mining.burnRate': { ...rate, default: '0.05' },
  'mining.btcPerThPerDay': { ...amount, default: '0.0000008' },
  'settlement.timeZone': { ...timeZone, default: 'Asia/Shanghai' },
  'equity.minQuantity': { ...integer(1), default: 1 },
  'equity.minReinvestU': { ...amount, default: '10' },
  'equity.btcShare': { ...rate, default: '0.5' },
  'equity.termDays': { ...integer(1), default: 365 },
  'equity.tradingOpen': { ...boolean, default: false },
  'equity.repurchaseOpen': { ...boolean, default: false },
  /** USDT per BTC for the BTC part of static earnings on a day without a stored BTCUSDT candle. */
  'equity.fallbackBtcPrice': { ...amount, default: '60000' },
  'team.directRate': { ...rate, default: '0.10' },
  'team.indirectRate': { ...rate, default: '0.05' },
  /** Levels (node identities): major and minor area performance in U, and the bonus hash rate. */
  'team.silverMajor': { ...amount, default: '50000' },
  'team.silverMinor': { ...amount, default: '20000' },
  'team.goldMajor': { ...amount, default: '200000' },
  'team.goldMinor': { ...amount, default: '80000' },
  'team.regularBonusPct': { ...integer(0, 100), default: 0 },
  'team.silverBonusPct': { ...integer(0, 100), default: 5 },
  'team.goldBonusPct': { ...integer(0, 100), default: 10 },
  'pool.purchaseShare': { ...rate, default: '0.02' },
  'pool.minForge': { ...amount, default: '10' },
  'pool.winners': { ...integer(1, 100), default: 5 },
  /** Percent of the pool for each winning place, best first; what they leave of 100 rolls over. */
  'pool.weights': { ...percentages, default: [40, 25, 15, 10, 10] },
  'withdraw.fee.USDT': { ...amount, default: '1' },
  'withdraw.fee.BTC': { ...amount, default: '0.0001' },
  'withdraw.min.USDT': { ...amount, default: '10' },
  'withdraw.min.BTC': { ...amount, default: '0.001' },
  /** A withdrawal of at least this much needs a second, different operator's approval. */
  'withdraw.secondApproval.USDT': { ...amount, default: '10000' },
  'withdraw.secondApproval.BTC': { ...amount, default: '0.2' },
  /**
   * The most one operator may credit to members alone per settlement day, per asset: a credit that
   * would take the operator's own unapproved credits of the day above it waits for a second,
   * different operator (issue 23). 0: every credit needs a second operator.
   */
  'ledger.adjustApprovalAbove.USDT': { ...assetAmount('USDT'), default: '1000' },
  'ledger.adjustApprovalAbove.BTC': { ...assetAmount('BTC'), default: '0.02' },
  'ledger.adjustApprovalAbove.GOLD': { ...assetAmount('GOLD'), default: '100000' },
  /** The most all operators' credits together may add per settlement day, per asset (approved ones included). */
  'ledger.adjustDailyCap.USDT': { ...assetAmount('USDT'), default: '50000' },
  'ledger.adjustDailyCap.BTC': { ...assetAmount('BTC'), default: '1' },
  'ledger.adjustDailyCap.GOLD': { ...assetAmount('GOLD'), default: '5000000' },
  /** The symbol whose 1-minute candles decide the up/down rounds. */
  'market.roundSymbol': { ...text(/^[A-Z0-9]{2,20}$/), default: 'BTCUSDT' },
  'chain.confirmations': { ...integer(1), default: 12 },
} as const;

export type SettingKey = keyof typeof SETTINGS;

/**
 * Member-facing terms (rates, fees, minimums, thresholds, weights): a change takes effect at the next
 * settlement boundary, the start of a day in the settlement time zone, never in the middle of a day
 * (issue 12). Switches (trading open, assets allowed) and the operational keys take effect when set.
 */
export const BOUNDARY_SETTINGS: ReadonlySet<SettingKey> = new Set<SettingKey>([
  'gold.perUsdt',
  'mining.burnRate',
  'mining.btcPerThPerDay',
  'equity.minQuantity',
  'equity.minReinvestU',
  'equity.btcShare',
  'equity.termDays',
  'equity.fallbackBtcPrice',
  'team.directRate',
  'team.indirectRate',
  'team.silverMajor',
  'team.silverMinor',
  'team.goldMajor',
  'team.goldMinor',
  'team.regularBonusPct',
  'team.silverBonusPct',
  'team.goldBonusPct',
  'pool.purchaseShare',
  'pool.minForge',
  'pool.winners',
  'pool.weights',
  'withdraw.fee.USDT',
  'withdraw.fee.BTC',
  'withdraw.min.USDT',
  'withdraw.min.BTC',
]);

/** Internal controls, not published in the parameter log: the two-operator approval thresholds. */
export const PRIVATE_SETTINGS: ReadonlySet<SettingKey> = new Set<SettingKey>([
  'withdraw.secondApproval.USDT',
  'withdraw.secondApproval.BTC',
  'ledger.adjustApprovalAbove.USDT',
  'ledger.adjustApprovalAbove.BTC',
  'ledger.adjustApprovalAbove.GOLD',
  'ledger.adjustDailyCap.USDT',
  'ledger.adjustDailyCap.BTC',
  'ledger.adjustDailyCap.GOLD',
]);

/** The first settlement boundary (start of a day in `timeZone`) at or after `at`. */
export function boundaryAtOrAfter(at: Date, timeZone: string): Date {
  const start = startOfDay(dayOf(at, timeZone), timeZone);
  return start.getTime() === at.getTime() ? start : startOfDay(addDays(dayOf(at, timeZone), 1), timeZone);
}
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]['schema']>;

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key);
}

type Reader = Pick<Db, 'select'>;
type Change = {
  id: number;
  key: string;
  value: unknown;
  effectiveAt: Date;
  actor: string;
  requestId: string | null;
  createdAt: Date;
};

/**
 * Settings change rarely and are read on every money call: each process keeps every change for
 * 5 s. A change made "now" takes effect 5 s later (`IMMEDIATE_DELAY_MS`), so that every process,
 * whenever it last read, switches at the same moment: the time the log shows.
 */
export const SETTINGS_CACHE_MS = 5_000;
export const IMMEDIATE_DELAY_MS = SETTINGS_CACHE_MS;
let cache: { at: number; changes: Map<string, Change[]> } | undefined;

export function forgetSettings() {
  cache = undefined;
}

/**
 * The changes per key, oldest effect first. The stored values are parsed from their JSON text here:
 * drizzle's jsonb column parses a string value a second time, so a stored "100" came back as the
 * number 100 and failed its (string) schema.
 */
async function storedChanges(db: Reader): Promise<Map<string, Change[]>> {
  if (cache && Date.now() - cache.at <= SETTINGS_CACHE_MS) return cache.changes;
  const rows = await db
    .select({
      id: settingChanges.id,
      key: settingChanges.key,
      json: sql<string>`${settingChanges.value}::text`,
      effectiveAt: settingChanges.effectiveAt,
      actor: settingChanges.actor,
      requestId: settingChanges.requestId,
      createdAt: settingChanges.createdAt,
    })
    .from(settingChanges)
    .orderBy(asc(settingChanges.effectiveAt), asc(settingChanges.id));
  const changes = new Map<string, Change[]>();
  for (const { json, ...row } of rows) {
    const list = changes.get(row.key) ?? [];
    list.push({ ...row, value: JSON.parse(json) });
    changes.set(row.key, list);
  }
  cache = { at: Date.now(), changes };
  return changes;
}

/** The change of `key` in effect at `at`: the last one effective by then. */
function changeAt(changes: Change[] | undefined, at: Date): Change | undefined {
  let found: Change | undefined;
  for (const change of changes ?? []) {
    if (change.effectiveAt.getTime() > at.getTime()) break;
    found = change;
  }
  return found;
}

function settingValue<K extends SettingKey>(
  key: K,
  change: Change | undefined,
): { value: SettingValue<K>; isDefault: boolean } {
  const spec = SETTINGS[key];
  const parsed = spec.schema.safeParse(change?.value);
  return parsed.success
    ? { value: parsed.data as SettingValue<K>, isDefault: false }
    : { value: spec.default as SettingValue<K>, isDefault: true };
}

/** A setting's value at a time (now by default): the change in effect if valid, else the default. */
export async function getSetting<K extends SettingKey>(db: Reader, key: K, at = new Date()): Promise<SettingValue<K>> {
  return settingValue(key, changeAt((await storedChanges(db)).get(key), at)).value;
}

function changeView(change: Change, before: unknown) {
  return {
    id: String(change.id),
    key: change.key,
    before,
    value: change.value,
    effectiveAt: change.effectiveAt.toISOString(),
    actor: change.actor,
    requestId: change.requestId,
    createdAt: change.createdAt.toISOString(),
  };
}

/** Every setting for the console: its kind and limits, value now, default, and changes still to come. */
export async function allSettings(db: Reader, now = new Date()) {
  forgetSettings();
  const changes = await storedChanges(db);
  return (Object.keys(SETTINGS) as SettingKey[]).map((key) => {
    const spec = SETTINGS[key];
    const list = changes.get(key) ?? [];
    const current = settingValue(key, changeAt(list, now));
    const pending = list.filter((c) => c.effectiveAt.getTime() > now.getTime());
    return {
      key,
      kind: spec.kind,
      min: spec.min,
      max: spec.max,
      default: spec.default,
      ...current,
      pending: pending.map((c, i) => changeView(c, i === 0 ? current.value : pending[i - 1]?.value)),
      atBoundary: BOUNDARY_SETTINGS.has(key),
    };
  });
}

export class SettingInvalid extends Error {}

/**
 * Validates and records a change of a setting, effective at `effectiveAt` (now by default), with an
 * audit row: who, before (the value in effect then), after, and when it takes effect.
 */
export async function setSetting(
  db: Db,
  key: SettingKey,
  value: unknown,
  actor: string,
  options: { effectiveAt?: Date; requestId?: string | null } = {},
) {
  const spec = SETTINGS[key];
  const parsed = spec.schema.safeParse(value);
  if (!parsed.success) throw new SettingInvalid(parsed.error.issues.map((i) => i.message).join('; '));
  const effectiveAt = options.effectiveAt ?? new Date();
  const before = await getSetting(db, key, effectiveAt);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(settingChanges)
      .values({ key, value: parsed.data, effectiveAt, actor, requestId: options.requestId ?? null })
      .returning();
    await audit(tx, {
      actor,
      action: 'config.set',
      target: key,
      before,
      after: { value: parsed.data, effectiveAt: effectiveAt.toISOString() },
    });
    return inserted as typeof settingChanges.$inferSelect;
  });
  forgetSettings();
  return changeView(row, before);
}

/**
 * Rows of the change log matching `where`, ordered and limited by `tail` (which orders the columns
 * of `c`, as they are in the table: `c.id`, `c.key`, `c.effective_at`, `c.created_at`); `before` is
 * the value each change replaced (the default for the first).
 */
export async function changeRows(db: Pick<Db, 'execute'>, where: SQL, tail: SQL) {
  const rows = await queryRows<{
    id: string;
    key: string;
    value: string;
    before: string | null;
    effective_at: string;
    actor: string;
    request_id: string | null;
    created_at: string;
  }>(
    db,
    sql`select c.id::text as id, c.key, c.value::text as value, c.before::text as before,
               c.effective_at::text as effective_at, c.actor, c.request_id, c.created_at::text as created_at
        from (
          select id, key, value, lag(value) over (partition by key order by effective_at, id) as before,
                 effective_at, actor, request_id, created_at
          from setting_changes ${where}
        ) c ${tail}`,
  );
  return rows.map((r) => ({
    id: r.id,
    key: r.key,
    value: JSON.parse(r.value) as unknown,
    before: (r.before === null
      ? isSettingKey(r.key)
        ? SETTINGS[r.key].default
        : null
      : JSON.parse(r.before)) as unknown,
    effectiveAt: isoTime(r.effective_at) as string,
    actor: r.actor,
    requestId: r.request_id,
    createdAt: isoTime(r.created_at) as string,
  }));
}

/** The change log, newest first, a page at a time, optionally of one key; `before` is the value it replaced. */
export async function settingChangeLog(db: Db, query: { pageNo: number; pageSize: number; key?: string | undefined }) {
  const where = query.key ? sql`where key = ${query.key}` : sql``;
  const list = await changeRows(db, where, sql`order by ${newestFirst('c', 'created_at')} ${pageClause(query)}`);
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from setting_changes ${where}`);
  return { list, total: count?.n ?? 0 };
}
