import { ADMIN_API } from '@minecloud/contract/console';
import { api } from '@/lib/api';

/** Ends the session's token on the server. */
export async function logout(): Promise<void> {
  await api.post(ADMIN_API.logout);
}
