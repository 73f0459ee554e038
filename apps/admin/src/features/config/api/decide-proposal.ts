import { ADMIN_API, adminPath, type SettingProposal } from '@minecloud/contract/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshConfig } from './query-keys';

export type ProposalDecision = 'approve' | 'reject' | 'withdraw';
const DECISION_PATHS = {
  approve: ADMIN_API.configProposalApprove,
  reject: ADMIN_API.configProposalReject,
  withdraw: ADMIN_API.configProposalWithdraw,
} as const;

export function decideProposal({ id, how }: { id: string; how: ProposalDecision }): Promise<SettingProposal> {
  return api.post<SettingProposal>(adminPath(DECISION_PATHS[how], { id }));
}

export function useDecideProposal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideProposal, onSuccess: () => refreshConfig(queryClient) });
}
