import { shortenAddress } from '@minecloud/contract/address';
import { ASSETS, type Asset, formatAmount } from '@minecloud/contract/amount';
import { PUBLIC_SETTING_KEYS as PUBLIC_KEYS } from '@minecloud/contract/settings';
import type { ParametersAnswer, TransparencyTotals } from '@minecloud/contract/transparency';
import { sql } from 'drizzle-orm';
import { type Db, isoTime, newestFirst, queryRows } from '../../db/client.ts';
import { changeRows, getSetting } from '../config/settings.ts';
import { poolPower } from '../mining/service.ts';
import { publishedRoots } from './liabilities.ts';

/** A setting's value as the log shows it: decimals as they are, lists joined with commas. */
function shown(value: unknown): string {
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

const CHANGES_SHOWN = 500;

/**
 * The public parameter log: every member-facing setting's value now, and every change
 * made to one, with when it was announced and when it took (or takes) effect.
 */
export async function publicParameters(db: Db, now: Date): Promise<ParametersAnswer> {
  const current = await Promise.all(
    PUBLIC_KEYS.map(async (key) => ({ key, value: shown(await getSetting(db, key, now)) })),
  );
  const rows = await changeRows(
    db,
    sql`where key in (${sql.join(
      PUBLIC_KEYS.map((k) => sql`${k}`),
      sql`, `,
    )})`,
    sql`order by ${newestFirst('c', 'effective_at')} limit ${CHANGES_SHOWN}`,
  );
  return {
    current,
    // The operator who made each change stays out of the public log.
    changes: rows.map((r) => ({
      id: r.id,
      key: r.key,
      before: shown(r.before),
      value: shown(r.value),
      announcedAt: r.createdAt,
      effectiveAt: r.effectiveAt,
      inEffect: Date.parse(r.effectiveAt) <= now.getTime(),
    })),
    timeZone: await getSetting(db, 'settlement.timeZone', now),
  };
}

const RECENT = 20;

/** Public totals: members, hash rate, liabilities, donations and paid withdrawals. */
export async function transparencyTotals(db: Db, now: Date): Promise<TransparencyTotals> {
  const [members] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users`);
  const power = await poolPower(db, now);
  const latest = await publishedRoots(db, 1);
  const donationTotals = await queryRows<{ asset: Asset; units: string; n: number }>(
    db,
    sql`select asset, sum(amount)::text as units, count(*)::int as n from donations group by asset`,
  );
  const donations = await queryRows<{
    id: string;
    address: string;
    asset: Asset;
    amount: string;
    transfer_id: string;
    at: string;
  }>(
    db,
    sql`select d.id::text, u.address, d.asset, d.amount::text, d.transfer_id::text, d.created_at::text as at
        from donations d join users u on u.id = d.user_id order by ${newestFirst('d', 'created_at')} limit ${RECENT}`,
  );
  // Paid: the payout transaction is confirmed on chain (the withdrawal arrived).
  const paidTotals = await queryRows<{ asset: Asset; units: string; n: number }>(
    db,
    sql`select asset, sum(amount - fee)::text as units, count(*)::int as n from withdrawals where status = 'arrived' group by asset`,
  );
  const paid = await queryRows<{ asset: Asset; units: string; tx_hash: string; at: string }>(
    db,
    sql`select w.asset, (w.amount - w.fee)::text as units, p.tx_hash, coalesce(w.arrived_at, p.created_at)::text as at
        from withdrawals w join payout_attempts p on p.withdrawal_id = w.id and p.status = 'confirmed'
        where w.status = 'arrived' order by w.arrived_at desc nulls last, w.id desc limit ${RECENT}`,
  );
  const totalsOf = (rows: { asset: Asset; units: string; n: number }[], assets: readonly Asset[]) =>
    assets.map((asset) => {
      const row = rows.find((r) => r.asset === asset);
      return { asset, amount: formatAmount(BigInt(row?.units ?? 0), asset), count: row?.n ?? 0 };
    });
  return {
    members: members?.n ?? 0,
    hashRate: power.totalHashRate,
    burned: power.burnedHashRate,
    liabilities: latest,
    donations: {
      totals: totalsOf(donationTotals, ASSETS),
      recent: donations.map((d) => ({
        id: d.id,
        address: shortenAddress(d.address),
        asset: d.asset,
        amount: formatAmount(BigInt(d.amount), d.asset),
        transferId: d.transfer_id,
        at: isoTime(d.at) as string,
      })),
    },
    withdrawals: {
      totals: totalsOf(paidTotals, ['USDT', 'BTC']),
      recent: paid.map((p) => ({
        asset: p.asset,
        amount: formatAmount(BigInt(p.units), p.asset),
        txHash: p.tx_hash,
        paidAt: isoTime(p.at) as string,
      })),
    },
  };
}
