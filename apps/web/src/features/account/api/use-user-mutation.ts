import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getUserQueryOptions } from '@/api/get-user';

/** A mutation that changes the member's own record: their user info is fetched again after it. */
export function useUserMutation<TBody>(mutationFn: (body: TBody) => Promise<null>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUserQueryOptions().queryKey }),
  });
}
