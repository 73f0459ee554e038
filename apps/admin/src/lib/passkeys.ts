/** Operators' passkeys in this browser (docs/operations.md, "Passkeys"); the calls are api/*-passkey*.ts. */

/** The ceremonies' code is fetched when one starts: the sign-in page shows before it is needed. */
export const loadWebauthn = () => import('@simplewebauthn/browser');

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
