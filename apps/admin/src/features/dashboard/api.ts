import { ADMIN_API, type Dashboard } from '@minecloud/contract/console';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export function useDashboard() {
  return useQuery({ queryKey: ['dashboard'], queryFn: () => api.get<Dashboard>(ADMIN_API.dashboard) });
}
