import type { FetchInfiniteQueryOptions, FetchQueryOptions, QueryClient } from '@tanstack/react-query';

// biome-ignore lint/suspicious/noExplicitAny: each query has its own data type; the cache keeps them apart.
type FirstListQuery = FetchInfiniteQueryOptions<any, any, any, any, any>;

/** One query of a page's first screen (a list's: its first page), with a fetch that shows no toast. */
// biome-ignore lint/suspicious/noExplicitAny: each query has its own data type; the cache keeps them apart.
export type FirstQuery = FetchQueryOptions<any, any, any, any> | FirstListQuery;

const isList = (query: FirstQuery): query is FirstListQuery => query.initialPageParam !== undefined;

/**
 * Asks for the first page's queries before the app's first render (main.tsx), so that the page
 * renders with its data rather than its skeleton first and then again with the data; the requests
 * take the answers index.html asked for with the first paint. A failure toasts nothing and is not
 * kept: the page's own query meets it and shows it, once.
 */
export async function prefetchFirst(client: QueryClient, queries: readonly FirstQuery[]): Promise<void> {
  await Promise.all(
    queries.map(async (query) => {
      if (isList(query)) await client.prefetchInfiniteQuery(query);
      else await client.prefetchQuery(query);
      if (client.getQueryState(query.queryKey)?.status === 'error') {
        client.removeQueries({ queryKey: query.queryKey, exact: true });
      }
    }),
  );
}

/** Resolves once `work` has settled or `ms` have passed, whichever is first; never rejects. */
export function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    work.then(done, done);
  });
}
