import { ADMIN_API, adminPath, type OperatorRole, type OperatorRow } from '@minecloud/contract/console';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** A new operator's, or a reset operator's, one-time password: shown once, kept nowhere. */
export type OneTimePassword = { id: string; username: string; password: string };

export const operatorsKey = ['operators'] as const;

export function useOperators() {
  return useQuery({ queryKey: operatorsKey, queryFn: () => api.get<{ list: OperatorRow[] }>(ADMIN_API.operators) });
}

export function createOperator(body: { username: string; role: OperatorRole }): Promise<OneTimePassword> {
  return api.post<OneTimePassword>(ADMIN_API.operators, body);
}

/** Changes an operator's role, or disables or enables the account. */
export async function updateOperator(
  id: string,
  change: { role: OperatorRole } | { disabled: boolean },
): Promise<void> {
  await api.put(adminPath(ADMIN_API.operator, { id }), change);
}

/** Clears the failed sign-ins and the lock they caused. */
export async function unlockOperator(id: string): Promise<void> {
  await api.post(adminPath(ADMIN_API.operatorUnlock, { id }));
}

/** The owner's reset: a new one-time password for the operator. */
export function resetOperator(id: string): Promise<OneTimePassword> {
  return api.post<OneTimePassword>(adminPath(ADMIN_API.operatorReset, { id }));
}

/** Lost-passkey recovery: removes another operator's passkeys (never the owner's own). */
export async function clearPasskeys(id: string): Promise<void> {
  await api.del(adminPath(ADMIN_API.operatorPasskeys, { id }));
}

export const passkeyPolicyKey = ['operators', 'passkeyPolicy'] as const;

export function usePasskeyPolicy() {
  return useQuery({
    queryKey: passkeyPolicyKey,
    queryFn: () => api.get<{ roles: OperatorRole[] }>(ADMIN_API.passkeyPolicy),
  });
}

export function setPasskeyPolicy(roles: OperatorRole[]): Promise<{ roles: OperatorRole[] }> {
  return api.put<{ roles: OperatorRole[] }>(ADMIN_API.passkeyPolicy, { roles });
}

/** Vouches for an approver another owner set up: it may then decide four-eyes questions. */
export async function vouchOperator(id: string): Promise<void> {
  await api.post(adminPath(ADMIN_API.operatorVouch, { id }));
}
