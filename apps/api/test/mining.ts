import { parseAmount } from '@minecloud/contract/amount';
import { parseHashRate } from '@minecloud/contract/miner';
import { minerProducts } from '../src/db/schema.ts';
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
      stock: fields.stock ?? 1000,
      minQuantity: fields.minQuantity ?? 1,
    })
    .returning({ id: minerProducts.id });
  return String(row!.id);
}
