import pino from 'pino';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import {
  assertMigrated,
  type Database,
  MigrationLockTimeout,
  openConfiguredDatabase,
  SchemaBehind,
} from './db/client.ts';
import { startScheduler } from './jobs/scheduler.ts';
import { ignoreStdioErrors, logDestination } from './lib/logger.ts';
import { installShutdown } from './lib/shutdown.ts';
import { marketSourceOf } from './modules/market/poll.ts';
import { memberWithdrawalStates } from './modules/wallet/withdrawals.ts';

/** How often the push worker looks for pushes to send: a member hears of a withdrawal within seconds. */
const PUSH_POLL_MS = 2_000;

async function main() {
  // First of all: a log reader that goes away must never crash or block the server.
  ignoreStdioErrors();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logs = logDestination();
  // Until the app (and its logger) exists, a logger of the same destination and level.
  const startLog = pino({ level: config.logLevel }, logs);
  let log: Pick<pino.BaseLogger, 'info'> = startLog;
  for (const warning of config.warnings) startLog.warn(warning);
  let scheduler: { stop(): void } | undefined;
  let stop = async () => {};
  // Signals count from the start: a stop while the database is still migrating ends the process too.
  installShutdown({
    graceMs: config.shutdownGraceMs,
    stop: () => stop(),
    flushLogs: (ms) => logs.drain(ms),
    log: (event, message) => log.info(event, message),
  });

  const database = await openConfiguredDatabase(config, { poolMax: config.databasePoolMax });
  stop = () => database.close();
  await prepareSchema(database, config, startLog);
  const app = await buildApp({ config, database, logger: { level: config.logLevel, stream: logs } });
  app.addHook('onClose', async () => database.close());
  log = app.log;
  stop = async () => {
    scheduler?.stop();
    await app.close();
  };

  await app.listen({ port: config.port, host: config.host });
  // Jobs run in `all` and `worker` processes (docs/operations.md, section 1), never in tests.
  if (config.mode !== 'api' && config.nodeEnv !== 'test') {
    const source = marketSourceOf(config);
    scheduler = await startScheduler(database.db, app.clock, app.log, {
      teamRollupMs: config.teamRollupMs,
      market: source && { source, options: config.market },
      chain: app.chain && { chain: app.chain, pollMs: config.chain.pollMs },
      network: app.network,
      mail: app.mailWorker,
      push: app.push.vapid && {
        vapid: app.push.vapid,
        subject: app.push.subject,
        pollMs: PUSH_POLL_MS,
        withdrawalStates: (db, userId, ids) => memberWithdrawalStates(db, app.chain, userId, ids),
      },
    });
  }
  app.log.info(
    {
      database: database.kind,
      demo: config.demo,
      url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
    },
    'MineCloud is running',
  );
  // Last, so that no start-up line pushes it out of sight (one write: no log line lands inside it).
  if (app.firstOperatorNotice) process.stdout.write(app.firstOperatorNotice);
}

/**
 * Migrates (MIGRATE_ON_START, on outside production) or refuses a database behind this code: in
 * production the migrations are a deploy step of their own, `npm run db:migrate` (docs/operations.md,
 * "Deploying a release (migrations)"), so a process never changes the schema under another release's
 * processes by starting. Either refusal, or a lock not had in time, ends the process with 1.
 */
async function prepareSchema(database: Database, config: Config, log: pino.Logger) {
  try {
    if (!config.migrateOnStart) return await assertMigrated(database.db);
    const applied = await database.migrate({
      lockTimeoutMs: config.migrateLockTimeoutMs,
      onWait: () => log.info('another process holds the migration lock: waiting for it'),
    });
    if (applied.length) log.info({ applied }, 'migrations applied');
  } catch (error) {
    if (!(error instanceof SchemaBehind || error instanceof MigrationLockTimeout)) throw error;
    const hint = error instanceof SchemaBehind ? ' (or start one process with MIGRATE_ON_START=1)' : '';
    console.error(`MineCloud does not start: ${error.message}${hint}`);
    await database.close();
    process.exit(1);
  }
}

void main();
