import { z } from 'zod';
import { pageSchema } from './envelope.ts';
import { equityRoundSchema } from './equity.ts';

/** What the console offers members: miner products, banners and equity rounds. */

// ---------------------------------------------------------------------------------------------
// Catalogue: miner products and banners

const decimal = z
  .string()
  .trim()
  .regex(/^(0|[1-9]\d{0,11})(\.\d{1,6})?$/);
export const productInputSchema = z.object({
  name: z.string().trim().min(1).max(80),
  image: z.string().trim().min(1).max(500),
  /** TH/s. */
  hashRate: decimal,
  /** USDT per unit. */
  price: decimal,
  durationDays: z.number().int().min(1).max(3650),
  stock: z.number().int().min(0).max(100_000_000),
  minQuantity: z.number().int().min(1).max(10_000),
  active: z.boolean(),
  sort: z.number().int().min(0).max(10_000),
});
export const productSchema = productInputSchema.extend({ id: z.string() });
export type Product = z.infer<typeof productSchema>;
export const productListSchema = z.object({ list: z.array(productSchema) });

/** Where a banner shows: the home carousel or above the miner shop. */
export const BANNER_PLACES = ['home', 'miners'] as const;
/** One language's text of a banner, written by the app over its art (which has none). */
export const bannerVersionSchema = z.object({
  title: z.string().trim().min(1).max(120),
  subtitle: z.string().trim().max(120).default(''),
});
export type BannerVersion = z.infer<typeof bannerVersionSchema>;
/** The versions beside the Chinese base, each optional (TRANSLATED_LOCALES). */
export const bannerTranslationsSchema = z.object({
  en: bannerVersionSchema.optional(),
  'zh-TW': bannerVersionSchema.optional(),
  'ko-KR': bannerVersionSchema.optional(),
  'ms-MY': bannerVersionSchema.optional(),
});
export type BannerTranslations = z.infer<typeof bannerTranslationsSchema>;
/** `title` and `subtitle` are the Chinese base version, which every banner has. */
export const bannerInputSchema = bannerVersionSchema.extend({
  place: z.enum(BANNER_PLACES),
  image: z.string().trim().min(1).max(500),
  /** A path of the member app, e.g. /pages/my_child/minelist/minelist. */
  link: z
    .string()
    .trim()
    .regex(/^(\/[\w\-./?=&%]*)?$/)
    .max(300),
  sort: z.number().int().min(0).max(10_000),
  active: z.boolean(),
  translations: bannerTranslationsSchema.default({}),
});
export const adminBannerSchema = bannerInputSchema.extend({
  id: z.string(),
  subtitle: z.string(),
  translations: bannerTranslationsSchema,
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;
export const bannerListSchema = z.object({ list: z.array(adminBannerSchema) });

// ---------------------------------------------------------------------------------------------
// Equity rounds

/** The round as members see it (equity.ts), with what only operators need: closed rounds too. */
export const equityRoundRowSchema = equityRoundSchema
  .pick({
    id: true,
    totalShares: true,
    sharesRemaining: true,
    pricePerShare: true,
    annualYieldPct: true,
    minQuantity: true,
    termDays: true,
  })
  .extend({ open: z.boolean(), createdAt: z.string() });
export const equityRoundPageSchema = pageSchema(equityRoundRowSchema);
