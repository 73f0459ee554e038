// Reads: GET biz/biz-user/get (a member's own profile, signed in) through the real server on
// PostgreSQL, against a bare Fastify hello-world on the same machine, same run; budget ≥ 0.8. The
// figure compared is each server's own capacity: answers per second of its CPU. Load comes from wrk
// where it is installed, else several autocannon processes (bench/load.ts), 100 connections; each
// server runs in a process of its own, measured in turns after a warm-up of all; each server's
// event loop must have been busy (≥ 0.9 of a core), or the load generator set the pace. Every answer
// that is not a 200 (with code 0, from the API) counts as a failure, and so does every connection
// error or timeout.
//
// A third server shows the floor: the same API answering the same text from memory behind the same
// plugins, hooks and signature check (bench/floor-server.ts). Its ratio to the hello-world is the
// most that any way of reading the profile could reach; the profile's ratio to it is what the read
// itself costs. Both are printed as information.

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { API, API_BASE } from '@minecloud/contract/api-paths';
import { benchMembers, dropDatabase, FLOOR_PATH, quick, record, root, serverEnvironment, startServer } from './lib.ts';
import { type Load, runLoad } from './load.ts';

const MEMBERS = quick ? 100 : 1000;
const CONNECTIONS = 100;
const WARMUP_SECONDS = quick ? 1 : 5;
const SECONDS = quick ? 3 : 10;
// Full runs alternate hello, API, hello, API, so that drift of a shared machine falls on both alike.
const ROUNDS = quick ? 1 : 2;
const BUDGET = 0.8;
const LOAD_PROCESSES = Number(process.env.BENCH_LOAD_PROCESSES ?? 2);
// A server whose event loop thread ran at least this share of a core was kept busy by the load.
// The hello-world and the floor, which wait for nothing, must be: a load generator that keeps the
// cheapest server busy is not what limits a dearer one. The API's own loop may wait for PostgreSQL
// (its statements' round trips bound what 100 connections ask), which the CPU figure allows for.
const SATURATED = 0.9;
const name = 'minecloud_bench_reads';
const path = `${API_BASE.main}${API.userGet}`;

type Server = { url: string; pid: number; stop: () => Promise<void> };

/** A server of the bench in its own process; resolves once it prints its port (a line `{"port":…}`). */
async function startChild(file: string, env: NodeJS.ProcessEnv = {}): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('{"port"')) resolve((JSON.parse(line) as { port: number }).port);
      else console.log(line);
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    },
  };
}

const { url, jwtSecret, database, bearer } = await benchMembers(name, MEMBERS);

const apiEnv = { DATABASE_URL: url, JWT_SECRET: jwtSecret, MODE: 'api', DEMO: '0' };
const api = await startServer(apiEnv);
const servers: Partial<Record<Target, Server>> = { api };
type Target = 'hello' | 'floor' | 'api';
const targets: Target[] = ['hello', 'floor', 'api'];

/** Loads one server for `duration` s (bench/load.ts). */
function load(target: Target, duration: number) {
  const server = servers[target]!;
  // All get a random member's header, so that the load generator does the same work for each.
  return runLoad(
    {
      urls: [server.url],
      connections: CONNECTIONS,
      duration,
      path: { hello: '/', floor: FLOOR_PATH, api: path }[target],
      // An envelope of code 0 (PostgreSQL writes this answer's JSON, with a space around each colon).
      expectCodeZero: target !== 'hello',
    },
    bearer,
    [server.pid],
  );
}

try {
  servers.hello = await startChild('bench/hello-server.ts');
  // One answer by hand first: a wrong path or token would otherwise only show up as failures.
  const probe = await fetch(`${api.url}${path}`, { headers: { authorization: bearer[0]! } });
  const probeBody = await probe.text();
  if (probe.status !== 200 || JSON.parse(probeBody).code !== 0) {
    throw new Error(`${path} answered ${probe.status} ${probeBody}`);
  }
  // The floor sends this very answer, as the API's process is started (startServer's environment).
  servers.floor = await startChild('bench/floor-server.ts', {
    ...serverEnvironment(apiEnv),
    BENCH_FLOOR_ANSWER: probeBody,
  });
  // Warm-up, not counted: each compiles and optimises its hot paths under the first load.
  for (const target of targets) await load(target, WARMUP_SECONDS);
  const turns: Record<Target, Load[]> = { hello: [], floor: [], api: [] };
  for (let turn = 0; turn < ROUNDS; turn += 1) {
    for (const target of targets) turns[target].push(await load(target, SECONDS));
  }
  const figures = (target: Target) => {
    const runs = turns[target];
    const mean = (pick: (run: Load) => number) => runs.reduce((sum, run) => sum + pick(run), 0) / runs.length;
    const perSecond = mean((run) => run.perSecond);
    const serverCores = mean((run) => run.cpu.servers ?? 0);
    return {
      perSecond,
      serverCores,
      // The server's own capacity: answers per second of its CPU (all its threads). It does not
      // depend on how fast the load came, as long as the server was kept busy.
      perServerCore: perSecond / serverCores,
      loop: mean((run) => run.serverLoop),
      loadCores: mean((run) => run.cpu['load generator'] ?? 0),
      postgres: mean((run) => run.cpu.postgres ?? 0),
      machine: mean((run) => run.cpu['machine busy'] ?? 0),
      failed: runs.reduce((sum, run) => sum + run.failed, 0),
      p99: Math.max(...runs.map((run) => run.p99)),
    };
  };
  // How many calls each profile statement carried (modules/user/service.ts), from the server's metrics.
  const metrics = await (await fetch(`${api.url}/metrics`)).text();
  const metric = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1] ?? 0);
  const callsPerStatement =
    metric('minecloud_member_profile_calls_total') / metric('minecloud_member_profile_statements_total');
  const served = figures('api');
  const base = figures('hello');
  const floor = figures('floor');
  const ratio = served.perServerCore / base.perServerCore;
  const saturated = Math.min(base.loop, floor.loop) >= SATURATED;
  const generator = turns.api[0]!.generator;
  const from = generator === 'wrk' ? 'wrk (1 thread)' : `${LOAD_PROCESSES} autocannon processes`;
  console.log(
    `\nreads (GET ${path} on PostgreSQL, 1 API process vs 1 bare Fastify hello-world process, ${MEMBERS} members, ${CONNECTIONS} connections from ${from}, ${ROUNDS} × ${SECONDS} s each after ${WARMUP_SECONDS} s of warm-up)`,
  );
  // Each server's figures, printed and kept as information only.
  for (const [name, f, baseline] of [
    ['hello-world', base, ' (baseline)'],
    ['floor (the API answering from memory)', floor, ''],
    [API.userGet, served, ''],
  ] as const) {
    console.log(
      `  ${name}: ${f.perSecond.toFixed(0)} req/s, p99 ${f.p99} ms, failed ${f.failed}; CPU in cores: server ${f.serverCores.toFixed(2)} (its event loop ${f.loop.toFixed(2)}), load generator ${f.loadCores.toFixed(2)}, postgres ${f.postgres.toFixed(2)}, machine ${f.machine.toFixed(2)}; ${f.perServerCore.toFixed(0)} answers per server CPU-second`,
    );
    record({
      bench: 'reads',
      metric: `${name} req/s${baseline}`,
      value: f.perSecond,
      digits: 0,
      unit: '/s',
      budget: '',
      pass: null,
    });
    record({
      bench: 'reads',
      metric: `${name} answers per server CPU-second`,
      value: f.perServerCore,
      digits: 0,
      unit: '/s',
      budget: '',
      pass: null,
    });
  }
  console.log(`  profile calls per statement: ${callsPerStatement.toFixed(1)}`);
  const floorRatio = floor.perServerCore / base.perServerCore;
  const readCost = served.perServerCore / floor.perServerCore;
  console.log(
    `  floor ÷ hello-world = ${floorRatio.toFixed(2)} (the most any read could reach); ${API.userGet} ÷ floor = ${readCost.toFixed(2)} (what the read itself costs: its statement and session check)`,
  );
  record({
    bench: 'reads',
    metric: 'floor (the API answering from memory) ÷ hello-world, answers per server CPU-second',
    value: floorRatio,
    digits: 2,
    unit: '',
    budget: '',
    pass: null,
  });
  record({
    bench: 'reads',
    metric: `${API.userGet} ÷ floor, answers per server CPU-second`,
    value: readCost,
    digits: 2,
    unit: '',
    budget: '',
    pass: null,
  });
  console.log(
    `  ratio of answers per server CPU-second ${API.userGet} ÷ hello-world = ${ratio.toFixed(2)} (budget ≥ ${BUDGET}); req/s ratio ${(served.perSecond / base.perSecond).toFixed(2)}; hello-world's and floor's event loops ${saturated ? 'busy' : 'NOT busy'} (≥ ${SATURATED} needed for the load generator not to be the limit)${quick ? ' [quick run: not a measurement]' : ''}`,
  );
  record({
    bench: 'reads',
    metric: `${API.userGet} p99 latency`,
    value: served.p99,
    unit: 'ms',
    budget: '',
    pass: null,
  });
  record({
    bench: 'reads',
    metric: 'load generator not the limit (hello-world and floor event loops, the less busy)',
    value: Math.min(base.loop, floor.loop),
    digits: 2,
    unit: 'cores',
    budget: `≥ ${SATURATED}`,
    pass: saturated,
  });
  record({
    bench: 'reads',
    metric: `${API.userGet} ÷ hello-world, answers per server CPU-second`,
    value: ratio,
    digits: 2,
    unit: '',
    budget: `≥ ${BUDGET}`,
    pass: ratio >= BUDGET,
  });
  record({
    bench: 'reads',
    metric: 'answers not 200 with code 0',
    value: served.failed + base.failed + floor.failed,
    unit: '',
    budget: '= 0',
    pass: served.failed + base.failed + floor.failed === 0,
    correctness: true,
    detail:
      served.failed + base.failed + floor.failed
        ? `API ${served.failed}, hello-world ${base.failed}, floor ${floor.failed}`
        : undefined,
  });
} finally {
  // autocannon hangs up on requests still queued in the server when its time is up; let them finish
  // before the server is stopped (its shutdown does not wait for requests whose client is gone).
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await Promise.all(Object.values(servers).map((server) => server.stop()));
  await database.close();
  await dropDatabase(name);
}
