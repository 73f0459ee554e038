import { page } from '@/test/calls';
import { CONFIG, USER } from '@/test/fixtures/money';
import { mockServer, ok } from '@/test/render-app';

/** Fixtures shared by the ranking screens' tests (imported by tests only). */
export const address = (n: number) => `0x${String(n).padStart(4, '0')}...${String(n).padStart(4, 'f')}`;

export function performanceRows(from: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    rank: from + i,
    address: address(from + i),
    performance: `${10_000 - (from + i) * 100}.129`,
  }));
}

export function communityRows(from: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    rank: from + i,
    address: address(from + i),
    teamPerformance: `${500_000 - (from + i) * 1_000}.5`,
  }));
}

type Handlers = Parameters<typeof mockServer>[0];

/** The calls the ranking screens may make, answered with demo data; `overrides` replace any of them. */
export function rankServer(overrides: Handlers = {}) {
  return mockServer({
    'GET /app-api/biz/biz-config/get/basic': () => ok(CONFIG),
    'GET /app-api/biz/biz-user/get': () => ok(USER),
    'POST /app-api/user_mining_machines/addPerformanceRank': ({ body }) => {
      const type = (body as { type: string }).type;
      return page(performanceRows(1, 3), 3, {
        day: type === 'daily' ? '2024-05-05' : '2024-05-06',
        mine: { rank: 42, address: '0xf39F...2266', performance: '88.889' },
      });
    },
    'POST /app-api/community_ranks/communityRank': () =>
      page(communityRows(1, 3), 3, { mine: { rank: 7, address: '0xf39F...2266', teamPerformance: '321.999' } }),
    ...overrides,
  });
}
