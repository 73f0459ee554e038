import { API } from '@minecloud/contract/api-paths';
import type { DepartmentInfo } from '@minecloud/contract/team';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { teamKeys } from './query-keys';

/** The member's departments 1 to 3 (performance, new performance, members, code) and the major and minor areas. */
export function getDepartmentInfo(signal?: AbortSignal): Promise<DepartmentInfo> {
  return api<DepartmentInfo>({ url: API.departmentInfo, method: 'POST', signal });
}

export function getDepartmentInfoQueryOptions() {
  return queryOptions({ queryKey: teamKeys.departments(), queryFn: ({ signal }) => getDepartmentInfo(signal) });
}

export function useDepartmentInfo() {
  return useQuery(getDepartmentInfoQueryOptions());
}
