import { NONCE_TTL_SECONDS } from '@minecloud/contract/auth';
import type { ErrorName } from '@minecloud/contract/errors';
import { type Address, type Hex, isAddress, verifyMessage } from 'viem';
import { parseSiweMessage } from 'viem/siwe';

/** Clock skew allowed between a wallet and the server. */
const SKEW_MS = 60_000;

export type SiweCheck =
  | { ok: true; address: Address; nonce: string }
  | {
      ok: false;
      reason: Extract<
        ErrorName,
        'messageInvalid' | 'domainMismatch' | 'chainMismatch' | 'messageExpired' | 'signatureInvalid'
      >;
    };

/**
 * Checks an EIP-4361 message and its signature, fully offline: the message names this site and
 * chain, is within its time window, and was signed by the address it names.
 */
export async function checkSiwe(input: {
  message: string;
  signature: string;
  domain: string;
  chainId: number;
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
  if (fields.domain !== input.domain) return { ok: false, reason: 'domainMismatch' };
  if (fields.chainId !== input.chainId) return { ok: false, reason: 'chainMismatch' };
  const t = now.getTime();
  if (fields.expirationTime && fields.expirationTime.getTime() <= t) return { ok: false, reason: 'messageExpired' };
  if (fields.notBefore && fields.notBefore.getTime() > t + SKEW_MS) return { ok: false, reason: 'messageExpired' };
  if (fields.issuedAt.getTime() > t + SKEW_MS) return { ok: false, reason: 'messageInvalid' };
  if (fields.issuedAt.getTime() < t - NONCE_TTL_SECONDS * 1000) return { ok: false, reason: 'messageExpired' };
  let valid = false;
  try {
    valid = await verifyMessage({ address: fields.address, message: input.message, signature: input.signature as Hex });
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, reason: 'signatureInvalid' };
  return { ok: true, address: fields.address, nonce: fields.nonce };
}
