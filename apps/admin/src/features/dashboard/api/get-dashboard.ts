import type { CallAnswer } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS, type DashboardRange } from '@minecloud/contract/console';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { dashboardKeys } from './query-keys';

export function getDashboard(days: DashboardRange): Promise<CallAnswer<typeof CONSOLE_CALLS.dashboard>> {
  return api.get<CallAnswer<typeof CONSOLE_CALLS.dashboard>>(ADMIN_API.dashboard, { days });
}

/** The dashboard with `days` days of history; another range keeps the last answer on screen while it loads. */
export function useDashboard(days: DashboardRange) {
  return useQuery({
    queryKey: dashboardKeys.dashboard(days),
    queryFn: () => getDashboard(days),
    placeholderData: keepPreviousData,
  });
}
