import path from 'node:path';
import { ERROR_CODES } from '@minecloud/contract/errors';
import { type Locale, languageFromLocale } from '@minecloud/contract/locales';
import { type Browser, type BrowserContext, chromium, type LaunchOptions, type Page } from 'playwright-core';
import { createWalletClient, type Hex, http } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { expect, inject } from 'vitest';
import { TOTP_PERIOD_SECONDS, totpCode, totpStep } from '../../api/src/lib/totp.ts';

export const SCREENSHOTS = path.join(import.meta.dirname, 'screenshots');
export const PHONE = { width: 390, height: 844 };

/** Debian's Chromium as every e2e run drives it: global-setup starts it once for the whole run. */
export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * A connection of this file's own to the run's Chromium (started once by global-setup: a launch
 * per file cost about a second each). Its contexts are its own; `close()` closes them and
 * disconnects, and leaves the browser to the next file.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.connect(inject('chromiumWsEndpoint'));
}

/**
 * A phone's browser. Its service worker is blocked unless asked for: a page served from the worker's
 * cache would escape the requests a test watches or cuts (the installable-app test asks for it).
 */
export async function phoneContext(
  browser: Browser,
  { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    serviceWorkers,
  });
  watchStream(context);
  return context;
}

/** What each context's pages did with the live stream, for the message of a `waitForLive` that fails. */
const streamLogs = new WeakMap<BrowserContext, string[]>();

function watchStream(context: BrowserContext) {
  const log: string[] = [];
  streamLogs.set(context, log);
  const started = Date.now();
  const note = (what: string) => log.push(`+${Date.now() - started} ms ${what}`);
  const isStream = (url: string) => url.includes('/app-api/stream');
  context.on('request', (request) => {
    if (isStream(request.url())) note(`request ${request.headers().authorization ? 'member' : 'guest'}`);
  });
  context.on('response', (response) => {
    if (isStream(response.url())) note(`response ${response.status()}`);
  });
  context.on('requestfinished', (request) => {
    if (isStream(request.url())) note('ended');
  });
  context.on('requestfailed', (request) => {
    if (isStream(request.url())) note(`failed ${request.failure()?.errorText ?? ''}`);
  });
  context.on('page', (page) => {
    page.on('load', () => note('load'));
    page.on('pageerror', (error) => note(`page error ${error.message}`));
  });
}

/**
 * The app asks for the stream once the page is idle (about 5 s after its load) and, refused or cut,
 * asks again after 1, 2, 5, 10 and 15 s (api/live-stream.ts): a stream refused a few times on a
 * loaded machine is still live within this, which a missing or broken stream never is.
 */
const LIVE_WITHIN_MS = 45_000;
/** Slower than this, the stream's log is printed even when it came: the next slow run says why. */
const LIVE_SLOW_MS = 12_000;

/**
 * Waits for the live marker (the stream connected). When it does not come, the error says what the
 * stream did meanwhile (requests, answers, failures, page loads), which a bare timeout does not.
 */
export async function waitForLive(page: Page): Promise<void> {
  const started = Date.now();
  const log = () => (streamLogs.get(page.context()) ?? []).join('; ') || 'never asked for';
  try {
    await page.getByTestId('live-marker').waitFor({ timeout: LIVE_WITHIN_MS });
  } catch (error) {
    // Where the page is and what its bar shows matter too: the marker shows only on the tab pages.
    const bar = await page
      .locator('.nav-bar')
      .first()
      .innerText({ timeout: 1000 })
      .catch(() => 'no nav bar');
    const message = `not live within ${LIVE_WITHIN_MS} ms at ${page.url()} (bar: ${bar}); the stream: ${log()}`;
    // On the log as well: a retry that passes would otherwise hide what this run saw.
    console.warn(message);
    throw new Error(message, { cause: error });
  }
  const waited = Date.now() - started;
  if (waited > LIVE_SLOW_MS) console.warn(`live only after ${waited} ms; the stream: ${log()}`);
}

/** A phone whose app starts in `lang` (the session the language switch keeps). */
export async function phoneInLanguage(browser: Browser, lang: Locale): Promise<Page> {
  const context = await phoneContext(browser);
  await context.addInitScript(
    ([language, localType]) => {
      if (localStorage.getItem('minecloud-session')) return;
      localStorage.setItem('minecloud-session', JSON.stringify({ state: { language, localType }, version: 0 }));
    },
    [languageFromLocale(lang), lang],
  );
  return context.newPage();
}

/** Opens the app's page `hash` at `baseUrl` and waits until it shows in `lang`. */
export async function openInLanguage(page: Page, baseUrl: string, lang: Locale, hash: string): Promise<void> {
  await page.goto(`${baseUrl}/#${hash}`);
  // The app starts in the stored language once its texts are in: on a busy machine, beyond a second.
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 15_000 }).toBe(lang);
}

/**
 * The chain a test wallet pays on (the e2e's Hardhat node): the wallet starts on `startOn`, knows
 * only those chains until one is added, and sends transactions signed in Node to the node.
 */
export type TestWalletChain = { url: string; startOn: number };

/**
 * Injects an EIP-1193 wallet announced through EIP-6963 (and as window.ethereum), whose key stays
 * in the test process: the page asks, Node signs. With `chain` it also switches and adds chains
 * (EIP-3326: 4902 for a chain it does not know; EIP-3085), answers `eth_call` from the node and
 * sends `eth_sendTransaction`; every request is kept in `window.__e2eWalletCalls` for the test.
 */
export async function injectTestWallet(page: Page, key: Hex, chain?: TestWalletChain): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(key);
  await page.exposeFunction('__e2eSign', async (message: string) =>
    account.signMessage({ message: /^0x[0-9a-fA-F]*$/.test(message) ? { raw: message as Hex } : message }),
  );
  if (chain) {
    const transport = http(chain.url, { retryCount: 0 });
    const wallet = createWalletClient({ account, transport });
    await page.exposeFunction('__e2eChain', async (method: string, params: unknown[], chainId: number) => {
      if (method === 'eth_sendTransaction') {
        // A real wallet signs for the chain it is on: on another one, the transfer would go elsewhere.
        const nodeChain = await wallet.getChainId();
        if (chainId !== nodeChain) throw new Error(`the wallet is on chain ${chainId}, the node is ${nodeChain}`);
        const [tx] = params as [{ to: Hex; data: Hex }];
        return wallet.sendTransaction({ chain: null, to: tx.to, data: tx.data, value: 0n });
      }
      const res = await fetch(chain.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      return ((await res.json()) as { result: unknown }).result;
    });
  }
  await page.addInitScript(
    ({ address, startOn }: { address: string; startOn: number | null }) => {
      const w = window as unknown as {
        __e2eSign: (m: string) => Promise<string>;
        __e2eChain: (method: string, params: unknown[], chainId: number) => Promise<unknown>;
        __e2eWalletCalls: { method: string; params: unknown[] }[];
      };
      w.__e2eWalletCalls = [];
      let current = startOn ?? 56;
      const known = new Set([current]);
      const fail = (message: string, code: number) => Object.assign(new Error(message), { code });
      const provider = {
        isE2E: true,
        async request({ method, params = [] }: { method: string; params?: unknown[] }) {
          w.__e2eWalletCalls.push({ method, params });
          const onChain = startOn !== null;
          switch (method) {
            case 'eth_requestAccounts':
            case 'eth_accounts':
              return [address];
            case 'eth_chainId':
              return `0x${current.toString(16)}`;
            case 'personal_sign':
              return w.__e2eSign(String(params[0]));
            case 'wallet_switchEthereumChain': {
              const id = Number((params[0] as { chainId: string }).chainId);
              if (!onChain || !known.has(id)) throw fail(`Unrecognized chain ID ${id}`, 4902);
              current = id;
              return null;
            }
            case 'wallet_addEthereumChain': {
              if (!onChain) break;
              const id = Number((params[0] as { chainId: string }).chainId);
              known.add(id);
              current = id;
              return null;
            }
            case 'eth_call':
            case 'eth_sendTransaction':
              if (!onChain) break;
              return w.__e2eChain(method, params, current);
          }
          throw fail(`unsupported method ${method}`, 4200);
        },
        on() {},
        removeListener() {},
      };
      (window as unknown as { ethereum: unknown }).ethereum = provider;
      const info = {
        uuid: '6b1c0f7e-5d1a-4a52-9d5e-000000000e2e',
        name: 'E2E Wallet',
        icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="32" height="32"/%3E',
        rdns: 'org.minecloud.e2e',
      };
      const announce = () =>
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
        );
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    },
    { address: account.address, startOn: chain?.startOn ?? null },
  );
  return account;
}

export function shot(page: Page, name: string) {
  return page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

/** Waits until the element at `selector` has finished its opening animation, so a screenshot shows it. */
export async function settled(page: Page, selector: string) {
  await page.waitForFunction((s) => {
    const element = document.querySelector<HTMLElement>(s);
    return element !== null && getComputedStyle(element).opacity === '1';
  }, selector);
}

/** Waits until the open dialog and its mask have finished fading in, so a screenshot shows them. */
export async function dialogSettled(page: Page) {
  await page.waitForFunction(() => {
    const animated = [
      ...document.querySelectorAll<HTMLElement>('.adm-dialog .adm-center-popup-wrap > div, .adm-dialog .adm-mask'),
    ];
    return animated.length > 0 && animated.every((element) => getComputedStyle(element).opacity === '1');
  });
}

/**
 * A new member with an injected wallet opens the private page `path`, is sent to sign in, signs in,
 * and is back on `path`. `query` is appended to the first URL (an invite code, say).
 */
export async function signInAt(
  browser: Browser,
  baseUrl: string,
  path: string,
  options: { key?: Hex; query?: string; chain?: TestWalletChain } = {},
): Promise<{ page: Page; context: BrowserContext; account: PrivateKeyAccount }> {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  const account = await injectTestWallet(page, options.key ?? generatePrivateKey(), options.chain);
  await page.goto(`${baseUrl}/#${path}${options.query ?? ''}`);
  await page.getByTestId('wallet-option-org.minecloud.e2e').click();
  await page.waitForFunction((p) => location.hash.startsWith(`#${p}`), path, { timeout: 20_000 });
  return { page, context, account };
}

/**
 * Signs the console's owner `admin` in through the page: the password, then an authenticator code,
 * until the dashboard shows. The server takes a code once, and only for a step later than the last
 * one it took; e2e files running side by side sign the same owner in. So the code is the next
 * step's (global setup took the current one), and when another file took that step first, the
 * step after it is used as soon as it is inside the drift window.
 */
export async function signInToConsole(page: Page, baseUrl: string, password: string, totpSecret: string) {
  await page.goto(`${baseUrl}/admin/`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const field = page.getByLabel('Authenticator code');
  await field.waitFor();
  for (let attempt = 1; ; attempt += 1) {
    const step = totpStep(new Date());
    await field.fill(totpCode(totpSecret, step + 1));
    const answer = page.waitForResponse(
      (response) => response.url().endsWith('/admin-api/auth/login') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Sign in' }).click();
    const { code } = (await (await answer).json()) as { code: number };
    if (code === 0) break;
    if (code !== ERROR_CODES.totpReused || attempt === 3) throw new Error(`the console refused the sign-in: ${code}`);
    await page.waitForTimeout((step + 1) * TOTP_PERIOD_SECONDS * 1000 - Date.now() + 100);
  }
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/** A call of `/admin-api/…` as the e2e operator; answers `data`, throws on any error code. */
export type OperatorCall = <T = Record<string, unknown> & { id: string }>(
  method: string,
  path: string,
  body?: object,
) => Promise<T>;

/** Calls of the e2e operator, with the token global-setup got (it enrolled TOTP). */
export function operatorSession(baseUrl: string, token: string): OperatorCall {
  return async <T>(method: string, path: string, body?: object) => {
    const answer = await fetch(`${baseUrl}/admin-api/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await answer.json()) as { code: number; data: T };
    if (json.code !== 0) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
    return json.data;
  };
}

/** The signed-in member's token, from the app's persisted session. */
export async function memberToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      const token = JSON.parse(localStorage.getItem(key) ?? '{}')?.state?.token;
      if (typeof token === 'string') return token;
    }
    throw new Error('no session in localStorage');
  });
}

/** The newest code mailed to `email`, read from the operator's outbox (demo without SMTP shows demo codes). */
export async function mailedCode(admin: OperatorCall, email: string): Promise<string> {
  const outbox = (await admin('GET', 'mail/outbox?pageNo=1&pageSize=20')) as {
    list: { to: string; demoCode: string | null }[];
  };
  const mail = outbox.list.find((m) => m.to === email);
  const code = mail?.demoCode;
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** The demo server back-fills the simulated feed right after it starts: wait until it has. */
export async function feedReady(baseUrl: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${baseUrl}/market-api/blockCoin/getKlineInfo?symbol=BTCUSDT&interval=1M&limit=12`);
    const body = (await res.json()) as { data: { list: unknown[] } | null };
    const rounds = (await (await fetch(`${baseUrl}/app-api/guessPeriod/list?period=3&pageSize=1`)).json()) as {
      data: { total: number } | null;
    };
    if ((body.data?.list.length ?? 0) > 1 && (rounds.data?.total ?? 0) > 0) return;
    if (Date.now() > deadline) throw new Error('the simulated market feed delivered nothing in 60 s');
    await new Promise((r) => setTimeout(r, 500));
  }
}
