import { z } from 'zod';

export const bannerSchema = z.object({
  id: z.string(),
  image: z.string(),
  title: z.string(),
  link: z.string(),
});

export const basicConfigSchema = z.object({
  appName: z.string(),
  chainId: z.number().int(),
  appVersion: z.string(),
  demo: z.boolean(),
  banners: z.array(bannerSchema),
  customerService: z.object({ email: z.string(), telegram: z.string() }),
  limits: z.record(z.string(), z.string()),
  features: z.record(z.string(), z.boolean()),
  /** The WalletConnect Cloud project id (public): absent or null, the sign-in page offers no WalletConnect. */
  walletConnectProjectId: z.string().nullable().optional(),
});
export type BasicConfig = z.infer<typeof basicConfigSchema>;
export type Banner = z.infer<typeof bannerSchema>;
