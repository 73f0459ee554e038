import type { CallAnswer } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS, type DashboardRange } from '@minecloud/contract/console';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The dashboard with `days` days of history; another range keeps the last answer on screen while it loads. */
export function useDashboard(days: DashboardRange) {
  return useQuery({
    queryKey: ['dashboard', days],
    queryFn: () => api.get<CallAnswer<typeof CONSOLE_CALLS.dashboard>>(ADMIN_API.dashboard, { days }),
    placeholderData: keepPreviousData,
  });
}
