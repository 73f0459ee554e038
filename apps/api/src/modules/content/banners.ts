import type { Banner } from '@minecloud/contract/config';
import type { AdminBanner, BANNER_PLACES, BannerTranslations, BannerVersion } from '@minecloud/contract/console';
import type { Locale } from '@minecloud/contract/locales';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db, TxDb } from '../../db/client.ts';
import { banners, bannerTranslations } from '../../db/schema.ts';
import { fail } from '../../lib/errors.ts';
import { byItem, pickVersion, translatedChain, type Versions, versionRows } from './languages.ts';

type Place = (typeof BANNER_PLACES)[number];
type Row = typeof banners.$inferSelect;
type Reader = Pick<Db, 'select'>;
type Version = Required<BannerVersion>;
export type BannerInput = Omit<AdminBanner, 'id' | 'subtitle' | 'translations'> & {
  subtitle?: string;
  translations?: BannerTranslations;
};

/** The versions of the banners `ids` beside their Chinese base: those in `langs`, or all. */
async function versionsOf(db: Reader, ids: number[], langs?: string[]): Promise<Map<number, Versions<Version>>> {
  if (ids.length === 0 || langs?.length === 0) return new Map();
  const found = await db
    .select()
    .from(bannerTranslations)
    .where(and(inArray(bannerTranslations.bannerId, ids), langs ? inArray(bannerTranslations.lang, langs) : undefined));
  return byItem(
    found,
    (t) => t.bannerId,
    (t) => ({ title: t.title, subtitle: t.subtitle }),
  );
}

async function view(db: Reader, rows: Row[]): Promise<AdminBanner[]> {
  const versions = await versionsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: String(row.id),
    place: row.place as Place,
    image: row.image,
    title: row.title,
    subtitle: row.subtitle,
    link: row.link,
    sort: row.sort,
    active: row.active,
    translations: (versions.get(row.id) ?? {}) as BannerTranslations,
  }));
}
const one = async (db: Reader, row: Row) => (await view(db, [row]))[0] as AdminBanner;

/**
 * What members see in one place: the active banners, by sort then age, each in the reader's
 * language, else English, else the Chinese base.
 */
export async function activeBanners(db: Reader, place: Place, locale: Locale): Promise<Banner[]> {
  const rows = await db
    .select()
    .from(banners)
    .where(and(eq(banners.place, place), eq(banners.active, true)))
    .orderBy(asc(banners.sort), asc(banners.id));
  const versions = await versionsOf(
    db,
    rows.map((r) => r.id),
    translatedChain(locale),
  );
  return rows.map((r) => {
    const base = { title: r.title, subtitle: r.subtitle };
    const { lang, version } = pickVersion(base, versions.get(r.id), locale);
    return { id: String(r.id), image: r.image, title: version.title, subtitle: version.subtitle, link: r.link, lang };
  });
}

export async function allBanners(db: Reader) {
  const rows = await db.select().from(banners).orderBy(asc(banners.place), asc(banners.sort), asc(banners.id));
  return view(db, rows);
}

export async function bannerById(db: Reader, id: number): Promise<AdminBanner> {
  const [row] = await db.select().from(banners).where(eq(banners.id, id));
  return row ? one(db, row) : fail('notFound', 'id');
}

/** Replaces the banner's versions beside its base with `translations`. */
async function saveTranslations(tx: TxDb, bannerId: number, translations: BannerTranslations | undefined) {
  await tx.delete(bannerTranslations).where(eq(bannerTranslations.bannerId, bannerId));
  const rows = versionRows(translations).map(({ lang, version }) => ({
    bannerId,
    lang,
    title: version.title,
    subtitle: version.subtitle ?? '',
  }));
  if (rows.length > 0) await tx.insert(bannerTranslations).values(rows);
}

export async function createBanner(tx: TxDb, input: BannerInput) {
  const { translations, ...fields } = input;
  const [row] = await tx.insert(banners).values(fields).returning();
  await saveTranslations(tx, (row as Row).id, translations);
  return one(tx, row as Row);
}

export async function updateBanner(tx: TxDb, id: number, input: BannerInput) {
  const { translations, ...fields } = input;
  const [row] = await tx
    .update(banners)
    .set({ subtitle: '', ...fields })
    .where(eq(banners.id, id))
    .returning();
  if (!row) return fail('notFound', 'id');
  await saveTranslations(tx, row.id, translations);
  return one(tx, row);
}

export async function deleteBanner(tx: TxDb, id: number) {
  const before = await bannerById(tx, id);
  await tx.delete(banners).where(eq(banners.id, id));
  return before;
}

/** The demo's banners' texts: the Chinese base and a version in every other language. */
const DEMO_TEXTS = {
  mining: {
    title: '云端挖矿',
    subtitle: '每日 BTC 产出',
    translations: {
      en: { title: 'Cloud mining', subtitle: 'Daily BTC output' },
      'zh-TW': { title: '雲端挖礦', subtitle: '每日 BTC 產出' },
      'ko-KR': { title: '클라우드 채굴', subtitle: '매일 비트코인 산출' },
      'ms-MY': { title: 'Perlombongan awan', subtitle: 'Hasil BTC setiap hari' },
    },
  },
  team: {
    title: '邀请好友 组建团队',
    subtitle: '三级团队 · 推荐奖励',
    translations: {
      en: { title: 'Invite friends, build your team', subtitle: 'Three levels · referral rewards' },
      'zh-TW': { title: '邀請好友 組建團隊', subtitle: '三級團隊 · 推薦獎勵' },
      'ko-KR': { title: '친구 초대, 팀 만들기', subtitle: '3단계 팀 · 추천 보상' },
      'ms-MY': { title: 'Jemput rakan, bina pasukan', subtitle: 'Tiga peringkat · ganjaran rujukan' },
    },
  },
  market: {
    title: '行情走势',
    subtitle: '价格 · 24 小时涨跌',
    translations: {
      en: { title: 'Markets', subtitle: 'Prices · 24h change' },
      'zh-TW': { title: '行情走勢', subtitle: '價格 · 24 小時漲跌' },
      'ko-KR': { title: '시세 동향', subtitle: '가격 · 24시간 변동' },
      'ms-MY': { title: 'Pasaran', subtitle: 'Harga · perubahan 24 jam' },
    },
  },
} satisfies Record<string, Required<BannerVersion> & { translations: BannerTranslations }>;

/** The demo's banners, once, when there are none. */
export async function seedDemoBanners(db: Db) {
  const [existing] = await db.select({ n: count() }).from(banners);
  if ((existing?.n ?? 0) > 0) return false;
  const at = (place: Place, sort: number, image: string, link: string) => ({ place, sort, image, link, active: true });
  const demo: BannerInput[] = [
    { ...at('home', 1, '/banners/mining.svg', '/pages/my_child/minelist/minelist'), ...DEMO_TEXTS.mining },
    { ...at('home', 2, '/banners/team.svg', '/pages/tabbar/three/three'), ...DEMO_TEXTS.team },
    { ...at('home', 3, '/banners/market.svg', '/pages/tabbar/four/four'), ...DEMO_TEXTS.market },
    { ...at('miners', 1, '/banners/mining.svg', '/pages/my_child/power/power'), ...DEMO_TEXTS.mining },
    { ...at('miners', 2, '/banners/team.svg', '/pages/tabbar/three/three'), ...DEMO_TEXTS.team },
  ];
  await db.transaction(async (tx) => {
    for (const banner of demo) await createBanner(tx, banner);
  });
  return true;
}
