import type { PerformanceRankType } from '@minecloud/contract/team';

/** Every query of this feature starts with `rank`. */
export const rankKeys = {
  all: ['rank'] as const,
  performance: (type: PerformanceRankType) => ['rank', 'performance', type] as const,
  community: () => ['rank', 'community'] as const,
};
