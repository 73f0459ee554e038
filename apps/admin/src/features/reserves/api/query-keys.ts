import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

export const reservesKeys = {
  list: ['reserves'] as const,
};

/** A change of the reserves, which refreshes their list whether it went through or not. */
export function useReservesChange<A, T>(call: (arg: A) => Promise<T>) {
  const queryClient: QueryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservesKeys.list }),
  });
}
