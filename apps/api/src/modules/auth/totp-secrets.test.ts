import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorWithRole, TEST_OPERATOR_PASSWORD, type TestApp, totpSecrets } from '../../../test/app.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { buildApp } from '../../app.ts';
import { rotateTotpKeys } from '../../cli/totp-rotate.ts';
import { loadConfig } from '../../config.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { newTotpSecret, totpCode, totpStep } from '../../lib/totp.ts';

// docs/operations.md, "Keys and secrets" and "Rotating the TOTP key": the database never holds an
// operator's TOTP secret in clear, and rotating its key never locks an operator out.
let database: Database;
// Generated for this run: no key of any deployment.
const master = randomBytes(32).toString('hex');
const newKey = `k2:${randomBytes(32).toString('base64')}`;

/** The server started again on the same database with `env` (TOTP_KEYS): what a restart is. */
async function start(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO: 'false',
    ADMIN_BOOTSTRAP_PASSWORD: TEST_OPERATOR_PASSWORD,
    JWT_SECRET: master,
    ...env,
  });
  const app = await buildApp({ config, database, logger: false, serveApps: false });
  await app.ready();
  return app;
}

async function stored(username: string) {
  const [row] = await queryRows<{ totp_secret: string | null; totp_key_id: string | null }>(
    database.db,
    sql`select totp_secret, totp_key_id from operators where username = ${username}`,
  );
  return row;
}

/** Signs in with password and a fresh code of the operator's authenticator; the answer's code. */
async function signIn(app: TestApp, username: string, secret: string): Promise<number> {
  // A code is accepted once per time step: forget the last one, as if the next step had come.
  await database.db.execute(sql`update operators set totp_last_step = null where username = ${username}`);
  const login = await app.inject({
    method: 'POST',
    url: '/admin-api/auth/login',
    payload: { username, password: `${username}-test-password`, totp: totpCode(secret, totpStep(new Date())) },
  });
  return login.json().code;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
});
afterAll(() => database.close());

describe('TOTP secrets at rest', () => {
  const legacySecret = newTotpSecret();

  it('stores an enrolled secret only sealed, with the id of its key', async () => {
    const app = await start();
    try {
      await operatorWithRole(app, 'sealed', 'finance');
      const secret = totpSecrets.get('sealed') as string;
      const row = await stored('sealed');
      expect(row?.totp_key_id).toBe('m1');
      expect(row?.totp_secret).toMatch(/^v1\./);
      expect(row?.totp_secret).not.toContain(secret);
      expect(Buffer.from(row?.totp_secret?.slice(3) ?? '', 'base64url').toString('latin1')).not.toContain(secret);
      expect(await signIn(app, 'sealed', secret)).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('seals at start a secret stored in clear before migration 0029', async () => {
    await database.db.execute(
      sql`insert into operators (username, password_hash, role, totp_secret, totp_enabled)
          values ('legacy', ${await hashPassword('legacy-test-password')}, 'support', ${legacySecret}, true)`,
    );
    const app = await start();
    try {
      const row = await stored('legacy');
      expect(row?.totp_key_id).toBe('m1');
      expect(row?.totp_secret).not.toContain(legacySecret);
      expect(await signIn(app, 'legacy', legacySecret)).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('keeps every operator signing in through a key rotation, and after the old key is retired', async () => {
    const operators = { sealed: totpSecrets.get('sealed') as string, legacy: legacySecret };
    // 1. Every process gets the new key first, the old one after it.
    const both = await start({ TOTP_KEYS: `${newKey},m1` });
    try {
      for (const [name, secret] of Object.entries(operators)) expect(await signIn(both, name, secret)).toBe(0);
      // A new enrolment is sealed with the new key at once.
      await operatorWithRole(both, 'newcomer', 'content');
      expect((await stored('newcomer'))?.totp_key_id).toBe('k2');
    } finally {
      await both.close();
    }
    // Retiring the old key before rotating would lock them out: the tool says so, and changes nothing.
    const early = await rotateTotpKeys(database.db, loadConfig({ JWT_SECRET: master, TOTP_KEYS: newKey }));
    expect(early).toMatchObject({ ok: false, text: expect.stringContaining('2 with key m1') });
    expect((await stored('legacy'))?.totp_key_id).toBe('m1');

    // 2. The rotation.
    const rotation = await rotateTotpKeys(database.db, loadConfig({ JWT_SECRET: master, TOTP_KEYS: `${newKey},m1` }));
    expect(rotation.ok).toBe(true);
    expect(rotation.text).toContain('2 sealed again with key k2, 1 already were');
    expect(rotation.text).toContain('remove it from TOTP_KEYS');
    expect(rotation.text).not.toContain(newKey.slice(3));
    for (const name of Object.keys(operators)) expect((await stored(name))?.totp_key_id).toBe('k2');

    // 3. The old key retired: everyone still signs in.
    const retired = await start({ TOTP_KEYS: newKey });
    try {
      for (const [name, secret] of Object.entries(operators)) expect(await signIn(retired, name, secret)).toBe(0);
      expect(await signIn(retired, 'newcomer', totpSecrets.get('newcomer') as string)).toBe(0);
    } finally {
      await retired.close();
    }
    const [clear] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from operators where totp_secret is not null and totp_key_id is null`,
    );
    expect(clear?.n).toBe(0);
  });
});
