// `npm run deploy:check`: what an operator does to deploy MineCloud (docs/operations.md, "Build and
// deploy"), on this machine and against local stand-ins only. It builds, lays out the runtime image
// by the Dockerfile's own runtime steps (each COPY from the build stage, ENV and RUN) in an empty
// folder, migrates with `npm run db:migrate`, starts two `MODE=api` processes and one `MODE=worker`
// with NODE_ENV=production on PostgreSQL (secrets from `_FILE` variables; a local SMTP catcher, a
// replaying exchange and a Hardhat chain), signs two members in with real wallets, moves money (an
// on-chain deposit the worker credits, a gift through the other API process), checks each process
// with the image's HEALTHCHECK, stops them all, checks the ledger with the built `ledger:check` and
// resets the first operator with the built `admin:reset`.
// It prints the runtime node_modules size and fails above the budget (150 MB).
// Needs TEST_DATABASE_URL (or DEPLOY_DATABASE_URL): a PostgreSQL it may create a database in.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API } from '@minecloud/contract/api-paths';
import pg from 'pg';
import type { Address, PrivateKeyAccount } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { smtpCatcher } from '../apps/api/test/care.ts';
import { type LocalChain, startLocalChain } from '../apps/api/test/chain.ts';
import { replayExchange } from '../apps/api/test/market.ts';
import { freePort } from '../apps/api/test/net.ts';
import { runtimeSteps } from './dockerfile.ts';

const root = path.resolve(import.meta.dirname, '..');
/** Runtime node_modules, at most (docs/operations.md, "Build and deploy"). */
const BUDGET_MB = 150;
/** Packages a runtime install must not hold: build and test tools, front-end libraries. */
const FORBIDDEN = [
  'typescript',
  'tsx',
  'vite',
  'antd',
  'antd-mobile',
  'react',
  '@walletconnect/universal-provider',
  'hardhat',
  'lighthouse',
  'playwright-core',
  'vitest',
  'esbuild',
];
const CONFIRMATIONS = 12;

const started = Date.now();
const step = (text: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${text}`);
function fail(text: string): never {
  throw new Error(text);
}

function duMegabytes(dir: string): number {
  return Number(execFileSync('du', ['-sm', dir], { encoding: 'utf8' }).split('\t')[0]);
}

type Proc = { name: string; url: string; child: ChildProcess; log: () => string };

async function waitReady(proc: Proc) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.child.exitCode !== null) fail(`${proc.name} exited (${proc.child.exitCode}):\n${proc.log()}`);
    try {
      if ((await fetch(`${proc.url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) fail(`${proc.name} not ready after 90 s:\n${proc.log()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function startProcess(name: string, dir: string, command: string[], env: Record<string, string>, port: number): Proc {
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: dir,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { name, url: `http://127.0.0.1:${port}`, child, log: () => log };
}

async function stopProcess(proc: Proc) {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  const exited = new Promise((r) => proc.child.once('exit', r));
  proc.child.kill('SIGTERM');
  await exited;
}

type Answer = { code: number; data: unknown; msg: string };

async function call(base: string, method: string, url: string, token?: string, body?: object): Promise<Answer> {
  const res = await fetch(`${base}/app-api/${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(method === 'POST' ? { 'idempotency-key': randomBytes(12).toString('hex') } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as Answer;
}

/** A member signs in with a real key, as a browser wallet signs: EIP-4361 for PUBLIC_ORIGIN. */
async function signIn(base: string, origin: string, chainId: number, account: PrivateKeyAccount) {
  const nonce = (await call(base, 'GET', API.nonce)).data as { nonce: string };
  const now = new Date();
  const message = createSiweMessage({
    address: account.address,
    chainId,
    domain: new URL(origin).host,
    uri: origin,
    nonce: nonce.nonce,
    version: '1',
    issuedAt: now,
    expirationTime: new Date(now.getTime() + 10 * 60_000),
    statement: 'Sign in to MineCloud',
  });
  const signature = await account.signMessage({ message });
  const login = await call(base, 'POST', API.login, undefined, { message, signature });
  if (login.code !== 0) fail(`sign-in refused: ${JSON.stringify(login)}`);
  const token = (login.data as { token: string }).token;
  const me = await call(base, 'GET', API.userGet, token);
  return { token, userId: (me.data as { id: string }).id };
}

/** A member's available balance of `asset`, as the app shows it. */
async function balance(base: string, token: string, asset: 'USDT'): Promise<string> {
  const answer = await call(base, 'GET', API.balances, token);
  const row = (answer.data as { list: { asset: string; available: string }[] }).list.find((r) => r.asset === asset);
  return row?.available ?? fail(`no ${asset} balance in ${JSON.stringify(answer)}`);
}

async function main() {
  const databaseUrl = process.env.DEPLOY_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!databaseUrl) fail('set TEST_DATABASE_URL (or DEPLOY_DATABASE_URL): a PostgreSQL to create a database in');

  if (!process.argv.includes('--no-build')) {
    step('npm run build');
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) fail('npm run build failed');
  }

  // The runtime image, step by step, in an empty folder.
  const image = mkdtempSync(path.join(tmpdir(), 'minecloud-release-'));
  const steps = runtimeSteps(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
  step(`runtime stage of the Dockerfile in ${image}: ${steps.copies.length} copies, ${steps.runs.length} run`);
  for (const { sources, target } of steps.copies) {
    for (const source of sources) {
      const from = path.join(root, source);
      if (!existsSync(from)) fail(`the Dockerfile copies ${source}, which the build did not make`);
      // Docker's rules: a folder's contents go into the target; a file into a target ending in `/`.
      const into = statSync(from).isDirectory() || !target.endsWith('/');
      const to = into ? path.join(image, target) : path.join(image, target, path.basename(source));
      mkdirSync(path.dirname(to), { recursive: true });
      cpSync(from, to, { recursive: true });
    }
  }
  // An operator's Node: the supported one that runs this check (not the machine's older one).
  const pathWithNode = `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`;
  // The machine's own environment (its CA bundle and registry settings reach npm, as a build host's
  // would), less what `npm run` added for this script.
  const machine = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('npm_') && !key.startsWith('INIT_CWD')),
  ) as Record<string, string>;
  const base = { ...machine, PATH: pathWithNode, ...steps.env };
  for (const run of steps.runs) {
    step(`RUN ${run}`);
    const result = spawnSync('sh', ['-c', run], { cwd: image, env: base, stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) fail(`RUN ${run} failed`);
  }
  const modules = path.join(image, 'node_modules');
  const size = duMegabytes(modules);
  console.log(`runtime node_modules: ${size} MB (budget ${BUDGET_MB} MB)`);
  if (size > BUDGET_MB) fail(`the runtime node_modules is ${size} MB, over ${BUDGET_MB} MB`);
  const present = FORBIDDEN.filter((name) => existsSync(path.join(modules, name, 'package.json')));
  if (present.length) fail(`a runtime install holds build or test packages: ${present.join(', ')}`);

  // Stand-ins for what production talks to, all on 127.0.0.1.
  const database = `minecloud_deploy_${process.pid}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  const chainId = 31337;
  let chain: LocalChain | undefined;
  const smtp = await smtpCatcher();
  const exchange = await replayExchange();
  const processes: Proc[] = [];
  try {
    chain = await startLocalChain({ chainId });
    const hot = await chain.newAccount('10');
    const depositAddress = (await chain.newAccount('0')).address;
    const usdt: Address = await chain.deployToken('USDT', 18);

    // Secrets as files only the owner reads, through <NAME>_FILE: none is in the environment.
    const secrets = path.join(image, 'secrets');
    mkdirSync(secrets, { mode: 0o700 });
    const secret = (name: string, value: string) => {
      const file = path.join(secrets, name);
      writeFileSync(file, `${value}\n`, { mode: 0o600 });
      chmodSync(file, 0o600);
      return file;
    };
    const apiPorts = [await freePort(), await freePort()];
    const origin = `http://127.0.0.1:${apiPorts[0]}`;
    const shared = {
      ...base,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL_FILE: secret('database_url', url.toString()),
      JWT_SECRET_FILE: secret('jwt_secret', randomBytes(32).toString('hex')),
      ADMIN_BOOTSTRAP_PASSWORD_FILE: secret('admin_bootstrap_password', randomBytes(16).toString('hex')),
      SMTP_URL_FILE: secret('smtp_url', smtp.url),
      METRICS_TOKEN_FILE: secret('metrics_token', randomBytes(16).toString('hex')),
      PUBLIC_ORIGIN: origin,
      CHAIN_ID: String(chainId),
      CHAIN_RPC_URL: chain.url,
      MARKET_SOURCE_URL: exchange.url,
      DEPOSIT_ADDRESS: depositAddress,
      PAYOUT_ADDRESS: hot.address,
      TOKEN_USDT_ADDRESS: usdt,
      CHAIN_POLL_SECONDS: '1',
    };

    step('npm run db:migrate');
    const migrated = spawnSync('npm', ['run', '-s', 'db:migrate'], { cwd: image, env: shared, encoding: 'utf8' });
    process.stdout.write(migrated.stdout);
    if (migrated.status !== 0) fail(`db:migrate failed:\n${migrated.stderr}`);

    step('two MODE=api processes and one MODE=worker, NODE_ENV=production');
    const apis = apiPorts.map((port, i) =>
      startProcess(`api-${'ab'[i]}`, image, steps.cmd, { ...shared, MODE: 'api' }, port),
    );
    const worker = startProcess(
      'worker',
      image,
      steps.cmd,
      { ...shared, MODE: 'worker', PAYOUT_KEY_FILE: secret('payout_key', hot.key) },
      await freePort(),
    );
    processes.push(...apis, worker);
    await Promise.all(processes.map(waitReady));
    const [a, b] = apis as [Proc, Proc];

    // The image's HEALTHCHECK, as Docker runs it inside each container.
    for (const proc of processes) {
      const health = spawnSync(steps.healthcheck[0] as string, steps.healthcheck.slice(1), {
        cwd: image,
        env: { ...base, PORT: new URL(proc.url).port },
      });
      if (health.status !== 0) fail(`HEALTHCHECK failed for ${proc.name}`);
    }
    step('HEALTHCHECK passes for all three');

    const alice = await chain.newAccount('1');
    const bob = await chain.newAccount('1');
    const aliceIn = await signIn(b.url, origin, chainId, alice);
    const bobIn = await signIn(a.url, origin, chainId, bob);
    step(`signed in with real wallets: members ${aliceIn.userId} (through api-b) and ${bobIn.userId} (api-a)`);

    // An on-chain deposit: submitted to an API process, confirmed and credited by the worker.
    await chain.mint(usdt, alice.address, 100n * 10n ** 18n);
    const hash = await chain.sendToken(alice, usdt, depositAddress, 50n * 10n ** 18n);
    const submitted = await call(a.url, 'POST', 'biz/deposit/submit', aliceIn.token, { txHash: hash });
    if (submitted.code !== 0) fail(`deposit refused: ${JSON.stringify(submitted)}`);
    await chain.client.mine({ blocks: CONFIRMATIONS });
    const deadline = Date.now() + 60_000;
    while ((await balance(a.url, aliceIn.token, 'USDT')) !== '50') {
      if (Date.now() > deadline) fail(`the worker did not credit the deposit:\n${worker.log()}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    step('deposit of 50 USDT credited by the worker');

    const gift = await call(b.url, 'POST', API.gift, aliceIn.token, {
      toUserId: bobIn.userId,
      asset: 'USDT',
      amount: '12.5',
    });
    if (gift.code !== 0) fail(`gift refused: ${JSON.stringify(gift)}`);
    const [left, got] = [await balance(a.url, aliceIn.token, 'USDT'), await balance(b.url, bobIn.token, 'USDT')];
    if (left !== '37.5' || got !== '12.5') fail(`after the gift: alice ${left}, bob ${got}`);
    step('gift of 12.5 USDT through api-b: 37.5 and 12.5');

    await Promise.all(processes.map(stopProcess));
    step('all three stopped');
    const check = spawnSync('npm', ['run', '-s', 'ledger:check'], { cwd: image, env: shared, encoding: 'utf8' });
    process.stdout.write(check.stdout);
    if (check.status !== 0) fail(`ledger:check failed (${check.status}):\n${check.stderr}`);
    step('ledger:check holds');
    // The operator's way back into the console, as built: a new one-time password for `admin`.
    // On an API host, in that host's environment.
    const reset = spawnSync('npm', ['run', '-s', 'admin:reset'], {
      cwd: image,
      env: { ...shared, MODE: 'api' },
      encoding: 'utf8',
    });
    if (reset.status !== 0 || !/One-time password: +\S{12,}/.test(reset.stdout)) {
      fail(`admin:reset failed (${reset.status}):\n${reset.stderr}`);
    }
    step(`admin:reset gives admin a new one-time password; runtime node_modules ${size} MB`);
  } catch (error) {
    for (const proc of processes) console.error(`── ${proc.name} ──\n${proc.log().slice(-4000)}`);
    throw error;
  } finally {
    await Promise.all(processes.map(stopProcess));
    await chain?.stop();
    await smtp.close();
    await exchange.close();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    rmSync(image, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) {
  main().then(
    () => console.log(`✓ deploy check passed in ${((Date.now() - started) / 1000).toFixed(0)} s`),
    (error) => {
      console.error(`✗ deploy check: ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    },
  );
}
