import { formatAmount, parsePositiveAmount } from '@minecloud/contract/amount';
import type { Product } from '@minecloud/contract/console';
import { formatHashRate, parseHashRate } from '@minecloud/contract/miner';
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db, TxDb } from '../../db/client.ts';
import { minerProducts } from '../../db/schema.ts';
import { fail } from '../../lib/errors.ts';
import { setStock, stockSql } from './stock.ts';

type Row = typeof minerProducts.$inferSelect & { stock: number };
export type ProductInput = Omit<Product, 'id'>;

/** A product's columns and its stock, the sum of its slots (stock.ts). */
const withStock = {
  ...getTableColumns(minerProducts),
  stock: sql<number>`${stockSql(sql`${minerProducts.id}`)}`.mapWith(Number),
};

const view = (row: Row): Product => ({
  id: String(row.id),
  name: row.name,
  image: row.image,
  hashRate: formatHashRate(row.hashRate),
  price: formatAmount(row.price, 'USDT'),
  durationDays: row.durationDays,
  stock: row.stock,
  minQuantity: row.minQuantity,
  active: row.active,
  sort: row.sort,
});

/**
 * The input in stored units: hash rate in 10^-6 TH/s, price in USDT atomic units; both above zero.
 * The stock is not a column of the product: setStock deals it into the product's slots.
 */
function stored({ stock: _stock, ...input }: ProductInput) {
  const hashRate = parseHashRate(input.hashRate);
  if (hashRate === null || hashRate <= 0n) return fail('badRequest', 'hashRate');
  const price = parsePositiveAmount(input.price, 'USDT');
  if (!price.ok) return fail('badRequest', 'price');
  return { ...input, hashRate, price: price.units };
}

/** Every product, active or not, as the shop orders them. */
export async function allProducts(db: Pick<Db, 'select'>) {
  return (await db.select(withStock).from(minerProducts).orderBy(asc(minerProducts.sort), asc(minerProducts.id))).map(
    view,
  );
}

export async function productById(db: Pick<Db, 'select'>, id: number): Promise<Product> {
  const [row] = await db.select(withStock).from(minerProducts).where(eq(minerProducts.id, id));
  return row ? view(row) : fail('notFound', 'id');
}

export async function createProduct(tx: TxDb, input: ProductInput) {
  const [row] = await tx.insert(minerProducts).values(stored(input)).returning();
  await setStock(tx, row!.id, input.stock);
  return view({ ...row!, stock: input.stock });
}

export async function updateProduct(tx: TxDb, id: number, input: ProductInput) {
  const [row] = await tx.update(minerProducts).set(stored(input)).where(eq(minerProducts.id, id)).returning();
  if (!row) return fail('notFound', 'id');
  await setStock(tx, id, input.stock);
  return view({ ...row, stock: input.stock });
}
