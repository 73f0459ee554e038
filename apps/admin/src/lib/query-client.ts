import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A refusal (4xx, a business code) will not change on retry; a network blip might.
        retry: (count, error) =>
          count < 1 &&
          !(error instanceof ApiError && error.status !== null && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
      mutations: { retry: false },
    },
  });
}
