import { isSettingKey, SETTING_KEYS, type SettingKey, type SettingValue } from '@minecloud/contract/settings';
import { asc, type SQL, sql } from 'drizzle-orm';
import { type Db, isoTime, newestFirst, pageClause, queryRows, type TxDb } from '../../db/client.ts';
import { settingChanges } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { addDays, dayOf, startOfDay } from '../../lib/calendar.ts';

/*
 * Where the settings declared in @minecloud/contract/settings (kinds, limits, defaults, flags) are
 * stored: each change a row of setting_changes with the time it takes effect, read through a short
 * cache, with an audit row and a history.
 */

/** The first settlement boundary (start of a day in `timeZone`) at or after `at`. */
export function boundaryAtOrAfter(at: Date, timeZone: string): Date {
  const start = startOfDay(dayOf(at, timeZone), timeZone);
  return start.getTime() === at.getTime() ? start : startOfDay(addDays(dayOf(at, timeZone), 1), timeZone);
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
  const spec = SETTING_KEYS[key];
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
  return (Object.keys(SETTING_KEYS) as SettingKey[]).map((key) => {
    const spec = SETTING_KEYS[key];
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
      atBoundary: spec.boundary,
    };
  });
}

export class SettingInvalid extends Error {}

/** A value checked against its setting's schema, or SettingInvalid naming what it wants. */
export function parseSetting<K extends SettingKey>(key: K, value: unknown): SettingValue<K> {
  const parsed = SETTING_KEYS[key].schema.safeParse(value);
  if (!parsed.success) throw new SettingInvalid(parsed.error.issues.map((i) => i.message).join('; '));
  return parsed.data as SettingValue<K>;
}

type ChangeInput = {
  key: SettingKey;
  value: unknown;
  before: unknown;
  actor: string;
  effectiveAt: Date;
  requestId: string | null;
  /** Who approved a loosening change (proposals.ts), for the audit row. */
  approvedBy?: string;
};

/** Inserts a checked change with its `config.set` audit row, in the caller's transaction. */
export async function recordChange(tx: TxDb, input: ChangeInput) {
  const { key, value, before, actor, effectiveAt, requestId, approvedBy } = input;
  const [inserted] = await tx.insert(settingChanges).values({ key, value, effectiveAt, actor, requestId }).returning();
  await audit(tx, {
    actor,
    action: 'config.set',
    target: key,
    before,
    after: { value, effectiveAt: effectiveAt.toISOString(), ...(approvedBy ? { approvedBy } : {}) },
  });
  // The value as given, not as returned: drizzle's jsonb parses a returned "100" a second time.
  return changeView({ ...(inserted as typeof settingChanges.$inferSelect), value }, before);
}

/**
 * Validates and records a change of a setting, effective at `effectiveAt` (now by default), with an
 * audit row: who, before (the value in effect then), after, and when it takes effect. It does not
 * ask for a second operator: the console's PUT does (proposals.ts); tests and the demo seed call it
 * directly.
 */
export async function setSetting(
  db: Db,
  key: SettingKey,
  value: unknown,
  actor: string,
  options: { effectiveAt?: Date; requestId?: string | null } = {},
) {
  const parsed = parseSetting(key, value);
  const effectiveAt = options.effectiveAt ?? new Date();
  const before = await getSetting(db, key, effectiveAt);
  const change = await db.transaction((tx) =>
    recordChange(tx, { key, value: parsed, before, actor, effectiveAt, requestId: options.requestId ?? null }),
  );
  forgetSettings();
  return change;
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
        ? SETTING_KEYS[r.key].default
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
