import type { CallBody } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { api } from '@/lib/api';

/** Turns TOTP on with a code from the secret of startTotpSetup (./start-totp-setup). */
export async function enableTotp(code: CallBody<typeof CONSOLE_CALLS.totpEnable>['code']): Promise<void> {
  await api.post(ADMIN_API.totpEnable, { code });
}
