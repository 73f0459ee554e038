import { ADMIN_API, type OperatorMe } from '@minecloud/contract/console';
import { api } from '../lib/api.ts';

/** Replaces the operator's password (setup's first step, or from the account page); answers the operator. */
export function changePassword(body: { current: string; next: string }): Promise<OperatorMe> {
  return api.post<OperatorMe>(ADMIN_API.password, body);
}
