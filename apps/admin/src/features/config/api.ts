import type { CallAnswer, CallBody, CallParams } from '@minecloud/contract/calls';
import {
  ADMIN_API,
  adminPath,
  type CONSOLE_CALLS,
  type SettingChange,
  type SettingProposal,
} from '@minecloud/contract/console';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const settingsKey = ['config', 'settings'] as const;
export const changesKey = ['config', 'changes'] as const;
export const proposalsKey = ['config', 'proposals'] as const;

export function useSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => api.get<CallAnswer<typeof CONSOLE_CALLS.config>>(ADMIN_API.config),
  });
}

type Change = typeof CONSOLE_CALLS.configKey;
export type SettingChangeBody = CallBody<Change>;

export function useChangeSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, body }: CallParams<Change> & { body: SettingChangeBody }) =>
      api.put<CallAnswer<Change>>(adminPath(ADMIN_API.configKey, { key }), body),
    onSuccess: () => refreshConfig(queryClient),
  });
}

/** Everything a change or a decision may have moved: the settings, their log and the proposals. */
function refreshConfig(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all(
    [settingsKey, changesKey, proposalsKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** Whether a PUT's answer is a proposal waiting for a second operator rather than a change made. */
export const isProposal = (answer: SettingChange | SettingProposal | null): answer is SettingProposal =>
  typeof answer === 'object' && answer !== null && 'status' in answer;

/** Proposed loosening changes of guarded settings waiting for a second operator. */
export function useProposals() {
  return useQuery({
    queryKey: proposalsKey,
    queryFn: () => api.get<CallAnswer<typeof CONSOLE_CALLS.configProposals>>(ADMIN_API.configProposals),
  });
}

export type ProposalDecision = 'approve' | 'reject' | 'withdraw';
const DECISION_PATHS = {
  approve: ADMIN_API.configProposalApprove,
  reject: ADMIN_API.configProposalReject,
  withdraw: ADMIN_API.configProposalWithdraw,
} as const;

export function useDecideProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, how }: { id: string; how: ProposalDecision }) =>
      api.post<SettingProposal>(adminPath(DECISION_PATHS[how], { id })),
    onSuccess: () => refreshConfig(queryClient),
  });
}
