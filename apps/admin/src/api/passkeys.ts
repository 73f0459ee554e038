import { ADMIN_API, adminPath, type Passkey, type SetupStep } from '@minecloud/contract/console';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { api } from '../lib/api.ts';

/** Operators' passkeys (docs/operations.md, "Passkeys"): the browser's ceremonies and the server's calls. */

/** The ceremonies' code is fetched when one starts: the sign-in page shows before it is needed. */
const webauthn = () => import('@simplewebauthn/browser');

export const passkeysKey = ['auth', 'passkeys'] as const;

/**
 * Whether this page can use passkeys: a browser with WebAuthn, on a host name (an IP address is
 * never a valid relying party, so the console at 127.0.0.1 cannot use them; localhost can).
 */
export function passkeysAvailable(): boolean {
  const host = typeof location === 'undefined' ? '' : location.hostname;
  if (/^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[')) return false;
  // What the library's browserSupportsWebAuthn() checks, without loading the library for it.
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/**
 * The browser's refusals (cancelled, timed out, already there): its own text means little to an operator.
 * Here rather than beside the passkey list, so that sign-in asks it without loading the list's table.
 */
export const isBrowserRefusal = (error: unknown) =>
  error instanceof Error && ['NotAllowedError', 'InvalidStateError', 'AbortError'].includes(error.name);

export function listPasskeys(): Promise<{ list: Passkey[] }> {
  return api.get<{ list: Passkey[] }>(ADMIN_API.passkeys);
}

/** Asks the server for a challenge, lets the browser make a passkey, and has the server keep it. */
export async function enrolPasskey(name: string): Promise<{ list: Passkey[] }> {
  const optionsJSON = await api.post<PublicKeyCredentialCreationOptionsJSON>(ADMIN_API.passkeyOptions);
  const credential = await (await webauthn()).startRegistration({ optionsJSON });
  return api.post<{ list: Passkey[] }>(ADMIN_API.passkeys, { name, credential });
}

export function removePasskey(id: string): Promise<{ list: Passkey[] }> {
  return api.del<{ list: Passkey[] }>(adminPath(ADMIN_API.passkey, { id }));
}

/** Signs in with any passkey of this console the browser holds (it names its operator). */
export async function signInWithPasskey(): Promise<{ token: string; setup: SetupStep | null }> {
  const optionsJSON = await api.post<PublicKeyCredentialRequestOptionsJSON>(ADMIN_API.passkeySignInOptions);
  const credential = await (await webauthn()).startAuthentication({ optionsJSON });
  return api.post<{ token: string; setup: SetupStep | null }>(ADMIN_API.passkeySignIn, { credential });
}
