import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { StreamHub } from '../modules/stream/hub.ts';
import { connectNats, natsPublisher, natsSubscriber } from '../modules/stream/nats.ts';
import { StreamRelay } from '../modules/stream/relay.ts';

/**
 * The live stream: this process's clients, fed by every process's changes through the relay of a
 * jobs process (modules/stream: relay.ts, hub.ts; with NATS_URL through NATS, nats.ts).
 */
export const liveStream: FastifyPluginAsync = fp(async (app) => {
  const { config, database } = app;
  const nats = config.natsUrl ? await connectNats(config.natsUrl, `minecloud ${config.mode} ${process.pid}`) : null;
  const stream = new StreamHub(database.db);
  await stream.start(
    database,
    nats
      ? { kind: 'nats', subscribe: natsSubscriber(nats) }
      : database.kind === 'pglite'
        ? { kind: 'local' }
        : { kind: 'notify' },
  );
  app.decorate('stream', stream);
  let relay: StreamRelay | null = null;
  if (config.mode !== 'api') {
    relay = new StreamRelay(
      database.db,
      nats
        ? { kind: 'nats', publish: natsPublisher(nats) }
        : database.kind === 'pglite'
          ? { kind: 'local', ordered: () => void stream.wake() }
          : { kind: 'notify' },
      (error) => app.log.warn({ err: error }, 'stream relay: will try again'),
    );
    relay.start();
  }
  app.decorate('streamRelay', relay);
  app.addHook('onClose', async () => {
    await relay?.stop();
    await stream.stop();
    await nats?.close();
  });
});
