import { ADMIN_API } from '@minecloud/contract/console';
import type { PagedList } from '@/lib/api';
import { equityKeys } from './query-keys';

/** The equity rounds, newest first. */
export const rounds: PagedList = { queryKey: equityKeys.rounds, path: ADMIN_API.equityRounds };
