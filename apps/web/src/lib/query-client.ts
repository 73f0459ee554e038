import { QueryClient } from '@tanstack/react-query';
import { useSession } from './session';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The wrapper already toasts a failure; a silent retry would toast it again. Pages offer retry.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * One member's cached data never outlives their session: when a token ends (sign-out, a 401, or
 * another account signing in), every cached query is dropped and pages fetch afresh.
 */
export function forgetQueriesWhenSessionEnds(queryClient: QueryClient): () => void {
  return useSession.subscribe((state, previous) => {
    if (previous.token && state.token !== previous.token) queryClient.removeQueries();
  });
}
