import { NONCE_TTL_SECONDS } from '@minecloud/contract/auth';
import type { ErrorName } from '@minecloud/contract/errors';
import { type Address, type Hex, isAddress, isErc6492Signature, type PublicClient, verifyMessage } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { AppError } from '../../lib/errors.ts';

/** Clock skew allowed between a wallet and the server. */
const SKEW_MS = 60_000;

/** Hosts a sign-in may name without PUBLIC_ORIGIN: this machine only, on any port. */
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

/** The site a sign-in message must name: its `domain` line and the origins its `URI` may have. */
export type SignInSite = { domain: string; origins: string[] };

/**
 * The site of sign-in messages: PUBLIC_ORIGIN when set; without it, the request's Host only when it
 * is a loopback host (development), so a message for another site can never be made to match by
 * sending its name as Host. Null when the request names no site we may accept.
 */
export function signInSite(publicOrigin: string | undefined, host: string): SignInSite | null {
  if (publicOrigin) {
    const url = new URL(publicOrigin);
    return { domain: url.host, origins: [url.origin] };
  }
  if (!LOOPBACK_HOST.test(host)) return null;
  return { domain: host, origins: [`http://${host}`, `https://${host}`].map((o) => new URL(o).origin) };
}

export type SiweCheck =
  | { ok: true; address: Address; nonce: string }
  | {
      ok: false;
      reason: Extract<
        ErrorName,
        | 'messageInvalid'
        | 'domainMismatch'
        | 'chainMismatch'
        | 'messageExpired'
        | 'messageNotYetValid'
        | 'signatureInvalid'
      >;
    };

function originOf(uri: string): string | null {
  try {
    return new URL(uri).origin;
  } catch {
    return null;
  }
}

/**
 * Checks an EIP-4361 message and its signature: the message names this site (domain and URI) and
 * chain, is within its time window, and was signed by the address it names. An ordinary wallet's
 * signature is checked offline; a smart-contract wallet's (EIP-1271) only through `client`, the
 * chain's RPC, when one is configured.
 */
export async function checkSiwe(input: {
  message: string;
  signature: string;
  site: SignInSite;
  chainId: number;
  client?: PublicClient | null | undefined;
  now?: Date;
}): Promise<SiweCheck> {
  const now = input.now ?? new Date();
  const fields = parseSiweMessage(input.message);
  if (!fields.address || !isAddress(fields.address) || !fields.nonce || !fields.domain || !fields.uri) {
    return { ok: false, reason: 'messageInvalid' };
  }
  if (fields.version !== '1' || !fields.issuedAt || Number.isNaN(fields.issuedAt.getTime())) {
    return { ok: false, reason: 'messageInvalid' };
  }
  if (fields.domain !== input.site.domain) return { ok: false, reason: 'domainMismatch' };
  const uriOrigin = originOf(fields.uri);
  if (!uriOrigin) return { ok: false, reason: 'messageInvalid' };
  if (!input.site.origins.includes(uriOrigin)) return { ok: false, reason: 'domainMismatch' };
  if (fields.chainId !== input.chainId) return { ok: false, reason: 'chainMismatch' };
  const t = now.getTime();
  if (fields.expirationTime && fields.expirationTime.getTime() <= t) return { ok: false, reason: 'messageExpired' };
  if (fields.notBefore && fields.notBefore.getTime() > t + SKEW_MS) return { ok: false, reason: 'messageNotYetValid' };
  if (fields.issuedAt.getTime() > t + SKEW_MS) return { ok: false, reason: 'messageInvalid' };
  if (fields.issuedAt.getTime() < t - NONCE_TTL_SECONDS * 1000) return { ok: false, reason: 'messageExpired' };
  const signed = await signedBy(fields.address, input.message, input.signature as Hex, input.client ?? null);
  if (!signed) return { ok: false, reason: 'signatureInvalid' };
  return { ok: true, address: fields.address, nonce: fields.nonce };
}

/** Whether `address` signed `message`: offline for a key's signature, else as a contract wallet. */
async function signedBy(address: Address, message: string, signature: Hex, client: PublicClient | null) {
  try {
    if (await verifyMessage({ address, message, signature })) return true;
  } catch {
    // Not a key's signature (wrong length, or a contract wallet's format): the chain may know it.
  }
  if (!client) return false;
  return contractSigned(client, address, message, signature);
}

/**
 * EIP-1271 (and EIP-6492 for a wallet not deployed yet): the wallet contract itself says whether the
 * signature is its own. Asked only of an address with code or a signature in EIP-6492's wrapper, so
 * a forged signature for an ordinary address costs one `eth_getCode`. An RPC that does not answer
 * is a 503, not "signature invalid": the member's wallet may be fine.
 */
async function contractSigned(client: PublicClient, address: Address, message: string, signature: Hex) {
  let code: Hex | undefined;
  try {
    code = await client.getCode({ address });
  } catch {
    throw new AppError('unavailable');
  }
  if ((!code || code === '0x') && !isErc6492Signature(signature)) return false;
  try {
    return await client.verifyMessage({ address, message, signature });
  } catch {
    return false;
  }
}
