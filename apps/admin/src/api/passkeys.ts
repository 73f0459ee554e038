import type { CallAnswer, CallBody, CallParams } from '@minecloud/contract/calls';
import { ADMIN_API, adminPath, type CONSOLE_CALLS } from '@minecloud/contract/console';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { api } from '@/lib/api';

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

type List = typeof CONSOLE_CALLS.passkeyList;
type Enrol = typeof CONSOLE_CALLS.passkeyEnrol;
type Remove = typeof CONSOLE_CALLS.passkey;
type SignIn = typeof CONSOLE_CALLS.passkeySignIn;

/** The operator's passkeys: what listing, enrolling and removing one answer. */
export type Passkeys = CallAnswer<List>;
export type Passkey = Passkeys['list'][number];

/**
 * The options of a ceremony, which the server passes through as they are (a JSON object), in the
 * shape the browser's library names.
 */
type EnrolOptions = CallAnswer<typeof CONSOLE_CALLS.passkeyOptions> & PublicKeyCredentialCreationOptionsJSON;
type SignInOptions = CallAnswer<typeof CONSOLE_CALLS.passkeySignInOptions> & PublicKeyCredentialRequestOptionsJSON;

export function listPasskeys(): Promise<Passkeys> {
  return api.get<CallAnswer<List>>(ADMIN_API.passkeys);
}

/** Asks the server for a challenge, lets the browser make a passkey, and has the server keep it. */
export async function enrolPasskey(name: CallBody<Enrol>['name']): Promise<CallAnswer<Enrol>> {
  const optionsJSON = await api.post<EnrolOptions>(ADMIN_API.passkeyOptions);
  const credential = await (await webauthn()).startRegistration({ optionsJSON });
  // The library's credential type has no index signature for its extension results, so that the
  // body cannot be checked against CallBody here; the server's schema checks it.
  return api.post<CallAnswer<Enrol>>(ADMIN_API.passkeys, { name, credential });
}

export function removePasskey(id: CallParams<Remove>['id']): Promise<CallAnswer<Remove>> {
  return api.del<CallAnswer<Remove>>(adminPath(ADMIN_API.passkey, { id }));
}

/** Signs in with any passkey of this console the browser holds (it names its operator). */
export async function signInWithPasskey(): Promise<CallAnswer<SignIn>> {
  const optionsJSON = await api.post<SignInOptions>(ADMIN_API.passkeySignInOptions);
  const credential = await (await webauthn()).startAuthentication({ optionsJSON });
  return api.post<CallAnswer<SignIn>>(ADMIN_API.passkeySignIn, { credential });
}
