import { randomInt } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx, type TxDb } from '../../db/client.ts';
import { fail, failWith } from '../../lib/errors.ts';

/**
 * How many slots a product's stock is dealt into (migration 0035 dealt the existing stock into as
 * many). A purchase holds its slot from its last write to its commit; with more slots than
 * purchases at that point at once, buyers of one product seldom wait on one another
 * (docs/architecture.md, "Stock and flash sales").
 */
export const STOCK_SLOTS = 16;

/** The stock of the product `productId` names (an SQL expression): the sum of its slots. */
export const stockSql = (productId: SQL) =>
  sql`(select coalesce(sum(stock), 0)::int from miner_stock_slots where product_id = ${productId})`;

/**
 * Sets a product's stock to `total`, dealt evenly into its slots (the first ones get one more), in
 * slot order: the order in which takeStock waits on slots, so the two never wait on each other in a
 * circle.
 */
export async function setStock(tx: Tx, productId: number | string, total: number) {
  await tx.execute(
    sql`insert into miner_stock_slots (product_id, slot, stock)
        select ${productId}::bigint, s, ${total}::int / ${STOCK_SLOTS}::int + (s < ${total}::int % ${STOCK_SLOTS}::int)::int
        from generate_series(0, ${STOCK_SLOTS - 1}::int) s order by s
        on conflict (product_id, slot) do update set stock = excluded.stock`,
  );
}

/** The refusal of a purchase of more units than `left`. */
export function noStock(left: number): never {
  if (left <= 0) return fail('soldOut');
  return failWith('notEnoughStock', { left });
}

/**
 * Takes `quantity` units of a product's stock (never below zero), or refuses with what is left: a
 * purchase's last write, so that its slot is held from here to the commit only.
 *
 * First from one slot that holds enough and that no other transaction holds, starting at a random
 * one (`skip locked`: no waiting). When there is none (every slot with enough is held, or no single
 * slot has enough), from all the slots at once, each locked in slot order: the stock is then exact,
 * and the units may come from several slots.
 */
export async function takeStock(tx: TxDb, productId: string, quantity: number) {
  // The first attempt may leave a lock behind: on a slot another purchase emptied after this
  // statement's start, rechecked and passed over. Rolled back, so that the wait on all the slots
  // below starts holding none, and waits are only ever in slot order.
  await tx.execute(sql`savepoint take_stock`);
  const one = await queryRows<{ slot: number }>(
    tx,
    sql`with free as (
          select slot from miner_stock_slots where product_id = ${productId} and stock >= ${quantity}::int
          order by (slot + ${randomInt(STOCK_SLOTS)}::int) % ${STOCK_SLOTS}::int
          limit 1 for update skip locked)
        update miner_stock_slots s set stock = s.stock - ${quantity}::int from free
        where s.product_id = ${productId} and s.slot = free.slot and s.stock >= ${quantity}::int
        returning s.slot`,
  );
  if (one.length > 0) return;
  await tx.execute(sql`rollback to savepoint take_stock`);
  // Each slot gives what it has until `quantity` is reached, in slot order, only if all hold enough.
  const [all] = await queryRows<{ left: number; taken: boolean }>(
    tx,
    sql`with locked as (
          select slot, stock from miner_stock_slots where product_id = ${productId} order by slot for update)
        , counted as (
          select slot, stock, sum(stock) over (order by slot) - stock as before, sum(stock) over () as total
          from locked)
        , taken as (
          update miner_stock_slots s set stock = s.stock - least(c.stock, ${quantity}::int - c.before)
          from counted c
          where s.product_id = ${productId} and s.slot = c.slot
            and c.total >= ${quantity}::int and c.before < ${quantity}::int and c.stock > 0
          returning s.slot)
        select coalesce((select max(total) from counted), 0)::int as left, exists (select from taken) as taken`,
  );
  if (!all?.taken) noStock(all?.left ?? 0);
}
