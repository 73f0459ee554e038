import type { DashboardRange } from '@minecloud/contract/console';

export const dashboardKeys = {
  dashboard: (days: DashboardRange) => ['dashboard', days] as const,
};
