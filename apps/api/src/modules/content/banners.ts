import type { AdminBanner, BANNER_PLACES } from '@minecloud/contract/console';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db, TxDb } from '../../db/client.ts';
import { banners } from '../../db/schema.ts';
import { fail } from '../../lib/errors.ts';

type Place = (typeof BANNER_PLACES)[number];
type Row = typeof banners.$inferSelect;
export type BannerInput = Omit<AdminBanner, 'id'>;

const view = (row: Row): AdminBanner => ({
  id: String(row.id),
  place: row.place as Place,
  image: row.image,
  title: row.title,
  link: row.link,
  sort: row.sort,
  active: row.active,
});

/** What members see in one place: the active banners, by sort then age. */
export async function activeBanners(db: Pick<Db, 'select'>, place: Place) {
  const rows = await db
    .select()
    .from(banners)
    .where(and(eq(banners.place, place), eq(banners.active, true)))
    .orderBy(asc(banners.sort), asc(banners.id));
  return rows.map((r) => ({ id: String(r.id), image: r.image, title: r.title, link: r.link }));
}

export async function allBanners(db: Pick<Db, 'select'>) {
  const rows = await db.select().from(banners).orderBy(asc(banners.place), asc(banners.sort), asc(banners.id));
  return rows.map(view);
}

export async function bannerById(db: Pick<Db, 'select'>, id: number): Promise<AdminBanner> {
  const [row] = await db.select().from(banners).where(eq(banners.id, id));
  return row ? view(row) : fail('notFound', 'id');
}

export async function createBanner(tx: TxDb, input: BannerInput) {
  const [row] = await tx.insert(banners).values(input).returning();
  return view(row as Row);
}

export async function updateBanner(tx: TxDb, id: number, input: BannerInput) {
  const [row] = await tx.update(banners).set(input).where(eq(banners.id, id)).returning();
  return row ? view(row) : fail('notFound', 'id');
}

export async function deleteBanner(tx: TxDb, id: number) {
  const [row] = await tx.delete(banners).where(eq(banners.id, id)).returning();
  return row ? view(row) : fail('notFound', 'id');
}

/** The demo's banners, once, when there are none. */
export async function seedDemoBanners(db: Db) {
  const [existing] = await db.select({ n: count() }).from(banners);
  if ((existing?.n ?? 0) > 0) return false;
  await db.insert(banners).values([
    {
      place: 'home',
      image: '/banners/mining.svg',
      title: 'Cloud mining',
      link: '/pages/my_child/minelist/minelist',
      sort: 1,
    },
    { place: 'home', image: '/banners/team.svg', title: 'Build your team', link: '/pages/tabbar/three/three', sort: 2 },
    { place: 'home', image: '/banners/market.svg', title: 'Markets', link: '/pages/tabbar/four/four', sort: 3 },
    {
      place: 'miners',
      image: '/banners/mining.svg',
      title: 'Cloud mining',
      link: '/pages/my_child/power/power',
      sort: 1,
    },
    {
      place: 'miners',
      image: '/banners/team.svg',
      title: 'Build your team',
      link: '/pages/tabbar/three/three',
      sort: 2,
    },
  ]);
  return true;
}
