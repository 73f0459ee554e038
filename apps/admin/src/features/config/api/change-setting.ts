import type { CallAnswer, CallBody, CallParams } from '@minecloud/contract/calls';
import {
  ADMIN_API,
  adminPath,
  type CONSOLE_CALLS,
  type SettingChange,
  type SettingProposal,
} from '@minecloud/contract/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshConfig } from './query-keys';

type Change = typeof CONSOLE_CALLS.configKey;
export type SettingChangeBody = CallBody<Change>;

export function changeSetting({ key, body }: CallParams<Change> & { body: SettingChangeBody }) {
  return api.put<CallAnswer<Change>>(adminPath(ADMIN_API.configKey, { key }), body);
}

export function useChangeSetting() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeSetting, onSuccess: () => refreshConfig(queryClient) });
}

/** Whether a PUT's answer is a proposal waiting for a second operator rather than a change made. */
export const isProposal = (answer: SettingChange | SettingProposal | null): answer is SettingProposal =>
  typeof answer === 'object' && answer !== null && 'status' in answer;
