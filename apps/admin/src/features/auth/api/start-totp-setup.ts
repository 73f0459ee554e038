import type { CallAnswer } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { api } from '@/lib/api';

export type TotpEnrolment = CallAnswer<typeof CONSOLE_CALLS.totpSetup>;

/** A new TOTP secret for the signed-in operator, and its otpauth:// address for a QR code. */
export function startTotpSetup(): Promise<TotpEnrolment> {
  return api.post<TotpEnrolment>(ADMIN_API.totpSetup);
}
