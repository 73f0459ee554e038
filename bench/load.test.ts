import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLoad, wrkInstalled } from './load.ts';

// The load generators of the reads bench, against a server that knows what it sent: every answer
// that is not a 200 with an envelope of code 0 must be counted as failed, and each request must carry
// one of the members' headers.
const bearer = ['Bearer a.b.c', 'Bearer d.e.f', 'Bearer g.h.i'];
let sent = { ok: 0, bad: 0, strangers: 0 };
const server = createServer((request, response) => {
  if (!bearer.includes(request.headers.authorization ?? '')) sent.strangers += 1;
  const n = sent.ok + sent.bad;
  // One in five a 500, one in five a 200 that refuses (code 1), the rest a 200 of code 0.
  if (n % 5 === 1 || n % 5 === 3) sent.bad += 1;
  else sent.ok += 1;
  response.writeHead(n % 5 === 1 ? 500 : 200, { 'content-type': 'application/json' });
  response.end(n % 5 === 3 ? '{"code" : 1, "msg" : "no"}' : '{"code" : 0, "data" : {}}');
});
let url = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// Two seconds of load each, after starting the generator: autocannon's processes start through tsx,
// which takes seconds of its own beside the other test files.
const TIMEOUT_MS = 60_000;

describe.each(['wrk', 'autocannon'] as const)('runLoad from %s', (generator) => {
  it.skipIf(generator === 'wrk' && !wrkInstalled())(
    'counts what failed and sends the members headers',
    { timeout: TIMEOUT_MS },
    async () => {
      sent = { ok: 0, bad: 0, strangers: 0 };
      const load = await runLoad(
        { urls: [url], connections: 4, duration: 2, path: '/', expectCodeZero: true },
        bearer,
        [process.pid],
        undefined,
        generator,
      );
      expect(load.generator).toBe(generator);
      expect(sent.strangers).toBe(0);
      expect(sent.ok).toBeGreaterThan(100);
      // What was still in flight when the generator stopped was sent but never counted.
      expect(load.failed).toBeLessThanOrEqual(sent.bad);
      expect(load.failed).toBeGreaterThanOrEqual(sent.bad - 4);
      expect(load.perSecond * 2).toBeGreaterThanOrEqual(sent.ok + sent.bad - 4);
    },
  );
});
