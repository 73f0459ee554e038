import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERROR_CODES } from '@minecloud/contract/errors';
import { type Address, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { totpCode, totpStep } from '../../api/src/lib/totp.ts';
import { freePort } from '../../api/test/net.ts';
import { localChain } from './local-chain.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** The bootstrap owner's password of the throw-away e2e databases (a fixture, not a credential anywhere). */
export const OPERATOR_PASSWORD = 'e2e-operator-password';

/** The server as `npm run build` writes it (global-setup.ts checks that it is there). */
export const SERVER_BUNDLE = path.join(root, 'dist/server/server.mjs');

export type E2eServer = { baseUrl: string; stop: () => Promise<void> };

/**
 * Starts the real server (built, with the built apps, a fresh PGlite, demo mode unless `env` says DEMO=0) on
 * 127.0.0.1 and waits until it is ready; `env` adds to or overrides its environment.
 */
export async function startE2eServer(env: Record<string, string>): Promise<E2eServer> {
  // A caller may keep the database and the port over a restart (DATA_DIR, PORT): it removes its own.
  const ownDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'minecloud-e2e-'));
  const port = env.PORT ? Number(env.PORT) : await freePort();
  // The built server (`npm run build`, which npm test runs first): what production runs, and it
  // starts in less CPU than the source through tsx, whose loader hooks see every module.
  const server: ChildProcess = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // Jobs run too (payouts, mail). Set here: a test worker's environment has vite's MODE=test.
      MODE: 'all',
      ADMIN_BOOTSTRAP_PASSWORD: OPERATOR_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  };
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
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

/** A POST of `/admin-api/…`, with a token or not; answers `data`, throws on any error code. */
async function consolePost<T>(baseUrl: string, path: string, body: object, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}/admin-api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: T };
  if (json.code !== 0) throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json.data;
}

/** Enrolls TOTP for a signed-in session, as its first sign-in asks. */
async function enrolTotp(baseUrl: string, token: string): Promise<string> {
  const { secret } = await consolePost<{ secret: string }>(baseUrl, 'auth/totp/setup', {}, token);
  await consolePost(baseUrl, 'auth/totp/enable', { code: totpCode(secret, totpStep(new Date())) }, token);
  return secret;
}

/** Signs the bootstrap owner in and enrolls TOTP, as its first sign-in asks. */
export async function enrolOperator(baseUrl: string): Promise<{ token: string; secret: string }> {
  const login = { username: 'admin', password: OPERATOR_PASSWORD };
  const { token } = await consolePost<{ token: string }>(baseUrl, 'auth/login', login);
  return { token, secret: await enrolTotp(baseUrl, token) };
}

/**
 * A second operator, created by the owner (`ownerToken`) with a role, its one-time password
 * changed and TOTP enrolled: the second pair of eyes a guarded setting's loosening needs
 * (docs/operations.md, "Settings that guard money"). Answers its token. An approver created after
 * the server's first one awaits a vouch (docs/operations.md, "Approvers and vouching"): `voucher`,
 * an approver the owner did not set up after that, gives it; the first approver needs none.
 */
export async function secondOperator(
  baseUrl: string,
  ownerToken: string,
  username: string,
  role: string,
  voucher?: string,
) {
  const made = await consolePost<{ id: string; password: string }>(
    baseUrl,
    'operators',
    { username, role },
    ownerToken,
  );
  const { token } = await consolePost<{ token: string }>(baseUrl, 'auth/login', { username, password: made.password });
  await consolePost(baseUrl, 'auth/password', { current: made.password, next: `${username}-e2e-password` }, token);
  await enrolTotp(baseUrl, token);
  if (voucher) await vouchIfNeeded(baseUrl, made.id, voucher);
  return token;
}

/** Vouches for operator `id` as `voucher`; an account that awaits no vouch (vouchNotNeeded) is fine as it is. */
async function vouchIfNeeded(baseUrl: string, id: string, voucher: string) {
  const res = await fetch(`${baseUrl}/admin-api/operators/${id}/vouch`, {
    method: 'POST',
    headers: { authorization: `Bearer ${voucher}` },
  });
  const { code } = (await res.json()) as { code: number };
  if (code !== 0 && code !== ERROR_CODES.vouchNotNeeded) throw new Error(`operators/${id}/vouch: ${code}`);
}

export type PayingServer = E2eServer & {
  /** The console token and TOTP secret of this server's owner `admin`. */
  operator: { token: string; secret: string };
  depositAddress: Address;
  /** The address of its hot wallet (PAYOUT_KEY), which holds 1,000,000 USDT at the start. */
  hotWallet: Address;
};

/**
 * A server that pays withdrawals for real: not a demo (a demo with a payout key is refused, since
 * its welcome balances would be withdrawable), so members have only what they deposit on `chainUrl`,
 * and email codes go by SMTP to `smtpUrl`. Its hot wallet is a fresh key holding gas and `usdt`.
 */
export async function startPayingServer(options: { chainUrl: string; usdt: Address; smtpUrl: string }) {
  const chain = localChain(options.chainUrl);
  const hotKey = generatePrivateKey();
  const hot = privateKeyToAccount(hotKey).address;
  await chain.fundGas(hot, '100');
  // Minted by a throw-away key, so the hot wallet's nonces are the payout worker's alone.
  const minter = generatePrivateKey();
  await chain.fundGas(privateKeyToAccount(minter).address);
  await chain.mint(minter, options.usdt, hot, parseUnits('1000000', 18));
  const depositAddress = privateKeyToAccount(generatePrivateKey()).address;
  const server = await startE2eServer({
    DEMO: '0',
    CHAIN_RPC_URL: options.chainUrl,
    DEPOSIT_ADDRESS: depositAddress,
    PAYOUT_KEY: hotKey,
    TOKEN_USDT_ADDRESS: options.usdt,
    CHAIN_POLL_SECONDS: '1',
    SMTP_URL: options.smtpUrl,
    MAIL_POLL_SECONDS: '0.5',
  });
  try {
    const operator = await enrolOperator(server.baseUrl);
    return { ...server, operator, depositAddress, hotWallet: hot } satisfies PayingServer;
  } catch (error) {
    await server.stop();
    throw error;
  }
}
