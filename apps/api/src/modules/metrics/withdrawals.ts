import { type Asset, formatAmount } from '@minecloud/contract/amount';
import { WITHDRAW_ASSETS, type WithdrawAsset } from '@minecloud/contract/wallet';
import { sql } from 'drizzle-orm';
import { Gauge, type Registry } from 'prom-client';
import { type Db, queryRows } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { FINAL_STATUSES, REVIEW_STATUSES } from '../wallet/withdrawal-states.ts';
import type { Sampler } from './sampler.ts';

/**
 * Withdrawals still moving: every status but the final ones, which no move leaves. Always reported
 * (zero when empty), so a graph or an alert never meets a missing series.
 */
const OPEN_WITHDRAWAL_STATUSES = REVIEW_STATUSES.filter((status) => !FINAL_STATUSES.includes(status));

/** Ledger units as a float of whole units of the asset, through the exact decimal text. */
export function unitsAsNumber(units: bigint, asset: Asset): number {
  return Number(formatAmount(units, asset));
}

type OpenWithdrawal = { status: string; asset: WithdrawAsset; count: number; amount: bigint; oldestAt: number };

/** Count, sum and oldest creation of the withdrawals not yet final, by status and asset. */
export async function openWithdrawals(db: Db): Promise<OpenWithdrawal[]> {
  const rows = await queryRows<{ status: string; asset: WithdrawAsset; n: number; amount: string; oldest: number }>(
    db,
    sql`select status, asset, count(*)::int as n, sum(amount)::text as amount,
          extract(epoch from min(created_at))::float8 as oldest
        from withdrawals
        where status not in (${sql.join(
          FINAL_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )})
        group by status, asset`,
  );
  return rows.map((r) => ({
    status: r.status,
    asset: r.asset,
    count: Number(r.n),
    amount: BigInt(r.amount),
    oldestAt: Number(r.oldest),
  }));
}

export function registerWithdrawals(registry: Registry, open: Sampler<OpenWithdrawal[]>, clock: Clock) {
  /** Every open status × asset, zero where there is none, plus any other status found. */
  const series = async () => {
    const rows = (await open.get())?.value ?? [];
    const all = new Map<string, OpenWithdrawal>();
    for (const status of OPEN_WITHDRAWAL_STATUSES) {
      for (const asset of WITHDRAW_ASSETS) all.set(`${status}/${asset}`, zeroRow(status, asset));
    }
    for (const row of rows) all.set(`${row.status}/${row.asset}`, row);
    return [...all.values()];
  };
  new Gauge({
    name: 'minecloud_withdrawals_open',
    help: 'Withdrawals not yet arrived or rejected, by status and asset',
    labelNames: ['status', 'asset'] as const,
    registers: [registry],
    async collect() {
      const rows = await series();
      this.reset();
      for (const r of rows) this.set({ status: r.status, asset: r.asset }, r.count);
    },
  });
  new Gauge({
    name: 'minecloud_withdrawals_open_amount',
    help: 'Sum requested (fee included) of the open withdrawals, by status and asset, in whole units',
    labelNames: ['status', 'asset'] as const,
    registers: [registry],
    async collect() {
      const rows = await series();
      this.reset();
      for (const r of rows) this.set({ status: r.status, asset: r.asset }, unitsAsNumber(r.amount, r.asset));
    },
  });
  new Gauge({
    name: 'minecloud_withdrawals_oldest_age_seconds',
    help: 'Age of the oldest open withdrawal, by status and asset (0 when there is none)',
    labelNames: ['status', 'asset'] as const,
    registers: [registry],
    async collect() {
      const rows = await series();
      const now = clock.now().getTime() / 1000;
      this.reset();
      for (const r of rows) {
        this.set({ status: r.status, asset: r.asset }, r.count > 0 ? Math.max(0, now - r.oldestAt) : 0);
      }
    },
  });
}

function zeroRow(status: string, asset: WithdrawAsset): OpenWithdrawal {
  return { status, asset, count: 0, amount: 0n, oldestAt: 0 };
}
