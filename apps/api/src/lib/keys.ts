import { createCipheriv, createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The server's keys, one per purpose (docs/operations.md, "Keys and secrets"). Each is derived by
 * HKDF-SHA256 from the master secret (JWT_SECRET, or the one generated outside production) with a
 * label of its own, so that no key opens or signs what another one does, and a key that leaks (a
 * token key in a verifier, a data key in a backup tool) gives neither the master nor its siblings.
 * The master itself signs and seals nothing.
 */
const LABELS = {
  memberToken: 'member-token-v1',
  operatorToken: 'operator-token-v1',
  // The label the mail seal had when it was the only derived key: codes queued by an older
  // release still open after the upgrade.
  mailSeal: 'mail-outbox-seal-v1',
} as const;
const SALT = 'minecloud';
const TOTP_LABEL = 'totp-secrets:';

export type KeyPurpose = keyof typeof LABELS;

export function deriveKey(master: Uint8Array, purpose: KeyPurpose): Buffer {
  return hkdf(master, LABELS[purpose]);
}

function hkdf(master: Uint8Array, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, SALT, label, 32));
}

/**
 * One entry of TOTP_KEYS: a key id, and the key's 32 bytes, or null for a key derived from the
 * master secret with the id in its label (`m1`, `m2`… need no secret of their own).
 */
export type TotpKeySpec = { id: string; key: Buffer | null };

/** What TOTP_KEYS is without a value: one key derived from the master secret. */
export const DEFAULT_TOTP_KEYS: readonly TotpKeySpec[] = [{ id: 'm1', key: null }];

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * TOTP_KEYS: entries separated by commas or spaces, the current key first (it encrypts), then the
 * older ones (they only decrypt). An entry is `<id>` (derived from the master secret) or
 * `<id>:<key>`, a key of its own: 32 random bytes in base64 or 64 hex digits
 * (`openssl rand -base64 32`). Errors name the entry's id, never a key.
 */
export function parseTotpKeys(text: string): TotpKeySpec[] {
  const entries = text.split(/[\s,]+/).filter(Boolean);
  if (!entries.length) throw new Error('names no key');
  const seen = new Set<string>();
  return entries.map((entry) => {
    const at = entry.indexOf(':');
    const id = at < 0 ? entry : entry.slice(0, at);
    if (!KEY_ID.test(id)) throw new Error('a key id is 1 to 32 letters, digits, _ or -');
    if (seen.has(id)) throw new Error(`key id ${id} is given twice`);
    seen.add(id);
    if (at < 0) return { id, key: null };
    const text = entry.slice(at + 1);
    const hex = /^[0-9a-fA-F]{64}$/.test(text);
    // Node's base64 decoder reads base64url too.
    const key = Buffer.from(text, hex ? 'hex' : 'base64');
    if (!hex && (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text) || key.length !== 32)) {
      throw new Error(`key ${id} is not 32 bytes in base64 or hex`);
    }
    return { id, key };
  });
}

/**
 * TOTP secrets at rest: AES-256-GCM under the keyring's current key, a random 96-bit nonce each
 * time, bound to the operator's row (a ciphertext copied to another operator does not open). The
 * key's id is stored beside each ciphertext, so that older keys keep opening their rows until
 * `totp-rotate` has re-encrypted them (docs/operations.md, "Rotating the TOTP key").
 */
export type TotpKeyring = {
  /** The id of the key that encrypts. */
  current: string;
  /** Every id this keyring opens. */
  ids: readonly string[];
  seal(operatorId: number, secret: string): { keyId: string; sealed: string };
  /** The secret; throws when the key id is not in the keyring, or the ciphertext is not this row's. */
  open(operatorId: number, keyId: string, sealed: string): string;
};

const SEAL_VERSION = 'v1';

export function totpKeyring(master: Uint8Array, specs: readonly TotpKeySpec[]): TotpKeyring {
  const keys = new Map(specs.map((spec) => [spec.id, spec.key ?? hkdf(master, `${TOTP_LABEL}${spec.id}`)]));
  const current = specs[0]?.id;
  if (current === undefined) throw new Error('a TOTP keyring needs a key');
  const aad = (operatorId: number, keyId: string) => Buffer.from(`operator:${operatorId}:${keyId}`);
  return {
    current,
    ids: [...keys.keys()],
    seal(operatorId, secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keys.get(current) as Buffer, iv);
      cipher.setAAD(aad(operatorId, current));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      const sealed = `${SEAL_VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
      return { keyId: current, sealed };
    },
    open(operatorId, keyId, sealed) {
      const key = keys.get(keyId);
      if (!key) throw new Error(`TOTP key ${keyId} is not in TOTP_KEYS`);
      const [version, payload] = sealed.split('.');
      if (version !== SEAL_VERSION || !payload) throw new Error('unknown TOTP secret format');
      const raw = Buffer.from(payload, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAAD(aad(operatorId, keyId));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

/** Every key of a server process, from its master secret and TOTP_KEYS. */
export type ServerKeys = { memberToken: Buffer; operatorToken: Buffer; mailSeal: Buffer; totp: TotpKeyring };

export function serverKeys(master: Uint8Array, totpKeys: readonly TotpKeySpec[]): ServerKeys {
  return {
    memberToken: deriveKey(master, 'memberToken'),
    operatorToken: deriveKey(master, 'operatorToken'),
    mailSeal: deriveKey(master, 'mailSeal'),
    totp: totpKeyring(master, totpKeys),
  };
}

/** A VAPID key pair (Web Push, RFC 8292), each key in base64url as browsers and web-push take them. */
export type VapidKeys = { publicKey: string; privateKey: string };

/** The uncompressed P-256 public key (65 bytes, base64url) of a 32-byte private key; throws if it is none. */
export function vapidPublicKeyOf(privateKey: Buffer): string {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  return ecdh.getPublicKey().toString('base64url');
}

/**
 * The demo's VAPID pair, derived from the master secret like every other key, so that push works
 * out of the box and the subscriptions browsers made stay valid across restarts. A 32-byte output
 * that is not a valid P-256 scalar (odds about 2^-32) takes the next label.
 */
export function deriveVapidKeys(master: Uint8Array): VapidKeys {
  for (let i = 0; ; i++) {
    const privateKey = hkdf(master, i === 0 ? 'vapid-v1' : `vapid-v1:${i}`);
    try {
      return { publicKey: vapidPublicKeyOf(privateKey), privateKey: privateKey.toString('base64url') };
    } catch {
      // Zero or not below the curve's order: the next label.
    }
  }
}

/** The server's VAPID pair: the one set, else in demo mode the derived one, else none (push is off). */
export function vapidKeysOf(configured: VapidKeys | null, demo: boolean, master: Uint8Array): VapidKeys | null {
  return configured ?? (demo ? deriveVapidKeys(master) : null);
}
