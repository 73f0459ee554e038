import { type App, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Clock } from '../src/lib/clock.ts';
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
  const app = await buildApp({ config, database, logger: false, serveApps: false, ...options });
  app.addHook('onClose', async () => database.close());
  beforeReady?.(app);
  await app.ready();
  return app;
}

export const TEST_HOST = 'localhost:80';
/** A fixture for the throw-away test databases, not a credential of any real deployment. */
export const TEST_OPERATOR_PASSWORD = 'operator-test-password';

export async function operatorToken(app: TestApp): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/admin-api/auth/login',
    payload: { username: 'admin', password: TEST_OPERATOR_PASSWORD },
  });
  return res.json().data.token;
}
