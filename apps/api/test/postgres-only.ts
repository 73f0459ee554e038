/**
 * Files whose subject moves no money: sign-in, content, mail, push, market data, metrics, the
 * server's process and the deploy tools. With TEST_DATABASE_URL set they run once, on PostgreSQL
 * (the `api-pg` project), the database production runs on; without it they run on PGlite, so that
 * `npm test` on a machine without PostgreSQL still runs them. Every other file (the ledger, every
 * money flow, operators' access, security, transparency) runs on both (README, "Test it"). On
 * PGlite, what these files cover still runs under the end-to-end tests, whose server is on PGlite.
 */
export const POSTGRES_ONLY = [
  'src/app.test.ts',
  'src/cli/admin-reset.test.ts',
  'src/cli/db-migrate.test.ts',
  'src/jobs/mail.test.ts',
  'src/modules/admin/operator-email.test.ts',
  'src/modules/admin/passkeys.test.ts',
  'src/modules/auth/auth.test.ts',
  'src/modules/auth/eip1271.test.ts',
  'src/modules/auth/totp-secrets.test.ts',
  'src/modules/config/support.test.ts',
  'src/modules/content/banners.test.ts',
  'src/modules/content/notices.test.ts',
  'src/modules/feedback/feedback.test.ts',
  'src/modules/market/exchange.test.ts',
  'src/modules/market/market.test.ts',
  'src/modules/metrics/metrics.test.ts',
  'src/modules/notifications/notifications.test.ts',
  'src/modules/push/push.test.ts',
  'src/modules/stream/nats.test.ts',
  'src/modules/stream/stream.test.ts',
  'src/modules/user/email.test.ts',
  'src/modules/user/profiles.test.ts',
  'src/openapi.test.ts',
  'src/security/rate-limits.test.ts',
  'src/server.test.ts',
];
