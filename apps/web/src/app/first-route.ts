import type { QueryClient } from '@tanstack/react-query';
import { prefetchFirst, settledWithin } from '@/lib/first-data';
import { firstQueriesAt } from './router';

/** The longest the app's first render waits for its page's code and data (index.html asked for both). */
export const FIRST_ROUTE_WAIT_MS = 300;

/**
 * Before the app's first render (main.tsx): the page at `path` is fetched (index.html preloaded its
 * files), then its first screen's data (index.html asked for it already). Resolves once both are in,
 * or after FIRST_ROUTE_WAIT_MS: the first render then has the page and its data, instead of a
 * loading box, then a skeleton, then the page; what comes later renders as before.
 */
export function prepareFirstRoute(queryClient: QueryClient, path: string): Promise<void> {
  const ready = firstQueriesAt(path).then((queries) => prefetchFirst(queryClient, queries));
  return settledWithin(ready, FIRST_ROUTE_WAIT_MS);
}
