import type { EquityOrderStatus } from '@minecloud/contract/equity';

/** Every query of this feature starts with `equity`, so one invalidation refreshes them all after a purchase. */
export const equityKeys = {
  all: ['equity'] as const,
  round: () => ['equity', 'round'] as const,
  orders: (status: EquityOrderStatus) => ['equity', 'orders', status] as const,
  order: (id: string) => ['equity', 'order', id] as const,
  dailyYield: (days: number) => ['equity', 'daily-yield', days] as const,
};
