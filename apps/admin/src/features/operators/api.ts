import type { CallAnswer, CallBody, CallParams } from '@minecloud/contract/calls';
import { ADMIN_API, adminPath, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

type Add = typeof CONSOLE_CALLS.operatorAdd;
type Update = typeof CONSOLE_CALLS.operator;
type PolicySet = typeof CONSOLE_CALLS.passkeyPolicySet;

/** A new operator's, or a reset operator's (the same answer), one-time password: shown once, kept nowhere. */
export type OneTimePassword = CallAnswer<Add>;

export const operatorsKey = ['operators'] as const;

export function useOperators() {
  return useQuery({
    queryKey: operatorsKey,
    queryFn: () => api.get<CallAnswer<typeof CONSOLE_CALLS.operatorList>>(ADMIN_API.operators),
  });
}

export function createOperator(body: CallBody<Add>): Promise<OneTimePassword> {
  return api.post<CallAnswer<Add>>(ADMIN_API.operators, body);
}

/** Changes an operator's role, or disables or enables the account. */
export async function updateOperator(
  id: CallParams<Update>['id'],
  change: Required<Pick<CallBody<Update>, 'role'>> | Required<Pick<CallBody<Update>, 'disabled'>>,
): Promise<void> {
  await api.put<CallAnswer<Update>>(adminPath(ADMIN_API.operator, { id }), change);
}

/** Clears the failed sign-ins and the lock they caused. */
export async function unlockOperator(id: CallParams<typeof CONSOLE_CALLS.operatorUnlock>['id']): Promise<void> {
  await api.post<CallAnswer<typeof CONSOLE_CALLS.operatorUnlock>>(adminPath(ADMIN_API.operatorUnlock, { id }));
}

/** The owner's reset: a new one-time password for the operator. */
export function resetOperator(
  id: CallParams<typeof CONSOLE_CALLS.operatorReset>['id'],
): Promise<CallAnswer<typeof CONSOLE_CALLS.operatorReset>> {
  return api.post<CallAnswer<typeof CONSOLE_CALLS.operatorReset>>(adminPath(ADMIN_API.operatorReset, { id }));
}

/** Lost-passkey recovery: removes another operator's passkeys (never the owner's own). */
export async function clearPasskeys(id: CallParams<typeof CONSOLE_CALLS.operatorPasskeys>['id']): Promise<void> {
  await api.del<CallAnswer<typeof CONSOLE_CALLS.operatorPasskeys>>(adminPath(ADMIN_API.operatorPasskeys, { id }));
}

export const passkeyPolicyKey = ['operators', 'passkeyPolicy'] as const;

export function usePasskeyPolicy() {
  return useQuery({
    queryKey: passkeyPolicyKey,
    queryFn: () => api.get<CallAnswer<typeof CONSOLE_CALLS.passkeyPolicyGet>>(ADMIN_API.passkeyPolicy),
  });
}

export function setPasskeyPolicy(roles: CallBody<PolicySet>['roles']): Promise<CallAnswer<PolicySet>> {
  return api.put<CallAnswer<PolicySet>>(ADMIN_API.passkeyPolicy, { roles } satisfies CallBody<PolicySet>);
}

/** Vouches for an approver another owner set up: it may then decide four-eyes questions. */
export async function vouchOperator(id: CallParams<typeof CONSOLE_CALLS.operatorVouch>['id']): Promise<void> {
  await api.post<CallAnswer<typeof CONSOLE_CALLS.operatorVouch>>(adminPath(ADMIN_API.operatorVouch, { id }));
}
