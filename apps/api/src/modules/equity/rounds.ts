import { formatAmount } from '@minecloud/contract/amount';
import { sql } from 'drizzle-orm';
import { type Db, isoTime, newestFirst, pageClause, queryRows } from '../../db/client.ts';
import type { RoundRow } from './service.ts';

/** Every equity round, open or closed, newest first: the console's list. */
export async function roundPage(db: Db, page: { pageNo: number; pageSize: number }) {
  const rows = await queryRows<RoundRow & { open: boolean; created_at: string }>(
    db,
    sql`select id::text, total_shares, shares_remaining, price_per_share::text, annual_yield_pct, min_quantity,
               term_days, open, created_at::text
        from equity_rounds order by ${newestFirst('equity_rounds', 'created_at')} ${pageClause(page)}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from equity_rounds`);
  return {
    list: rows.map((r) => ({
      id: r.id,
      totalShares: r.total_shares,
      sharesRemaining: r.shares_remaining,
      pricePerShare: formatAmount(BigInt(r.price_per_share), 'USDT'),
      annualYieldPct: r.annual_yield_pct,
      minQuantity: r.min_quantity,
      termDays: r.term_days,
      open: r.open,
      createdAt: isoTime(r.created_at) as string,
    })),
    total: count?.n ?? 0,
  };
}
