import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, operatorWithRole, type TestApp } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { queryRows } from '../db/client.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { adminReset, SHELL_ACTOR } from './admin-reset.ts';

// The way back for an owner who lost the password or the TOTP device: `npm run admin:reset` from the
// server's shell.
let app: TestApp;
const here = { publicOrigin: undefined, host: '127.0.0.1', port: 8080 };

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const me = (token: string) =>
  app.inject({ method: 'GET', url: '/admin-api/auth/me', headers: { authorization: `Bearer ${token}` } });

async function operatorRow(username: string) {
  const [row] = await queryRows<{
    password_hash: string;
    must_change_password: boolean;
    totp_enabled: boolean;
    totp_secret: string | null;
  }>(
    app.db,
    sql`select password_hash, must_change_password, totp_enabled, totp_secret from operators where username = ${username}`,
  );
  return row;
}

describe('npm run admin:reset', () => {
  it('gives the owner a new one-time password, stored hashed, ends its sessions, and prints it framed with the console URL', async () => {
    const session = await operatorToken(app);
    expect((await me(session)).statusCode).toBe(200);

    const outcome = await adminReset(app.db, here);
    if (!outcome.ok) throw new Error(outcome.text);
    expect(outcome.username).toBe('admin');
    expect((await me(session)).statusCode).toBe(401);

    const row = await operatorRow('admin');
    expect(row).toMatchObject({ must_change_password: true, totp_enabled: false, totp_secret: null });
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.password_hash).not.toContain(outcome.password);
    expect(await verifyPassword(outcome.password, row?.password_hash as string)).toBe(true);

    // Plain lines in a frame, every line as wide as the others: nothing of a JSON log in between.
    const lines = outcome.text.trim().split('\n');
    expect(lines[0]).toMatch(/^\+-+\+$/);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(outcome.text).toContain('http://127.0.0.1:8080/admin/');
    expect(outcome.text).toContain(`One-time password:  ${outcome.password}`);

    const login = await app.inject({
      method: 'POST',
      url: '/admin-api/auth/login',
      payload: { username: 'admin', password: outcome.password },
    });
    expect(login.json().data).toMatchObject({ setup: 'password' });
    const [audit] = await queryRows<{ actor: string; action: string; target: string }>(
      app.db,
      sql`select actor, action, target from audit_log where actor = ${SHELL_ACTOR}`,
    );
    expect(audit).toEqual({ actor: SHELL_ACTOR, action: 'operator.reset', target: 'operator:admin' });
  });

  it('resets a named operator, names the console by PUBLIC_ORIGIN, and refuses unknown and disabled names', async () => {
    const session = await operatorWithRole(app, 'fin', 'finance');
    const outcome = await adminReset(app.db, { ...here, publicOrigin: 'https://ops.example.com' }, 'fin');
    if (!outcome.ok) throw new Error(outcome.text);
    expect(outcome.text).toContain('https://ops.example.com/admin/');
    expect((await me(session)).statusCode).toBe(401);
    expect((await operatorRow('fin'))?.must_change_password).toBe(true);

    expect(await adminReset(app.db, here, 'nobody')).toEqual({ ok: false, text: 'no operator named nobody\n' });
    await app.db.execute(sql`update operators set disabled = true where username = 'fin'`);
    const disabled = await adminReset(app.db, here, 'fin');
    expect(disabled.ok).toBe(false);
    expect(disabled.text).toMatch(/fin is disabled/);
  });

  it('makes the first owner on a database without operators', async () => {
    const database = await createTestDatabase();
    try {
      const outcome = await adminReset(database.db, here);
      if (!outcome.ok) throw new Error(outcome.text);
      expect(outcome.username).toBe('admin');
      const [row] = await queryRows<{ role: string; password_hash: string }>(
        database.db,
        sql`select role, password_hash from operators`,
      );
      expect(row?.role).toBe('owner');
      expect(await verifyPassword(outcome.password, row?.password_hash as string)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
