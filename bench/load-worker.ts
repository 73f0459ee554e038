// One load-generator process of bench/load.ts: autocannon, single-threaded, GET requests against the
// URLs and for the time given in BENCH_LOAD (JSON), as a random member of the members file each time. It prints
// "started" when its connections open and one JSON line with its totals when it is done.
//
// Processes, not autocannon's own `workers`: its worker threads post one message to the main thread
// per answer (for the histograms), so on a small machine the main thread, not the workers, paces them.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { roundRobin } from './lib.ts';

export type LoadSpec = {
  urls: string[];
  connections: number;
  duration: number;
  /** A file holding `{ bearer }`: a JSON array of `Bearer …` headers, one per member. */
  membersFile: string;
  path: string;
  /** Whether an answer counts as done only with an envelope of code 0 (the API's), not just a 200. */
  expectCodeZero?: boolean;
};

export type LoadResult = { requests: number; failed: number; p99: number };

const spec = JSON.parse(process.env.BENCH_LOAD ?? '') as LoadSpec;
const { bearer } = JSON.parse(readFileSync(spec.membersFile, 'utf8')) as { bearer: string[] };
// An envelope of code 0, as PostgreSQL writes it too (with a space around the colon).
const expected = spec.expectCodeZero ? /^\{"code" ?: ?0,/ : undefined;
let failed = 0;
const finished = new Promise<autocannon.Result>((resolve, reject) => {
  const tracker = autocannon(
    {
      url: roundRobin(spec.urls),
      connections: spec.connections,
      duration: spec.duration,
      requests: [
        {
          method: 'GET',
          path: spec.path,
          setupRequest: (request) => ({
            ...request,
            headers: { authorization: bearer[Math.floor(Math.random() * bearer.length)]! },
          }),
          onResponse: (status, body) => {
            if (status !== 200 || (expected && !expected.test(body))) failed += 1;
          },
        },
      ],
    },
    (error, result) => (error ? reject(error) : resolve(result)),
  );
  tracker.once('start', () => console.log('started'));
});
const result = await finished;
// Connection errors and timeouts never reach onResponse.
const done: LoadResult = {
  requests: result.requests.total,
  failed: failed + result.errors + result.timeouts,
  p99: result.latency.p99,
};
console.log(JSON.stringify(done));
