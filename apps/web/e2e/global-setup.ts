import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseUnits } from 'viem';
import type { TestProject } from 'vitest/node';
import { totpCode, totpStep } from '../../api/src/lib/totp.ts';
import { startLocalChain } from '../../api/test/chain.ts';

const root = path.resolve(import.meta.dirname, '../../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    operatorPassword: string;
    /** A console token of the owner `admin`, enrolled in TOTP here (API calls of the e2e files). */
    operatorToken: string;
    /** The owner's TOTP secret: the console e2e signs in through the page with a code of it. */
    operatorTotpSecret: string;
    /** The local EVM the server pays withdrawals on (JSON-RPC on 127.0.0.1). */
    chainUrl: string;
    usdtToken: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const OPERATOR_PASSWORD = 'e2e-operator-password';

/** Signs the bootstrap owner in and enrolls TOTP, as its first sign-in asks. */
async function enrolOperator(baseUrl: string): Promise<{ token: string; secret: string }> {
  const call = async <T>(path: string, body: object, token?: string) => {
    const res = await fetch(`${baseUrl}/admin-api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; data: T };
    if (json.code !== 0) throw new Error(`${path}: ${JSON.stringify(json)}`);
    return json.data;
  };
  const { token } = await call<{ token: string }>('auth/login', { username: 'admin', password: OPERATOR_PASSWORD });
  const { secret } = await call<{ secret: string }>('auth/totp/setup', {}, token);
  await call('auth/totp/enable', { code: totpCode(secret, totpStep(new Date())) }, token);
  return { token, secret };
}

/** Starts the real server (built web app, fresh PGlite, demo mode) on 127.0.0.1 for the e2e run. */
export default async function setup(project: TestProject) {
  if (!existsSync('/usr/bin/chromium')) {
    throw new Error('Debian Chromium is missing at /usr/bin/chromium: apt-get install -y chromium fonts-noto-cjk');
  }
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The member app is not built: run `npm run build` first (npm test does).');
  }
  if (!existsSync(path.join(root, 'apps/admin/dist/index.html'))) {
    throw new Error('The operator console is not built: run `npm run build` first (npm test does).');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'minecloud-e2e-'));
  const port = await freePort();
  // A local chain with the app's default chain id (the injected wallet says 56), a USDT token and a
  // hot wallet holding some: withdrawals in the e2e run are paid on it.
  const chain = await startLocalChain({ chainId: 56 });
  const usdt = await chain.deployToken('USDT', 18);
  const hot = await chain.newAccount('100');
  await chain.mint(usdt, hot.address, parseUnits('1000000', 18));
  const depositAddress = (await chain.newAccount('0')).address;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // Team figures within a second of a purchase, so the team e2e need not wait 20 s.
      TEAM_ROLLUP_SECONDS: '1',
      // The operator of the throw-away e2e database (a fixture, not a credential anywhere).
      ADMIN_BOOTSTRAP_PASSWORD: OPERATOR_PASSWORD,
      CHAIN_RPC_URL: chain.url,
      DEPOSIT_ADDRESS: depositAddress,
      PAYOUT_KEY: hot.key,
      TOKEN_USDT_ADDRESS: usdt,
      CHAIN_POLL_SECONDS: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      try {
        if ((await fetch(`${baseUrl}/readyz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('the server did not become ready in 60 s');
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (error) {
    server.kill('SIGTERM');
    await chain.stop();
    throw error;
  }
  const { token, secret } = await enrolOperator(baseUrl);
  project.provide('baseUrl', baseUrl);
  project.provide('operatorToken', token);
  project.provide('operatorTotpSecret', secret);
  project.provide('operatorPassword', OPERATOR_PASSWORD);
  project.provide('chainUrl', chain.url);
  project.provide('usdtToken', usdt);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await chain.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
