// Reads: GET biz/biz-user/get (a member's own profile, signed in) req/s through the real server on
// PostgreSQL, as a ratio of a bare Fastify hello-world's req/s on the same machine, same run; budget
// ≥ 0.3 (QUALITY.md). autocannon, 100 connections, against one API process and one hello-world
// process, each in a process of its own (not sharing an event loop with autocannon), measured in
// turns after a warm-up of both. Every answer that is not a 200 (with code 0, from the API) counts
// as a failure, and so does every connection error or timeout.

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { API, API_BASE } from '@minecloud/contract/api-paths';
import autocannon from 'autocannon';
import { benchMembers, dropDatabase, quick, record, root, startServer } from './lib.ts';

const MEMBERS = quick ? 100 : 1000;
const CONNECTIONS = 100;
const WARMUP_SECONDS = quick ? 1 : 5;
const SECONDS = quick ? 3 : 10;
// Full runs alternate hello, API, hello, API, so that drift of a shared machine falls on both alike.
const ROUNDS = quick ? 1 : 2;
const BUDGET = 0.3;
const name = 'minecloud_bench_reads';
const path = `${API_BASE.main}${API.userGet}`;

/** The hello-world in its own process; resolves once it prints its port. */
async function startHello(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/hello-server.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`hello-world exited with ${code}`)));
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    },
  };
}

const { url, jwtSecret, database, bearer } = await benchMembers(name, MEMBERS);

const api = await startServer({ DATABASE_URL: url, JWT_SECRET: jwtSecret, MODE: 'api', DEMO: '0' });
let hello: Awaited<ReturnType<typeof startHello>> | undefined;
const failures = { api: 0, hello: 0 };
const done = { api: 0, hello: 0 };

/** Loads one server for `duration` s; returns its answers per second. */
async function load(target: 'api' | 'hello', duration: number): Promise<{ perSecond: number; p99: number }> {
  const result = await autocannon({
    url: target === 'api' ? api.url : hello!.url,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: 'GET',
        path: target === 'api' ? path : '/',
        // Both get a random member's header, so that the load generator does the same work for each.
        setupRequest: (request) => ({
          ...request,
          headers: { authorization: bearer[Math.floor(Math.random() * bearer.length)]! },
        }),
        onResponse: (status, body) => {
          if (status !== 200 || (target === 'api' && !body.includes('"code":0'))) failures[target] += 1;
        },
      },
    ],
  });
  // Connection errors and timeouts never reach onResponse.
  failures[target] += result.errors + result.timeouts;
  return { perSecond: result.requests.total / duration, p99: result.latency.p99 };
}

try {
  hello = await startHello();
  // One answer by hand first: a wrong path or token would otherwise only show up as failures.
  const probe = await fetch(`${api.url}${path}`, { headers: { authorization: bearer[0]! } });
  const probeBody = await probe.text();
  if (probe.status !== 200 || !probeBody.includes('"code":0')) {
    throw new Error(`${path} answered ${probe.status} ${probeBody}`);
  }
  // Warm-up, not counted: both compile and optimise their hot paths under the first load.
  await load('hello', WARMUP_SECONDS);
  await load('api', WARMUP_SECONDS);
  let p99 = 0;
  for (let turn = 0; turn < ROUNDS; turn += 1) {
    done.hello += (await load('hello', SECONDS)).perSecond;
    const measured = await load('api', SECONDS);
    done.api += measured.perSecond;
    p99 = Math.max(p99, measured.p99);
  }
  const helloRate = done.hello / ROUNDS;
  const apiRate = done.api / ROUNDS;
  const ratio = apiRate / helloRate;
  console.log(
    `\nreads (GET ${path} on PostgreSQL, 1 API process vs 1 bare Fastify hello-world process, ${MEMBERS} members, ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s each after ${WARMUP_SECONDS} s of warm-up)`,
  );
  console.log(`  hello-world: ${helloRate.toFixed(0)} req/s; failed: ${failures.hello}`);
  console.log(`  ${API.userGet}: ${apiRate.toFixed(0)} req/s, p99 ${p99} ms; failed: ${failures.api}`);
  console.log(
    `  ratio ${API.userGet} ÷ hello-world = ${ratio.toFixed(2)} (budget ≥ ${BUDGET})${quick ? ' [quick run: not a measurement]' : ''}`,
  );
  record({
    bench: 'reads',
    metric: 'hello-world req/s (baseline)',
    value: helloRate,
    digits: 0,
    unit: '/s',
    budget: '',
    pass: null,
  });
  record({
    bench: 'reads',
    metric: `${API.userGet} req/s`,
    value: apiRate,
    digits: 0,
    unit: '/s',
    budget: '',
    pass: null,
  });
  record({ bench: 'reads', metric: `${API.userGet} p99 latency`, value: p99, unit: 'ms', budget: '', pass: null });
  record({
    bench: 'reads',
    metric: `${API.userGet} ÷ hello-world req/s`,
    value: ratio,
    digits: 2,
    unit: '',
    budget: `≥ ${BUDGET}`,
    pass: ratio >= BUDGET,
  });
  record({
    bench: 'reads',
    metric: 'answers not 200 with code 0',
    value: failures.api + failures.hello,
    unit: '',
    budget: '= 0',
    pass: failures.api + failures.hello === 0,
    correctness: true,
    detail: failures.api + failures.hello ? `API ${failures.api}, hello-world ${failures.hello}` : undefined,
  });
} finally {
  // autocannon hangs up on requests still queued in the server when its time is up; let them finish
  // before the server is stopped (its shutdown does not wait for requests whose client is gone).
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await Promise.all([api.stop(), hello?.stop()]);
  await database.close();
  await dropDatabase(name);
}
