import { sharedKeys } from '@/api/query-keys';

/** A member's queries sit under sharedKeys.member(id), so that whatever changes the member refreshes them all. */
export const membersKeys = {
  detail: (id: string) => [...sharedKeys.member(id), 'detail'] as const,
  /** One tab of the member's page, a paged list (components/paged-table). */
  tab: (id: string, tab: 'ledger' | 'miners' | 'orders' | 'team' | 'feedback') =>
    [...sharedKeys.member(id), tab] as const,
  adjustmentLimits: ['adjustment-limits'] as const,
};
