import { createECDH, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { sealSecret, unsealSecret } from '../modules/mail/mailer.ts';
import {
  DEFAULT_TOTP_KEYS,
  deriveKey,
  deriveVapidKeys,
  parseTotpKeys,
  serverKeys,
  totpKeyring,
  vapidKeysOf,
  vapidPublicKeyOf,
} from './keys.ts';

// docs/operations.md, "Keys and secrets": one key per purpose, none opening what another seals.
const master = randomBytes(32);

describe('the server keys', () => {
  const keys = serverKeys(master, DEFAULT_TOTP_KEYS);
  const named = { master, memberToken: keys.memberToken, operatorToken: keys.operatorToken, mailSeal: keys.mailSeal };

  it('derives a distinct key for each purpose, none the master itself', () => {
    const hex = Object.values(named).map((key) => Buffer.from(key).toString('hex'));
    expect(new Set(hex).size).toBe(hex.length);
    expect(deriveKey(master, 'mailSeal')).toEqual(keys.mailSeal);
    expect(serverKeys(randomBytes(32), DEFAULT_TOTP_KEYS).mailSeal).not.toEqual(keys.mailSeal);
  });

  it('keeps the mail seal key of earlier releases, so that queued codes still open', async () => {
    const { hkdfSync } = await import('node:crypto');
    expect(keys.mailSeal).toEqual(Buffer.from(hkdfSync('sha256', master, 'minecloud', 'mail-outbox-seal-v1', 32)));
  });

  it('opens a sealed mail code with the mail seal key only', () => {
    const sealed = sealSecret(keys.mailSeal, 'a@example.com', '123456');
    expect(unsealSecret(keys.mailSeal, 'a@example.com', sealed)).toBe('123456');
    for (const [name, key] of Object.entries(named)) {
      if (name === 'mailSeal') continue;
      expect(() => unsealSecret(Buffer.from(key), 'a@example.com', sealed), name).toThrow();
    }
  });

  it('verifies a member token with the member token key only', async () => {
    const token = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('1').sign(keys.memberToken);
    await expect(jwtVerify(token, keys.memberToken)).resolves.toBeTruthy();
    for (const [name, key] of Object.entries(named)) {
      if (name === 'memberToken') continue;
      await expect(jwtVerify(token, key), name).rejects.toThrow();
    }
  });

  it('seals TOTP secrets with a key of their own, bound to the operator', () => {
    const { keyId, sealed } = keys.totp.seal(7, 'JBSWY3DPEHPK3PXP');
    expect(keyId).toBe('m1');
    expect(keys.totp.open(7, keyId, sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => keys.totp.open(8, keyId, sealed)).toThrow();
    // Another master derives another m1; no token or mail key is a TOTP key.
    expect(() => totpKeyring(randomBytes(32), DEFAULT_TOTP_KEYS).open(7, keyId, sealed)).toThrow();
    for (const key of Object.values(named)) {
      expect(() => totpKeyring(master, [{ id: 'm1', key: Buffer.from(key) }]).open(7, keyId, sealed)).toThrow();
    }
  });
});

describe('TOTP_KEYS', () => {
  it('reads derived and own keys, current first, in base64 or hex', () => {
    const own = randomBytes(32);
    const specs = parseTotpKeys(`k3:${own.toString('base64')}, m2 k1:${own.toString('hex')}`);
    expect(specs).toEqual([
      { id: 'k3', key: own },
      { id: 'm2', key: null },
      { id: 'k1', key: own },
    ]);
    expect(totpKeyring(master, specs)).toMatchObject({ current: 'k3', ids: ['k3', 'm2', 'k1'] });
  });

  it('refuses a bad entry without printing its key', () => {
    const short = randomBytes(16).toString('base64');
    expect(() => parseTotpKeys(`k1:${short}`)).toThrow('key k1 is not 32 bytes in base64 or hex');
    expect(() => parseTotpKeys(`k1:${short}`)).not.toThrow(short);
    expect(() => parseTotpKeys('m1,m1')).toThrow('key id m1 is given twice');
    expect(() => parseTotpKeys('bad id!')).toThrow('a key id');
    expect(() => parseTotpKeys(' , ')).toThrow('names no key');
  });
});

describe('the demo VAPID pair', () => {
  it('is a P-256 pair, the same for the same master secret, another for another', () => {
    const pair = deriveVapidKeys(master);
    expect(deriveVapidKeys(master)).toEqual(pair);
    expect(deriveVapidKeys(randomBytes(32)).publicKey).not.toBe(pair.publicKey);
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(pair.privateKey, 'base64url'));
    expect(ecdh.getPublicKey().toString('base64url')).toBe(pair.publicKey);
    expect(Buffer.from(pair.publicKey, 'base64url')).toHaveLength(65);
    // Not any of the other keys: its own label.
    expect(Buffer.from(pair.privateKey, 'base64url')).not.toEqual(deriveKey(master, 'mailSeal'));
  });

  it('is the server pair in demo mode only, and never in place of a pair that is set', () => {
    const set = { publicKey: 'public', privateKey: 'private' };
    expect(vapidKeysOf(null, true, master)).toEqual(deriveVapidKeys(master));
    expect(vapidKeysOf(null, false, master)).toBeNull();
    expect(vapidKeysOf(set, true, master)).toBe(set);
  });

  it('refuses a private key that is no P-256 scalar', () => {
    expect(() => vapidPublicKeyOf(Buffer.alloc(32))).toThrow();
    expect(() => vapidPublicKeyOf(Buffer.alloc(32, 0xff))).toThrow();
  });
});
