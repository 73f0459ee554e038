import { ADMIN_API, type Dashboard, type DashboardRange } from '@minecloud/contract/console';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The dashboard with `days` days of history; another range keeps the last answer on screen while it loads. */
export function useDashboard(days: DashboardRange) {
  return useQuery({
    queryKey: ['dashboard', days],
    queryFn: () => api.get<Dashboard>(ADMIN_API.dashboard, { days }),
    placeholderData: keepPreviousData,
  });
}
