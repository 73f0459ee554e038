import type { CallAnswer } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { configKeys } from './query-keys';

export function getSettings(): Promise<CallAnswer<typeof CONSOLE_CALLS.config>> {
  return api.get<CallAnswer<typeof CONSOLE_CALLS.config>>(ADMIN_API.config);
}

export function useSettings() {
  return useQuery({ queryKey: configKeys.settings, queryFn: getSettings });
}
