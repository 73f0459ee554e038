import type { OperatorRole } from '@minecloud/contract/console';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  operatorToken,
  operatorWithRole,
  signInAndEnrol,
  type TestApp,
  totpSecrets,
} from '../../../test/app.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { routesOf } from '../../../test/routes.ts';
import { queryRows } from '../../db/client.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { totpCode, totpStep } from '../../lib/totp.ts';
import { bootstrapOperator } from '../auth/operator-accounts.ts';

const F: OperatorRole = 'finance';
const C: OperatorRole = 'content';
const S: OperatorRole = 'support';
const ANY = [F, C, S];

/**
 * Who besides the owner may make each console call. Written out here, apart from the routes'
 * own declarations, so that a wrong declaration fails; a new route must be added here.
 */
const EXPECTED: Record<string, OperatorRole[]> = {
  'GET /admin-api/auth/me': ANY,
  'POST /admin-api/auth/password': ANY,
  'POST /admin-api/auth/totp/setup': ANY,
  'POST /admin-api/auth/totp/enable': ANY,
  'GET /admin-api/auth/passkeys': ANY,
  'POST /admin-api/auth/passkeys': ANY,
  'POST /admin-api/auth/passkeys/options': ANY,
  'DELETE /admin-api/auth/passkeys/:id': ANY,
  'GET /admin-api/auth/email': ANY,
  'POST /admin-api/auth/email': ANY,
  'DELETE /admin-api/auth/email': ANY,
  'POST /admin-api/auth/email/code': ANY,
  'GET /admin-api/operators': [F],
  'POST /admin-api/operators': [],
  'PUT /admin-api/operators/:id': [],
  'POST /admin-api/operators/:id/unlock': [],
  'POST /admin-api/operators/:id/reset': [],
  'POST /admin-api/operators/:id/vouch': [F],
  'POST /admin-api/operators/members': [],
  'DELETE /admin-api/operators/:id/passkeys': [],
  'GET /admin-api/operators/passkey-policy': [],
  'PUT /admin-api/operators/passkey-policy': [],
  'GET /admin-api/dashboard': ANY,
  'GET /admin-api/members/page': [F, S],
  'GET /admin-api/members/export.csv': [F, S],
  'GET /admin-api/members/:id': [F, S],
  'GET /admin-api/members/:id/ledger': [F, S],
  'GET /admin-api/members/:id/ledger/export.csv': [F, S],
  'GET /admin-api/members/:id/miners': [F, S],
  'GET /admin-api/members/:id/orders': [F, S],
  'GET /admin-api/members/:id/team': [F, S],
  'GET /admin-api/members/:id/feedback': [F, S],
  'POST /admin-api/ledger/adjust': [F],
  'GET /admin-api/ledger/adjustments': [F],
  'GET /admin-api/ledger/adjustments/limits': [F],
  'POST /admin-api/ledger/adjustments/:id/approve': [F],
  'POST /admin-api/ledger/adjustments/:id/reject': [F],
  'GET /admin-api/ledger/check': [F],
  'GET /admin-api/withdrawals/page': [F],
  'GET /admin-api/withdrawals/export.csv': [F],
  'POST /admin-api/withdrawals/approve': [F],
  'POST /admin-api/withdrawals/reject': [F],
  'POST /admin-api/withdrawals/payout-replaced': [F],
  'GET /admin-api/products': [C],
  'POST /admin-api/products': [C],
  'PUT /admin-api/products/:id': [C],
  'GET /admin-api/banners': [C],
  'POST /admin-api/banners': [C],
  'PUT /admin-api/banners/:id': [C],
  'DELETE /admin-api/banners/:id': [C],
  'GET /admin-api/equity/rounds': [F],
  'POST /admin-api/equity/round': [F],
  'GET /admin-api/config': [F],
  'GET /admin-api/config/changes': [F],
  'PUT /admin-api/config/:key': [],
  'GET /admin-api/config/proposals': [F],
  'POST /admin-api/config/proposals/:id/approve': [F],
  'POST /admin-api/config/proposals/:id/reject': [F],
  'POST /admin-api/config/proposals/:id/withdraw': [],
  'GET /admin-api/notices': [C],
  'POST /admin-api/notices': [C],
  'PUT /admin-api/notices/:id': [C],
  'POST /admin-api/notices/:id/publish': [C],
  'POST /admin-api/notices/:id/unpublish': [C],
  'POST /admin-api/notices/preview': [C],
  'GET /admin-api/feedback': [S],
  'POST /admin-api/feedback/:id/reply': [S],
  'GET /admin-api/mail/outbox': [S],
  'GET /admin-api/jobs': [F],
  'GET /admin-api/jobs/runs': [F],
  'POST /admin-api/jobs/run': [F],
  'GET /admin-api/reserves': [F],
  'POST /admin-api/reserves/addresses': [F],
  'DELETE /admin-api/reserves/addresses/:address': [F],
  'POST /admin-api/reserves/signatures/upload': [F],
  'GET /admin-api/audit/page': [F],
  'GET /admin-api/audit/export.csv': [F],
};
/** Calls every signed-in operator may make, tested on their own below. */
const SEPARATE = [
  'POST /admin-api/auth/login',
  'POST /admin-api/auth/logout',
  'POST /admin-api/auth/passkey/options',
  'POST /admin-api/auth/passkey/login',
];

let app: TestApp;
const routes: string[] = [];
const tokens = {} as Record<OperatorRole, string>;

beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_MINUTE: '1000' });
  routes.push(...routesOf(app).filter((route) => route.split(' ')[1]?.startsWith('/admin-api/')));
  tokens.owner = await operatorToken(app);
  tokens.finance = await operatorWithRole(app, 'fiona', 'finance');
  tokens.content = await operatorWithRole(app, 'carl', 'content');
  tokens.support = await operatorWithRole(app, 'sue', 'support');
});
afterAll(() => app.close());

const call = (method: string, url: string, token?: string, payload?: object) =>
  app.inject({
    method: method as 'GET',
    url,
    headers: { 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload ? { payload } : {}),
  });

describe('the role matrix', () => {
  it('lists every console route, and nothing else', () => {
    const registered = routes.filter((r) => !SEPARATE.includes(r)).sort();
    expect(registered).toEqual(Object.keys(EXPECTED).sort());
  });

  // Each call with each role: refused with 403 exactly when the role may not make it. Bodies are
  // empty and ids unknown, so an allowed call stops at validation or 404 and changes nothing.
  for (const role of ['owner', F, C, S] as const) {
    describe(role, () => {
      for (const [route, roles] of Object.entries(EXPECTED)) {
        const allowed = role === 'owner' || roles.includes(role);
        it(`${allowed ? 'may' : 'may not'} ${route}`, async () => {
          const [method, path] = route.split(' ') as [string, string];
          const url = path.replace(':id', '999999').replace(':key', 'no.such.key');
          const res = await call(method, url, tokens[role], method === 'GET' || method === 'DELETE' ? undefined : {});
          if (allowed) {
            expect(res.statusCode).not.toBe(403);
            expect(res.statusCode).not.toBe(401);
          } else {
            expect(res.statusCode).toBe(403);
            expect(res.json()).toMatchObject({ code: 403 });
          }
        });
      }
    });
  }

  it('refuses every call but sign-in without a token, and with a member token', async () => {
    for (const route of Object.keys(EXPECTED)) {
      const [method, path] = route.split(' ') as [string, string];
      const res = await call(method, path.replace(':id', '1').replace(':key', 'gold.perUsdt'));
      expect(res.statusCode, route).toBe(401);
    }
  });
});

describe('operator accounts', () => {
  it('bootstraps an owner with a one-time password once, to be changed at first sign-in', async () => {
    const database = await createTestDatabase();
    try {
      const printed = await bootstrapOperator(database.db, undefined);
      expect(printed).toMatch(/^[\w-]{16}$/);
      expect(await bootstrapOperator(database.db, undefined)).toBeNull();
      const rows = await queryRows<{
        username: string;
        role: string;
        must_change_password: boolean;
        password_hash: string;
      }>(database.db, sql`select username, role, must_change_password, password_hash from operators`);
      expect(rows).toEqual([
        {
          username: 'admin',
          role: 'owner',
          must_change_password: true,
          password_hash: expect.stringMatching(/^\$argon2id\$/),
        },
      ]);
      expect(await verifyPassword(printed as string, rows[0]?.password_hash as string)).toBe(true);
    } finally {
      await database.close();
    }
    // With ADMIN_BOOTSTRAP_PASSWORD the chosen password stands: only TOTP is left to set up.
    const login = await call('POST', '/admin-api/auth/login', undefined, {
      username: 'admin',
      password: 'operator-test-password',
      totp: totpCode(totpSecrets.get('admin') as string, totpStep(new Date()) + 1),
    });
    expect(login.json().data.setup).toBeNull();
  });

  it('frames the first one-time password in plain lines, with the console URL, for the ready server', async () => {
    const fresh = await buildTestApp({ ADMIN_BOOTSTRAP_PASSWORD: '', PORT: '9090' });
    const block = fresh.firstOperatorNotice;
    await fresh.close();
    expect(block).toMatch(/^\n\+-+\+\n/);
    expect(block).toContain('One-time password');
    expect(block).toContain('http://127.0.0.1:9090/admin/');
    expect(block).toMatch(/Username: +admin/);
    expect(block).not.toMatch(/[{}]/);
    expect(app.firstOperatorNotice).toBeNull();
  });

  it('makes a one-time password change first, then TOTP, before any other call', async () => {
    const created = await call('POST', '/admin-api/operators', tokens.owner, { username: 'newbie', role: 'support' });
    const { password } = created.json().data as { password: string };
    expect(password.length).toBeGreaterThanOrEqual(16);
    const [stored] = await queryRows<{ password_hash: string }>(
      app.db,
      sql`select password_hash from operators where username = 'newbie'`,
    );
    expect(stored?.password_hash).toMatch(/^\$argon2id\$/);

    const login = await call('POST', '/admin-api/auth/login', undefined, { username: 'newbie', password });
    expect(login.json().data.setup).toBe('password');
    const token = login.json().data.token as string;
    const early = await call('GET', '/admin-api/feedback', token);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 1104 });
    expect((await call('POST', '/admin-api/auth/totp/setup', token)).json().code).toBe(1104);

    const wrong = await call('POST', '/admin-api/auth/password', token, {
      current: 'nope',
      next: 'a-long-new-password',
    });
    expect(wrong.json()).toMatchObject({ code: 1105, msg: 'The current password is wrong' });
    const weak = await call('POST', '/admin-api/auth/password', token, { current: password, next: 'short' });
    expect(weak.json()).toMatchObject({
      code: 1106,
      msg: 'The new password needs at least 12 characters and must differ from the old one',
    });
    const changed = await call('POST', '/admin-api/auth/password', token, {
      current: password,
      next: 'newbie-password-1',
    });
    expect(changed.json().data).toMatchObject({ username: 'newbie', role: 'support', setup: 'totp' });

    const setup = await call('POST', '/admin-api/auth/totp/setup', token);
    const { secret, otpauthUrl } = setup.json().data as { secret: string; otpauthUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/MineCloud%3Anewbie?secret=${secret}&issuer=MineCloud&algorithm=SHA1&digits=6&period=30`,
    );
    const step = totpStep(new Date());
    const bad = await call('POST', '/admin-api/auth/totp/enable', token, { code: totpCode(secret, step + 5) });
    expect(bad.json()).toMatchObject({ code: 1102 });
    const enabled = await call('POST', '/admin-api/auth/totp/enable', token, { code: totpCode(secret, step) });
    expect(enabled.json().data).toMatchObject({ totpEnabled: true, setup: null });
    expect((await call('GET', '/admin-api/feedback', token)).statusCode).toBe(200);

    const actions = await queryRows<{ action: string }>(
      app.db,
      sql`select action from audit_log where target = 'operator:newbie' order by id`,
    );
    expect(actions.map((a) => a.action)).toEqual(['operator.create', 'operator.password', 'operator.totp.enable']);
  });

  it('asks for the code, refuses a wrong, an expired and a reused one, and accepts a fresh one', async () => {
    const secret = totpSecrets.get('sue') as string;
    const login = (totp?: string) =>
      call('POST', '/admin-api/auth/login', undefined, { username: 'sue', password: 'sue-test-password', totp });
    const now = totpStep(new Date());
    expect((await login()).json()).toMatchObject({
      code: 1101,
      msg: 'Enter the 6-digit code from your authenticator app',
    });
    expect((await login(totpCode(secret, now + 5))).json()).toMatchObject({ code: 1102 });
    // Three steps (90 s) old: outside the one-step drift window.
    expect((await login(totpCode(secret, now - 3))).json()).toMatchObject({
      code: 1102,
      msg: 'The code is wrong or has expired',
    });
    // The code of the next step is fresh (enrolment used this one); once used, it is refused.
    const fresh = totpCode(secret, now + 1);
    const first = await login(fresh);
    expect(first.json().data).toMatchObject({ setup: null, token: expect.any(String) });
    expect((await login(fresh)).json()).toMatchObject({
      code: 1103,
      msg: 'This code was already used; wait for the next one',
    });
  });

  it('locks an account after five failures in a row, even for the right password, until an owner unlocks it', async () => {
    const password = 'locked-password-1';
    await app.db.execute(
      sql`insert into operators (username, role, password_hash) values ('lockme', 'finance', ${await hashPassword(password)})`,
    );
    const login = (p: string) => call('POST', '/admin-api/auth/login', undefined, { username: 'lockme', password: p });
    for (let i = 0; i < 4; i++) expect((await login('wrong')).statusCode).toBe(401);
    expect((await login(password)).json().code).toBe(0); // a success resets the count
    for (let i = 0; i < 5; i++) expect((await login('wrong')).statusCode).toBe(401);
    const locked = await login(password);
    expect(locked.statusCode).toBe(423);
    expect(locked.json().code).toBe(1100);
    expect(locked.json().msg).toMatch(/^This account is locked; try again after \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    const [row] = await queryRows<{ id: string; minutes: number }>(
      app.db,
      sql`select id::text, round(extract(epoch from locked_until - now()) / 60)::int as minutes from operators where username = 'lockme'`,
    );
    expect(row?.minutes).toBe(15);

    const list = (await call('GET', '/admin-api/operators', tokens.owner)).json().data.list as {
      username: string;
      lockedUntil: string | null;
    }[];
    expect(list.find((o) => o.username === 'lockme')?.lockedUntil).toEqual(expect.any(String));
    expect((await call('POST', `/admin-api/operators/${row?.id}/unlock`, tokens.owner)).json().data).toMatchObject({
      lockedUntil: null,
      failedLogins: 0,
    });
    expect((await login(password)).json().code).toBe(0);
  });

  it('upgrades an older scrypt hash to argon2id at sign-in', async () => {
    const legacy = 'scrypt$AAAAAAAAAAAAAAAAAAAAAA$';
    const { scrypt } = await import('node:crypto');
    const hash = await new Promise<Buffer>((resolve, reject) =>
      scrypt('old-password-1', Buffer.alloc(16), 32, (error, key) => (error ? reject(error) : resolve(key))),
    );
    await app.db.execute(
      sql`insert into operators (username, role, password_hash) values ('oldie', 'support', ${legacy + hash.toString('base64url')})`,
    );
    const token = await signInAndEnrol(app, 'oldie', 'old-password-1');
    expect(token).toMatch(/^ey/);
    const [row] = await queryRows<{ password_hash: string }>(
      app.db,
      sql`select password_hash from operators where username = 'oldie'`,
    );
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('lets the owner change roles, disable (ending sessions) and reset, but never remove the last owner', async () => {
    const token = await operatorWithRole(app, 'temp', 'content');
    const [temp] = await queryRows<{ id: string }>(app.db, sql`select id::text from operators where username = 'temp'`);
    const id = temp?.id as string;
    const promoted = await call('PUT', `/admin-api/operators/${id}`, tokens.owner, { role: 'finance' });
    expect(promoted.json().data).toMatchObject({ role: 'finance' });
    expect((await call('GET', '/admin-api/notices', token)).statusCode).toBe(403);
    expect((await call('GET', '/admin-api/ledger/check', token)).statusCode).toBe(200);

    await call('PUT', `/admin-api/operators/${id}`, tokens.owner, { disabled: true });
    expect((await call('GET', '/admin-api/ledger/check', token)).statusCode).toBe(401);
    await call('PUT', `/admin-api/operators/${id}`, tokens.owner, { disabled: false });

    const reset = await call('POST', `/admin-api/operators/${id}/reset`, tokens.owner);
    const { password } = reset.json().data as { password: string };
    const again = await call('POST', '/admin-api/auth/login', undefined, { username: 'temp', password });
    expect(again.json().data.setup).toBe('password');

    const [admin] = await queryRows<{ id: string }>(
      app.db,
      sql`select id::text from operators where username = 'admin'`,
    );
    const demote = await call('PUT', `/admin-api/operators/${admin?.id}`, tokens.owner, { role: 'finance' });
    expect(demote.json()).toMatchObject({ code: 1108, msg: 'At least one active owner must remain' });
    const taken = await call('POST', '/admin-api/operators', tokens.owner, { username: 'temp', role: 'support' });
    expect(taken.json()).toMatchObject({ code: 1107 });
  });

  // A password that leaked stops working at its change: whoever signed in with the old password (or
  // holds a token of it) is out.
  it('ends every other session of an operator at a password change, and all of them at an owner reset', async () => {
    const first = await operatorWithRole(app, 'twice', 'support');
    const again = await call('POST', '/admin-api/auth/login', undefined, {
      username: 'twice',
      password: 'twice-test-password',
      totp: totpCode(totpSecrets.get('twice') as string, totpStep(new Date()) + 1),
    });
    const second = again.json().data.token as string;
    expect((await call('GET', '/admin-api/auth/me', second)).statusCode).toBe(200);

    const changed = await call('POST', '/admin-api/auth/password', first, {
      current: 'twice-test-password',
      next: 'twice-new-password',
    });
    expect(changed.json().code).toBe(0);
    expect((await call('GET', '/admin-api/auth/me', second)).statusCode).toBe(401);
    expect((await call('GET', '/admin-api/auth/me', first)).statusCode).toBe(200);

    const [row] = await queryRows<{ id: string }>(app.db, sql`select id::text from operators where username = 'twice'`);
    expect((await call('POST', `/admin-api/operators/${row?.id}/reset`, tokens.owner)).json().code).toBe(0);
    expect((await call('GET', '/admin-api/auth/me', first)).statusCode).toBe(401);
  });

  it('signs out: the token stops working', async () => {
    const token = await operatorWithRole(app, 'leaver', 'support');
    expect((await call('GET', '/admin-api/auth/me', token)).json().data).toMatchObject({ username: 'leaver' });
    expect((await call('POST', '/admin-api/auth/logout', token)).json().code).toBe(0);
    expect((await call('GET', '/admin-api/auth/me', token)).statusCode).toBe(401);
  });
});
