import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { marketSourceOf } from './jobs/market.ts';
import { startScheduler } from './jobs/scheduler.ts';

async function main() {
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
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'pg', url: config.databaseUrl, poolMax: config.databasePoolMax })
    : await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  await database.migrate();
  const app = await buildApp({ config, database });
  app.addHook('onClose', async () => database.close());

  let scheduler: { stop(): void } | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    scheduler?.stop();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Jobs run in `all` and `worker` processes (ARCHITECTURE.md), never in tests.
  if (config.mode !== 'api' && config.nodeEnv !== 'test') {
    const source = marketSourceOf(config);
    scheduler = await startScheduler(database.db, app.clock, app.log, {
      teamRollupMs: config.teamRollupMs,
      market: source && { source, options: config.market },
      chain: app.chain && { chain: app.chain, pollMs: config.chain.pollMs },
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
}

void main();
