import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { hash, verify } from '@node-rs/argon2';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** argon2id with the library's defaults (19 MiB, 2 passes: OWASP's minimum), in PHC form. */
export async function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * Checks a password against an argon2id hash, or against an older `scrypt$salt$hash` one (from
 * an earlier version of the server; such a hash is replaced at the next sign-in, see `isLegacyHash`).
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }
  const [scheme, salt, expectedHash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !expectedHash) return false;
  const expected = Buffer.from(expectedHash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length);
  return timingSafeEqual(actual, expected);
}

export function isLegacyHash(stored: string): boolean {
  return !stored.startsWith('$argon2');
}

/** A password to hand over once: 16 characters of base64url. */
export function oneTimePassword(): string {
  return randomBytes(12).toString('base64url');
}

/** A throw-away argon2id hash, verified against when a name is unknown so that timing does not tell which names exist. */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$TROaTCkdS2qmbYK8gmmQ7w$TE1WhBNFxOk2CL2S8/9qXegAzj3lmfZF+RAAim7I8r4';
