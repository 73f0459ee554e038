import { ADMIN_API, type ReservesAnswer } from '@minecloud/contract/console';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { reservesKeys } from './query-keys';

export function getReserves(): Promise<ReservesAnswer> {
  return api.get<ReservesAnswer>(ADMIN_API.reserves);
}

export function useReserves() {
  return useQuery({ queryKey: reservesKeys.list, queryFn: getReserves });
}
