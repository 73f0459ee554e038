// The reads bench's baseline: a bare Fastify hello-world, in a process of its own (as the API runs
// in its own), on 127.0.0.1 at a free port, which it prints as its first line on stdout. Fastify is
// the API's own version (the workspace's hoisted one), without a logger, plugins or hooks.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
