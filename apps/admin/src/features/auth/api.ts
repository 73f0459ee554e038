import { ADMIN_API, type SetupStep } from '@minecloud/contract/console';
import { api } from '../../lib/api.ts';

/** contract admin.ts operatorLoginAnswerSchema. */
export type LoginAnswer = { token: string; setup: SetupStep | null };
export type TotpEnrolment = { secret: string; otpauthUrl: string };

export function login(body: { username: string; password: string; totp?: string }): Promise<LoginAnswer> {
  return api.post<LoginAnswer>(ADMIN_API.login, body);
}

/** A new TOTP secret for the signed-in operator, and its otpauth:// address for a QR code. */
export function startTotpSetup(): Promise<TotpEnrolment> {
  return api.post<TotpEnrolment>(ADMIN_API.totpSetup);
}

/** Turns TOTP on with a code from the secret of {@link startTotpSetup}. */
export async function enableTotp(code: string): Promise<void> {
  await api.post(ADMIN_API.totpEnable, { code });
}
