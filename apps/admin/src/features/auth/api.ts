import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { api } from '@/lib/api';

export type LoginAnswer = CallAnswer<typeof CONSOLE_CALLS.login>;
export type TotpEnrolment = CallAnswer<typeof CONSOLE_CALLS.totpSetup>;

export function login(body: CallBody<typeof CONSOLE_CALLS.login>): Promise<LoginAnswer> {
  return api.post<LoginAnswer>(ADMIN_API.login, body);
}

/** A new TOTP secret for the signed-in operator, and its otpauth:// address for a QR code. */
export function startTotpSetup(): Promise<TotpEnrolment> {
  return api.post<TotpEnrolment>(ADMIN_API.totpSetup);
}

/** Turns TOTP on with a code from the secret of {@link startTotpSetup}. */
export async function enableTotp(code: CallBody<typeof CONSOLE_CALLS.totpEnable>['code']): Promise<void> {
  await api.post(ADMIN_API.totpEnable, { code });
}
