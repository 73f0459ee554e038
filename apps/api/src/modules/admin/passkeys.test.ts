import { ERROR_CODES } from '@minecloud/contract/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, operatorWithRole, type TestApp, totpSecrets } from '../../../test/app.ts';
import { SoftPasskey } from '../../../test/passkey-authenticator.ts';
import { queryRows } from '../../db/client.ts';
import { totpCode, totpStep } from '../../lib/totp.ts';

/** Operators' passkeys (docs/operations.md, "Passkeys"), with a software authenticator. */

let app: TestApp;
let owner: string;

beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_MINUTE: '1000' });
  owner = await operatorToken(app);
  // Passkey ids far from operator ids: a query that mixed the two up cannot pass by chance.
  await app.db.execute(sql`select setval('operator_passkeys_id_seq', 1000)`);
});
afterAll(() => app.close());

type Answer = { code: number; data: never };
async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token?: string, payload?: object) {
  const res = await app.inject({
    method,
    url: `/admin-api/${path}`,
    headers: { 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload ? { payload } : {}),
  });
  return res.json() as Answer;
}

async function enrol(token: string, passkey: SoftPasskey, name = 'laptop') {
  const options = (await call('POST', 'auth/passkeys/options', token)).data as { challenge: string };
  return call('POST', 'auth/passkeys', token, { name, credential: passkey.create(options) });
}

async function signInWith(passkey: SoftPasskey) {
  const options = (await call('POST', 'auth/passkey/options')).data as { challenge: string };
  return call('POST', 'auth/passkey/login', undefined, { credential: passkey.get(options) });
}

/** Password and a fresh TOTP code (the last accepted step cleared, so that tests may sign in again). */
async function passwordSignIn(username: string) {
  await app.db.execute(sql`update operators set totp_last_step = null where username = ${username}`);
  const totp = totpCode(totpSecrets.get(username) as string, totpStep(new Date()));
  return call('POST', 'auth/login', undefined, { username, password: `${username}-test-password`, totp });
}

const audits = (action: string, target: string) =>
  queryRows<{ actor: string }>(
    app.db,
    sql`select actor from audit_log where action = ${action} and target = ${target} order by id`,
  );

describe('passkeys', () => {
  it('enrols a passkey, signs in with it, and checks the signature counter', async () => {
    const token = await operatorWithRole(app, 'pat', 'support');
    const passkey = new SoftPasskey();
    const enrolled = await enrol(token, passkey, 'Pat’s laptop');
    expect(enrolled).toMatchObject({ code: 0, data: { list: [{ name: 'Pat’s laptop', lastUsedAt: null }] } });

    const signedIn = await signInWith(passkey);
    expect(signedIn).toMatchObject({ code: 0, data: { setup: null } });
    const session = (signedIn.data as { token: string }).token;
    expect(await call('GET', 'auth/me', session)).toMatchObject({ code: 0, data: { username: 'pat' } });
    const [listed] = ((await call('GET', 'auth/passkeys', session)).data as { list: { lastUsedAt: string }[] }).list;
    expect(listed?.lastUsedAt).toEqual(expect.any(String));
    expect(await audits('operator.passkey.add', 'operator:pat')).toEqual([{ actor: 'operator:pat' }]);
    expect(await audits('operator.passkey.signin', 'operator:pat')).toEqual([{ actor: 'operator:pat' }]);

    // An assertion whose counter did not grow (a cloned authenticator) is refused, and counted.
    passkey.counter -= 1;
    expect(await signInWith(passkey)).toMatchObject({ code: ERROR_CODES.passkeyInvalid });
    const [row] = await queryRows<{ failed_logins: number }>(
      app.db,
      sql`select failed_logins from operators where username = 'pat'`,
    );
    expect(row?.failed_logins).toBe(1);
    passkey.counter += 1;
    expect(await signInWith(passkey)).toMatchObject({ code: 0 });
  });

  it('takes a challenge once, from its own ceremony, and refuses another origin', async () => {
    const token = await operatorWithRole(app, 'quinn', 'content');
    const passkey = new SoftPasskey();
    expect(await enrol(token, passkey)).toMatchObject({ code: 0 });
    const options = (await call('POST', 'auth/passkey/options')).data as { challenge: string };
    const assertion = passkey.get(options);
    expect(await call('POST', 'auth/passkey/login', undefined, { credential: assertion })).toMatchObject({ code: 0 });
    // The same assertion again: its challenge is spent.
    expect(await call('POST', 'auth/passkey/login', undefined, { credential: assertion })).toMatchObject({
      code: ERROR_CODES.passkeyInvalid,
    });
    // An enrolment challenge does not sign in.
    const enrolment = (await call('POST', 'auth/passkeys/options', token)).data as { challenge: string };
    expect(await call('POST', 'auth/passkey/login', undefined, { credential: passkey.get(enrolment) })).toMatchObject({
      code: ERROR_CODES.passkeyInvalid,
    });
    // A page of another origin (a phishing site relaying the ceremony).
    const phished = new SoftPasskey('https://console.example.net');
    expect(await enrol(token, phished)).toMatchObject({ code: ERROR_CODES.passkeyInvalid });
  });

  it('refuses a removed passkey, and lets an owner but not the operator clear them all', async () => {
    const token = await operatorWithRole(app, 'rory', 'support');
    const first = new SoftPasskey();
    const second = new SoftPasskey();
    await enrol(token, first, 'first');
    const list = ((await enrol(token, second, 'second')).data as { list: { id: string; name: string }[] }).list;
    expect(list.map((p) => p.name)).toEqual(['first', 'second']);
    const counts = ((await call('GET', 'operators', owner)).data as { list: { username: string; passkeys: number }[] })
      .list;
    expect(counts.filter((row) => ['admin', 'rory'].includes(row.username))).toMatchObject([
      { username: 'admin', passkeys: 0 },
      { username: 'rory', passkeys: 2 },
    ]);
    const removed = await call('DELETE', `auth/passkeys/${list[0]?.id}`, token);
    expect(removed).toMatchObject({ code: 0, data: { list: [{ name: 'second' }] } });
    expect(await signInWith(first)).toMatchObject({ code: ERROR_CODES.passkeyInvalid });
    expect(await audits('operator.passkey.remove', 'operator:rory')).toHaveLength(1);

    const rory = (await queryRows<{ id: number }>(app.db, sql`select id from operators where username = 'rory'`))[0];
    expect(await call('DELETE', `operators/${rory?.id}/passkeys`, token)).toMatchObject({ code: 403 });
    const cleared = await call('DELETE', `operators/${rory?.id}/passkeys`, owner);
    expect(cleared).toMatchObject({ code: 0, data: { username: 'rory', passkeys: 0 } });
    expect(await signInWith(second)).toMatchObject({ code: ERROR_CODES.passkeyInvalid });
    // The lost passkey's sessions end with it.
    expect(await call('GET', 'auth/me', token)).toMatchObject({ code: 401 });
    expect(await audits('operator.passkey.clear', 'operator:rory')).toEqual([{ actor: 'operator:admin' }]);

    const me = (await call('GET', 'auth/me', owner)).data as { id: string };
    expect(await call('DELETE', `operators/${me.id}/passkeys`, owner)).toMatchObject({
      code: ERROR_CODES.passkeyOwnRecovery,
    });
  });

  it('refuses password and TOTP to a role that requires passkeys, once the operator has one', async () => {
    await operatorWithRole(app, 'fay', 'finance');
    expect(await call('PUT', 'operators/passkey-policy', owner, { roles: ['finance'] })).toMatchObject({
      code: 0,
      data: { roles: ['finance'] },
    });
    try {
      // Without a passkey yet: the session may only enrol one.
      const first = await passwordSignIn('fay');
      expect(first).toMatchObject({ code: 0, data: { setup: 'passkey' } });
      const token = (first.data as { token: string }).token;
      expect(await call('GET', 'withdrawals/page', token)).toMatchObject({ code: ERROR_CODES.setupRequired });
      const passkey = new SoftPasskey();
      expect(await enrol(token, passkey)).toMatchObject({ code: 0 });
      expect(await call('GET', 'auth/me', token)).toMatchObject({ data: { setup: null } });

      expect(await passwordSignIn('fay')).toMatchObject({ code: ERROR_CODES.passkeyRequired });
      expect(await signInWith(passkey)).toMatchObject({ code: 0, data: { setup: null } });

      // Recovery: another owner clears the lost passkey; password and TOTP lead to enrolment again.
      const fay = (await queryRows<{ id: number }>(app.db, sql`select id from operators where username = 'fay'`))[0];
      await call('DELETE', `operators/${fay?.id}/passkeys`, owner);
      expect(await passwordSignIn('fay')).toMatchObject({ code: 0, data: { setup: 'passkey' } });
    } finally {
      await call('PUT', 'operators/passkey-policy', owner, { roles: [] });
    }
    expect(await passwordSignIn('fay')).toMatchObject({ code: 0, data: { setup: null } });
    const policy = await queryRows<{ after: unknown }>(
      app.db,
      sql`select after from audit_log where action = 'operator.passkey.policy' order by id`,
    );
    expect(policy.map((row) => row.after)).toEqual([{ roles: ['finance'] }, { roles: [] }]);
  });
});
