import type { BasicConfig } from '@minecloud/contract/config';
import type { QueryClient } from '@tanstack/react-query';
import { getBasicConfig, getBasicConfigQueryOptions, prefetchBasicConfig } from '@/api/get-basic-config';

/** Where index.html's inline script (scripts/shell/script.ts) leaves its basic config request. */
export const EARLY_CONFIG_KEY = '__minecloudBasicConfig';

type EarlyEnvelope = { code?: number; data?: BasicConfig } | null;

/** The page's own basic config request, taken once: null when the page made none. */
export function takeEarlyConfig(): Promise<BasicConfig | null> | null {
  const slots = window as unknown as Record<string, Promise<EarlyEnvelope> | undefined>;
  const early = slots[EARLY_CONFIG_KEY];
  if (!early) return null;
  delete slots[EARLY_CONFIG_KEY];
  return early.then((envelope) => (envelope?.code === 0 && envelope.data ? envelope.data : null));
}

/**
 * Seeds the basic config query with the answer the page asked for before the app's code arrived
 * (home's banners, the largest paint, need it); without one, or when it failed, asks as before.
 */
export function prefetchEarlyBasicConfig(queryClient: QueryClient): void {
  const early = takeEarlyConfig();
  if (!early) {
    prefetchBasicConfig(queryClient);
    return;
  }
  void queryClient.prefetchQuery({
    ...getBasicConfigQueryOptions(),
    queryFn: async ({ signal }) => (await early) ?? getBasicConfig(signal, false),
  });
}
