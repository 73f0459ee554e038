import type { CallAnswer, CallParams } from '@minecloud/contract/calls';
import {
  ADMIN_API,
  adminPath,
  type CONSOLE_CALLS,
  type ReserveAddBody,
  type ReserveSignatureFile,
  type ReservesAnswer,
  type ReserveUploadAnswer,
  reserveSignatureFileSchema,
} from '@minecloud/contract/console';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const reservesKey = ['reserves'] as const;

export function useReserves() {
  return useQuery({ queryKey: reservesKey, queryFn: () => api.get<ReservesAnswer>(ADMIN_API.reserves) });
}

function useChange<A, T>(call: (arg: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservesKey }),
  });
}

export const useAddReserve = () =>
  useChange((body: ReserveAddBody) =>
    api.post<CallAnswer<typeof CONSOLE_CALLS.reserveAddresses>>(ADMIN_API.reserveAddresses, body),
  );

export const useRemoveReserve = () =>
  useChange((address: CallParams<typeof CONSOLE_CALLS.reserveAddress>['address']) =>
    api.del<CallAnswer<typeof CONSOLE_CALLS.reserveAddress>>(adminPath(ADMIN_API.reserveAddress, { address })),
  );

export const useUploadSignatures = () =>
  useChange((file: ReserveSignatureFile) => api.post<ReserveUploadAnswer>(ADMIN_API.reserveUpload, file));

/** The file `npm run reserves:sign` wrote, read and checked here before anything is sent; null if it is not one. */
export async function readSignatureFile(file: Blob): Promise<ReserveSignatureFile | null> {
  try {
    const parsed = reserveSignatureFileSchema.safeParse(JSON.parse(await file.text()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
