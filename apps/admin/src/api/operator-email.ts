import { ADMIN_API, type OperatorEmail } from '@minecloud/contract/console';
import { api } from '../lib/api.ts';

/** The operator's own address for security notices (docs/operations.md, "Settings that guard money"). */

export const operatorEmailKey = ['auth', 'email'] as const;

export function getOperatorEmail(): Promise<OperatorEmail> {
  return api.get<OperatorEmail>(ADMIN_API.operatorEmail);
}

/** Mails a six-digit code to `email`; the address counts only once the code is entered. */
export function sendOperatorEmailCode(email: string): Promise<OperatorEmail> {
  return api.post<OperatorEmail>(ADMIN_API.operatorEmailCode, { email });
}

export function confirmOperatorEmail(email: string, code: string): Promise<OperatorEmail> {
  return api.post<OperatorEmail>(ADMIN_API.operatorEmail, { email, code });
}

export function removeOperatorEmail(): Promise<OperatorEmail> {
  return api.del<OperatorEmail>(ADMIN_API.operatorEmail);
}
