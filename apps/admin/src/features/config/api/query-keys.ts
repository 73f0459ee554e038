import type { QueryClient } from '@tanstack/react-query';

export const configKeys = {
  settings: ['config', 'settings'] as const,
  /** The log of changes, a page at a time (components/paged-table). */
  changes: ['config', 'changes'] as const,
  proposals: ['config', 'proposals'] as const,
};

/** Everything a change or a decision may have moved: the settings, their log and the proposals. */
export function refreshConfig(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(Object.values(configKeys).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
