import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import type { TestApp } from './app.ts';

/**
 * Takes `n` ids of `table`'s identity column that cross a power of ten (…, 8, 9, 10, 11, … or
 * …, 999999, 1000000, …), moving its sequence on if needed: as text these sort apart from their
 * numbers ('9' > '10'). Insert the rows with them (`overriding system value`).
 */
export async function idsAcrossPowerOfTen(app: TestApp, table: string, n = 12): Promise<number[]> {
  const sequence = sql`pg_get_serial_sequence(${table}, 'id')`;
  const [next] = await queryRows<{ id: string }>(app.db, sql`select nextval(${sequence})::text as id`);
  const below = Math.floor(n / 2);
  let power = 10;
  while (power - below < Number(next?.id)) power *= 10;
  await app.db.execute(sql`select setval(${sequence}, ${power - below - 1})`);
  const ids = await queryRows<{ id: string }>(
    app.db,
    sql`select nextval(${sequence})::text as id from generate_series(1, ${n})`,
  );
  return ids.map((r) => Number(r.id));
}

/**
 * A time for each of `ids` (ascending, crossing a power of ten): neighbours share a time, among
 * them the two either side of the power of ten (so only their numbers, not their texts, order
 * them), and the times run against the ids (so only the time puts a row first).
 */
export function scrambledTimes(ids: number[], base = Date.now() - 86_400_000): Date[] {
  const crossing = ids.findIndex((id) => String(id).length > String(ids[0]).length);
  if (crossing < 1) throw new Error(`ids ${ids.join(',')} do not cross a power of ten`);
  const start = Math.floor(base / 60_000) * 60_000;
  return ids.map((_, i) => {
    // Pairs (crossing - 1, crossing), (crossing + 1, crossing + 2), …; a pair's minute alternates
    // around the middle one: 3, -2, 1, 0, -1, 2, -3 …
    const pair = Math.floor((i - crossing + 1) / 2);
    return new Date(start + (pair % 2 === 0 ? pair : -pair) * 60_000);
  });
}

/**
 * A listed row: `key` is what the list shows of it. Lists order by `group` (when they have one)
 * first, then newest first by `at`, then by the number `id`, then by `kind`.
 */
export type ListedRow = { key: string; id: number; at: Date; group?: number; kind?: string };

export function newestFirstKeys(rows: readonly ListedRow[]): string[] {
  return [...rows]
    .sort(
      (a, b) =>
        (a.group ?? 0) - (b.group ?? 0) ||
        b.at.getTime() - a.at.getTime() ||
        b.id - a.id ||
        (a.kind ?? '').localeCompare(b.kind ?? ''),
    )
    .map((r) => r.key);
}

/**
 * `listed` (keys in the order a list gave them; other rows of the table are left out) is `rows`
 * newest first, which neither the ids alone nor their texts would give.
 */
export function expectNewestFirst(listed: readonly string[], rows: readonly ListedRow[], what: string) {
  const ours = new Set(rows.map((r) => r.key));
  const expected = newestFirstKeys(rows);
  const byId = [...rows].sort((a, b) => b.id - a.id).map((r) => r.key);
  const textDesc = (a: ListedRow, b: ListedRow) => String(b.id).localeCompare(String(a.id), 'en', { numeric: false });
  const byText = [...rows].sort(textDesc).map((r) => r.key);
  const byTimeThenText = [...rows]
    .sort((a, b) => (a.group ?? 0) - (b.group ?? 0) || b.at.getTime() - a.at.getTime() || textDesc(a, b))
    .map((r) => r.key);
  expect(rows.length, what).toBeGreaterThanOrEqual(12);
  // The rows themselves tell the right order from each wrong one.
  expect(expected, `${what}: same as by id alone`).not.toEqual(byId);
  expect(expected, `${what}: same as by id text`).not.toEqual(byText);
  expect(expected, `${what}: same as by time, then id text`).not.toEqual(byTimeThenText);
  expect(
    listed.filter((key) => ours.has(key)),
    what,
  ).toEqual(expected);
}
