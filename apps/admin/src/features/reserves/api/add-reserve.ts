import type { CallAnswer } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS, type ReserveAddBody } from '@minecloud/contract/console';
import { api } from '@/lib/api';
import { useReservesChange } from './query-keys';

export function addReserve(body: ReserveAddBody): Promise<CallAnswer<typeof CONSOLE_CALLS.reserveAddresses>> {
  return api.post<CallAnswer<typeof CONSOLE_CALLS.reserveAddresses>>(ADMIN_API.reserveAddresses, body);
}

export const useAddReserve = () => useReservesChange(addReserve);
