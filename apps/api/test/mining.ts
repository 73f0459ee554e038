import { parseAmount } from '@minecloud/contract/amount';
import { parseHashRate } from '@minecloud/contract/miner';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.ts';
import { minerProducts } from '../src/db/schema.ts';
import { setStock, stockSql } from '../src/modules/mining/stock.ts';
import type { TestApp } from './app.ts';

/** A miner product; hash rate in TH/s and price in USDT as decimal strings. */
export async function newProduct(
  app: TestApp,
  fields: Partial<{
    name: string;
    hashRate: string;
    price: string;
    durationDays: number;
    stock: number;
    minQuantity: number;
  }> = {},
) {
  const price = parseAmount(fields.price ?? '100', 'USDT');
  if (!price.ok) throw new Error('bad price');
  const [row] = await app.db
    .insert(minerProducts)
    .values({
      name: fields.name ?? 'Test miner',
      image: '/miners/s19.svg',
      hashRate: parseHashRate(fields.hashRate ?? '100')!,
      price: price.units,
      durationDays: fields.durationDays ?? 30,
      minQuantity: fields.minQuantity ?? 1,
    })
    .returning({ id: minerProducts.id });
  await setStock(app.db, row!.id, fields.stock ?? 1000);
  return String(row!.id);
}

/** A product's stock now: the sum of its slots. */
export async function stockOf(app: TestApp, productId: string) {
  const [row] = await queryRows<{ stock: number }>(app.db, sql`select ${stockSql(sql`${productId}::bigint`)} as stock`);
  return row?.stock;
}
