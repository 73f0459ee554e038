import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startScheduler } from './jobs/scheduler.ts';
import { ignoreStdioErrors, logDestination } from './lib/logger.ts';
import { installShutdown } from './lib/shutdown.ts';
import { marketSourceOf } from './modules/market/poll.ts';

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

  const database = config.databaseUrl
    ? await openDatabase({ kind: 'pg', url: config.databaseUrl, poolMax: config.databasePoolMax })
    : await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  stop = () => database.close();
  await database.migrate();
  const app = await buildApp({ config, database, logger: { level: config.logLevel, stream: logs } });
  app.addHook('onClose', async () => database.close());
  log = app.log;
  stop = async () => {
    scheduler?.stop();
    await app.close();
  };

  await app.listen({ port: config.port, host: config.host });
  // Jobs run in `all` and `worker` processes (ARCHITECTURE.md), never in tests.
  if (config.mode !== 'api' && config.nodeEnv !== 'test') {
    const source = marketSourceOf(config);
    scheduler = await startScheduler(database.db, app.clock, app.log, {
      teamRollupMs: config.teamRollupMs,
      market: source && { source, options: config.market },
      chain: app.chain && { chain: app.chain, pollMs: config.chain.pollMs },
      mail: app.mailWorker,
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

void main();
