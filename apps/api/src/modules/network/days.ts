import { type NetworkBlock, networkDayRate } from '@minecloud/contract/network-day';
import { asc, eq } from 'drizzle-orm';
import type { Db, TxDb } from '../../db/client.ts';
import { networkBlocks, networkDays } from '../../db/schema.ts';
import type { NetworkSource } from './source.ts';

/** A stored network day: its totals and its blocks, in height order. */
export type StoredNetworkDay = typeof networkDays.$inferSelect & { blockList: NetworkBlock[] };

/** Why a day cannot be had without a source. */
export const NO_SOURCE = 'no Bitcoin node is configured (BTC_RPC_URL)';

/** The day's figures as stored, or null when the day has not been taken from the chain. */
export async function storedNetworkDay(db: Db | TxDb, day: string): Promise<StoredNetworkDay | null> {
  const [row] = await db.select().from(networkDays).where(eq(networkDays.day, day));
  if (!row) return null;
  const blocks = await db
    .select()
    .from(networkBlocks)
    .where(eq(networkBlocks.day, day))
    .orderBy(asc(networkBlocks.height));
  return {
    ...row,
    blockList: blocks.map((block) => ({
      height: block.height,
      hash: block.hash,
      time: block.time.getTime() / 1000,
      bits: block.bits,
      subsidy: block.subsidy,
      fees: block.fees,
    })),
  };
}

/**
 * Makes sure day `day` (from `start` to `end`) is stored: null once it is, else why it cannot be yet
 * (no source, the day has not ended on the chain, the node does not answer, no block). The blocks are
 * read outside any transaction and written in one of their own, once: a second writer's day is kept.
 */
export async function takeNetworkDay(
  db: Db,
  source: NetworkSource | null,
  day: string,
  span: { start: Date; end: Date; now: Date },
): Promise<string | null> {
  const [stored] = await db.select({ day: networkDays.day }).from(networkDays).where(eq(networkDays.day, day));
  if (stored) return null;
  if (!source) return NO_SOURCE;
  const taken = await source.blocksOfDay(span.start, span.end);
  if (!taken.complete) return taken.reason;
  const rate = networkDayRate(taken.blocks, '0');
  const first = taken.blocks[0];
  const last = taken.blocks.at(-1);
  if (!rate || !first || !last) return 'the chain has no block in the day';
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(networkDays)
      .values({
        day,
        source: source.kind,
        firstHeight: first.height,
        lastHeight: last.height,
        blocks: rate.blocks,
        subsidy: rate.subsidy,
        fees: rate.fees,
        work: rate.work.toString(),
        btcPerTh: rate.grossRate,
        fetchedAt: span.now,
      })
      .onConflictDoNothing()
      .returning({ day: networkDays.day });
    if (inserted.length === 0) return;
    await tx.insert(networkBlocks).values(
      taken.blocks.map((block) => ({
        day,
        height: block.height,
        hash: block.hash,
        time: new Date(block.time * 1000),
        bits: block.bits,
        subsidy: block.subsidy,
        fees: block.fees,
      })),
    );
  });
  return null;
}
