// The reads bench's floor: the API itself (apps/api/src/app.ts, every plugin and hook, the member
// guard that checks a token's signature) with one more route under the member API's base that sends
// a fixed answer from memory: the profile read's own answer (BENCH_FLOOR_ANSWER), with no database
// statement and no session read. What the API costs per answer before any read, and so the most that
// any way of reading a profile could reach against the hello-world. Started like the API
// (bench/lib.ts, startServer's environment); prints its port as its first line on stdout.
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openConfiguredDatabase } from '../apps/api/src/db/client.ts';
import { FLOOR_PATH } from './lib.ts';

const answer = process.env.BENCH_FLOOR_ANSWER;
if (!answer) throw new Error('BENCH_FLOOR_ANSWER (the profile answer to send) is not set');
const config = loadConfig();
const database = await openConfiguredDatabase(config, { poolMax: config.databasePoolMax });
const app = await buildApp({ config, database, logger: { level: config.logLevel }, serveApps: false });
app.get(FLOOR_PATH, { preHandler: app.requireSignedToken, schema: { hide: true } }, async (_request, reply) =>
  reply.type('application/json; charset=utf-8').send(answer),
);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
process.on('SIGTERM', () => {
  void app.close().then(() => database.close().then(() => process.exit(0)));
});
