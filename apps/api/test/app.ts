import { randomUUID } from 'node:crypto';
import type { OperatorRole } from '@minecloud/contract/console';
import { type App, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { operators } from '../src/db/schema.ts';
import type { Clock } from '../src/lib/clock.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { totpCode, totpStep } from '../src/lib/totp.ts';
import { forgetSettings } from '../src/modules/config/settings.ts';
import { createTestDatabase } from './database.ts';

export type TestApp = App;

/** The real app on a fresh database, not listening; drive it with `app.inject`. */
export async function buildTestApp(
  env: Record<string, string> = {},
  beforeReady?: (app: TestApp) => void,
  options: { clock?: Clock } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO: 'false',
    ADMIN_BOOTSTRAP_PASSWORD: TEST_OPERATOR_PASSWORD,
    ...env,
  });
  const database = await createTestDatabase();
  await database.migrate();
  // A process keeps the settings it read for a few seconds (settings.ts): one whose test files share
  // it (isolate: false) must not serve a new app, on a new database, the last file's settings.
  forgetSettings();
  const app = await buildApp({ config, database, logger: false, serveApps: false, ...options });
  app.addHook('onClose', async () => database.close());
  beforeReady?.(app);
  await app.ready();
  return app;
}

export const TEST_HOST = 'localhost:80';
/** A fixture for the throw-away test databases, not a credential of any real deployment. */
export const TEST_OPERATOR_PASSWORD = 'operator-test-password';

const ownerTokens = new WeakMap<TestApp, Promise<string>>();

/** A console token of the bootstrap owner `admin`, enrolled in TOTP at its first use per app. */
export async function operatorToken(app: TestApp): Promise<string> {
  // The promise is kept, so that calls at once share one sign-in.
  const known = ownerTokens.get(app) ?? signInAndEnrol(app, 'admin', TEST_OPERATOR_PASSWORD);
  ownerTokens.set(app, known);
  return known;
}

/** Creates an operator with a role (password `<name>-test-password`), enrolls TOTP, and returns its token. */
export async function operatorWithRole(app: TestApp, username: string, role: OperatorRole): Promise<string> {
  const password = `${username}-test-password`;
  await app.db.insert(operators).values({ username, role, passwordHash: await hashPassword(password) });
  return signInAndEnrol(app, username, password);
}

/** A console call as `token`, in English, with a fresh idempotency key: the status and the body. */
export async function consoleCall(
  app: TestApp,
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  token: string,
  payload?: object,
) {
  const res = await app.inject({
    method,
    url: `/admin-api/${path}`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', 'idempotency-key': randomUUID() },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/**
 * An operator created through the console by `owner` (POST operators), signed in with its one-time
 * password, a chosen one and TOTP: its id and token. An approver made so after the first may need a
 * vouch (docs/operations.md, "Approvers and vouching").
 */
export async function createdOperator(app: TestApp, owner: string, username: string, role: OperatorRole) {
  const made = await consoleCall(app, 'POST', 'operators', owner, { username, role });
  if (made.body.code !== 0) throw new Error(`operator not created: ${made.body.msg}`);
  return { id: made.body.data.id as string, token: await onboard(app, username, made.body.data.password) };
}

/** Signs in with a one-time password, chooses a new one and enrols TOTP: the account's token. */
export async function onboard(app: TestApp, username: string, oneTime: string): Promise<string> {
  const login = await consoleCall(app, 'POST', 'auth/login', '', { username, password: oneTime });
  const next = `${username}-chosen-password`;
  const changed = await consoleCall(app, 'POST', 'auth/password', login.body.data.token, { current: oneTime, next });
  if (changed.body.code !== 0) throw new Error(`password not changed: ${changed.body.msg}`);
  return signInAndEnrol(app, username, next);
}

/** The TOTP secret each enrolled test operator got, to sign in again with a code. */
export const totpSecrets = new Map<string, string>();

/** Signs in with a password and, when the session asks for it, enrolls TOTP with a code of the app's clock. */
export async function signInAndEnrol(app: TestApp, username: string, password: string): Promise<string> {
  const login = await app.inject({ method: 'POST', url: '/admin-api/auth/login', payload: { username, password } });
  const { token, setup } = login.json().data as { token: string; setup: string | null };
  if (setup !== 'totp') return token;
  const headers = { authorization: `Bearer ${token}` };
  const enrol = await app.inject({ method: 'POST', url: '/admin-api/auth/totp/setup', headers });
  const { secret } = enrol.json().data as { secret: string };
  totpSecrets.set(username, secret);
  const code = totpCode(secret, totpStep(new Date()));
  const enabled = await app.inject({ method: 'POST', url: '/admin-api/auth/totp/enable', headers, payload: { code } });
  if (enabled.json().code !== 0) throw new Error(`TOTP enrolment failed: ${enabled.body}`);
  return token;
}
