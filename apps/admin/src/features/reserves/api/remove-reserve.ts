import type { CallAnswer, CallParams } from '@minecloud/contract/calls';
import { ADMIN_API, adminPath, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { api } from '@/lib/api';
import { useReservesChange } from './query-keys';

type Remove = typeof CONSOLE_CALLS.reserveAddress;

export function removeReserve(address: CallParams<Remove>['address']): Promise<CallAnswer<Remove>> {
  return api.del<CallAnswer<Remove>>(adminPath(ADMIN_API.reserveAddress, { address }));
}

export const useRemoveReserve = () => useReservesChange(removeReserve);
