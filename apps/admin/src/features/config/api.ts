import { ADMIN_API, adminPath, type SettingRow } from '@minecloud/contract/console';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const settingsKey = ['config', 'settings'] as const;
export const changesKey = ['config', 'changes'] as const;

export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => api.get<{ list: SettingRow[] }>(ADMIN_API.config) });
}

export type SettingChangeBody = { value: unknown; effectiveAt?: string };

export function useChangeSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, body }: { key: string; body: SettingChangeBody }) =>
      api.put<unknown>(adminPath(ADMIN_API.configKey, { key }), body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKey }),
        queryClient.invalidateQueries({ queryKey: changesKey }),
      ]);
    },
  });
}
