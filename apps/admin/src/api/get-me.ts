import { ADMIN_API, type OperatorMe } from '@minecloud/contract/console';
import { api } from '../lib/api.ts';

/** The operator the session's token belongs to, with the setup step still due (app/session-provider). */
export function getMe(): Promise<OperatorMe> {
  return api.get<OperatorMe>(ADMIN_API.me);
}
