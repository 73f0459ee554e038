import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startLocalChain } from '../../api/test/chain.ts';
import { CHROMIUM_LAUNCH_OPTIONS } from './browser.ts';
import {
  type E2eServer,
  enrolOperator,
  OPERATOR_PASSWORD,
  SERVER_BUNDLE,
  secondOperator,
  startE2eServer,
} from './server.ts';

const root = path.resolve(import.meta.dirname, '../../..');
/** A made-up WalletConnect Cloud project id: no request with it ever leaves this machine. */
export const WALLETCONNECT_PROJECT_ID = '0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    operatorPassword: string;
    /** A console token of the owner `admin`, enrolled in TOTP here (API calls of the e2e files). */
    operatorToken: string;
    /** The owner's TOTP secret: the console e2e signs in through the page with a code of it. */
    operatorTotpSecret: string;
    /**
     * A finance operator made here as the server's first approver, before any file runs: it vouches
     * for the approvers the files create, whatever their order (docs/operations.md, "Approvers and vouching").
     */
    voucherToken: string;
    /**
     * The local EVM (JSON-RPC on 127.0.0.1): the demo server takes deposits on it; wallet.e2e.ts
     * starts a server of its own (not a demo) that also pays withdrawals on it.
     */
    chainUrl: string;
    usdtToken: string;
    /** The run's one Chromium: each file connects to it (browser.ts launchChromium). */
    chromiumWsEndpoint: string;
  }
}

/** Starts the real server (built web app, fresh PGlite, demo mode) on 127.0.0.1 for the e2e run. */
export default async function setup(project: TestProject) {
  if (!existsSync('/usr/bin/chromium')) {
    throw new Error('Debian Chromium is missing at /usr/bin/chromium: apt-get install -y chromium fonts-noto-cjk');
  }
  if (!existsSync(path.join(root, 'dist/web/index.html'))) {
    throw new Error('The member app is not built: run `npm run build` first (npm test does).');
  }
  if (!existsSync(SERVER_BUNDLE)) {
    throw new Error('The server is not built: run `npm run build` first (npm test does).');
  }
  if (!existsSync(path.join(root, 'dist/admin/index.html'))) {
    throw new Error('The operator console is not built: run `npm run build` first (npm test does).');
  }
  // A local chain with the app's default chain id (the injected wallet says 56) and a USDT token.
  // The demo server takes deposits on it but has no payout key: a demo that could pay is refused
  // (its welcome balances would be withdrawable), so the paid withdrawal has a server of its own.
  const chain = await startLocalChain({ chainId: 56 });
  const usdt = await chain.deployToken('USDT', 18);
  const depositAddress = (await chain.newAccount('0')).address;
  let server: E2eServer;
  try {
    server = await startE2eServer({
      // Team figures within a second of a purchase, so the team e2e need not wait 20 s.
      TEAM_ROLLUP_SECONDS: '1',
      CHAIN_RPC_URL: chain.url,
      DEPOSIT_ADDRESS: depositAddress,
      TOKEN_USDT_ADDRESS: usdt,
      CHAIN_POLL_SECONDS: '1',
      // WalletConnect on the sign-in page: its relay is played inside the browser by the e2e (shell).
      WALLETCONNECT_PROJECT_ID: WALLETCONNECT_PROJECT_ID,
    });
  } catch (error) {
    await chain.stop();
    throw error;
  }
  const { baseUrl } = server;
  let browser: Awaited<ReturnType<typeof chromium.launchServer>>;
  try {
    browser = await chromium.launchServer(CHROMIUM_LAUNCH_OPTIONS);
  } catch (error) {
    await server.stop();
    await chain.stop();
    throw error;
  }
  const { token, secret } = await enrolOperator(baseUrl);
  const voucher = await secondOperator(baseUrl, token, 'e2e-voucher', 'finance');
  project.provide('baseUrl', baseUrl);
  project.provide('voucherToken', voucher);
  project.provide('operatorToken', token);
  project.provide('operatorTotpSecret', secret);
  project.provide('operatorPassword', OPERATOR_PASSWORD);
  project.provide('chainUrl', chain.url);
  project.provide('usdtToken', usdt);
  project.provide('chromiumWsEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await server.stop();
    await chain.stop();
  };
}
