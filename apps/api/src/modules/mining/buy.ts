import { formatAmount } from '@minecloud/contract/amount';
import { formatHashRate } from '@minecloud/contract/miner';
import { sql } from 'drizzle-orm';
import { nextId, queryRows, type TxDb } from '../../db/client.ts';
import { systemAccount, userAccount } from '../../ledger/accounts.ts';
import { post } from '../../ledger/journal.ts';
import { addDays, dayOf, startOfDay } from '../../lib/calendar.ts';
import { fail, failWith } from '../../lib/errors.ts';
import type { AuthorizedUserId } from '../auth/tokens.ts';
import { getSetting } from '../config/settings.ts';
import { poolLeg, poolShareOf, recordPoolContribution } from '../pool/funding.ts';
import { recordPurchase, referralLegs, referralRewards } from '../team/purchase.ts';
import { splitHashRate } from './service.ts';
import { noStock, stockSql, takeStock } from './stock.ts';

/**
 * Buys `quantity` units of a product, in the caller's transaction: one ledger entry with the USDT
 * payment to the treasury, the referral rewards and the pool's share; then the order, one miner per
 * unit (the product's hash rate less the burn), the hash-rate records (purchase in, burn out), the
 * team's and the pool's rows, and last the stock (never below zero: the conditional update). Any
 * refusal throws, and the transaction leaves nothing behind.
 *
 * The stock is what every buyer of a product writes: taken last (stock.ts), its slot is held from
 * that statement to the commit only, not across the purchase, so that a rush on one product does
 * not queue its buyers one whole purchase at a time (docs/architecture.md, "Stock and flash sales").
 */
export async function buyMiners(
  tx: TxDb,
  userId: AuthorizedUserId,
  input: { productId?: string | undefined; quantity?: number | undefined },
  legKey: (leg: string) => string,
  now: Date,
) {
  if (!input.productId) return fail('selectMiner');
  if (!input.quantity) return fail('enterQuantity');
  const quantity = input.quantity;
  const [product] = await queryRows<{
    id: string;
    hash_rate: string;
    price: string;
    duration_days: number;
    min_quantity: number;
    stock: number;
  }>(
    tx,
    sql`select id, hash_rate::text, price::text, duration_days, min_quantity, ${stockSql(sql`miner_products.id`)} as stock
        from miner_products where id = ${input.productId} and active`,
  );
  if (!product) return fail('productNotFound');
  if (quantity < product.min_quantity) return failWith('belowMinQuantity', { min: product.min_quantity });
  // Read without a lock, the stock may only have fallen since: refuse now what takeStock would
  // refuse after all the work, as every buyer after a sell-out would.
  if (product.stock < quantity) return noStock(product.stock);

  const unitPrice = BigInt(product.price);
  const paid = unitPrice * BigInt(quantity);
  const burnRate = await getSetting(tx, 'mining.burnRate');
  const timeZone = await getSetting(tx, 'settlement.timeZone');
  const unitHash = BigInt(product.hash_rate);
  const { kept, burned } = splitHashRate(unitHash, burnRate);
  const today = dayOf(now, timeZone);
  // The contract counts whole settlement days from the day after purchase: N days earn N outputs.
  const endAt = startOfDay(addDays(today, 1 + product.duration_days), timeZone);
  const at = now.toISOString();

  // The order's id comes first, so that the purchase's entry names it.
  const orderId = await nextId(tx, 'miner_orders_id_seq');
  const purchase = { userId, paid, day: today, at, reference: `miner_order:${orderId}` };
  const rewards = await referralRewards(tx, purchase);
  const gold = await poolShareOf(tx, paid);
  // One entry (docs/architecture.md, "The journal"): the payment, the referral rewards and the pool's
  // share move together, or nothing does (`insufficientBalance` when the payment is not covered).
  const [payId, ...others] = await post(tx, {
    kind: 'miner_purchase',
    idempotencyKey: legKey('purchase'),
    reference: purchase.reference,
    legs: [
      {
        asset: 'USDT',
        from: userAccount(userId),
        to: systemAccount('treasury'),
        amount: paid,
        reference: `miner:${product.id}:${quantity}`,
        key: legKey('pay'),
      },
      ...referralLegs(rewards, legKey),
      ...(gold > 0n ? [poolLeg(gold, legKey)] : []),
    ],
  });

  await tx.execute(
    sql`insert into miner_orders (id, user_id, product_id, quantity, unit_price, paid, hash_rate, burned, transfer_id, created_at)
        overriding system value
        values (${orderId}, ${userId}, ${product.id}, ${quantity}, ${unitPrice.toString()}::bigint, ${paid.toString()}::bigint,
          ${(kept * BigInt(quantity)).toString()}::bigint, ${(burned * BigInt(quantity)).toString()}::bigint,
          ${payId}, ${at}::timestamptz)`,
  );
  await tx.execute(
    sql`insert into miners (user_id, order_id, product_id, hash_rate, status, start_at, end_at)
        select ${userId}, ${orderId}, ${product.id}, ${kept.toString()}::bigint, 'mining', ${at}::timestamptz,
          ${endAt.toISOString()}::timestamptz
        from generate_series(1, ${quantity})`,
  );
  const record = (kind: 'purchase' | 'burn', quantity: bigint, direction: 'in' | 'out') =>
    sql`(${userId}, 'own', ${kind}, ${quantity.toString()}::bigint, ${direction}, ${at}::timestamptz, ${orderId})`;
  const records = [record('purchase', unitHash * BigInt(quantity), 'in')];
  if (burned > 0n) records.push(record('burn', burned * BigInt(quantity), 'out'));
  await tx.execute(
    sql`insert into power_records (user_id, source, kind, quantity, direction, release_at, order_id)
        values ${sql.join(records, sql`, `)}`,
  );
  await recordPurchase(tx, { ...purchase, source: 'miner_purchase' }, rewards, others.slice(0, rewards.length));
  const poolId = others[rewards.length];
  if (poolId !== undefined) await recordPoolContribution(tx, purchase, gold, poolId);
  await takeStock(tx, product.id, quantity);
  return {
    orderId: String(orderId),
    hashRate: formatHashRate(kept * BigInt(quantity)),
    burnedHashRate: formatHashRate(burned * BigInt(quantity)),
    paid: formatAmount(paid, 'USDT'),
  };
}
