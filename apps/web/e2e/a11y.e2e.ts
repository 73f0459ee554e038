import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { paths } from '../src/config/paths.ts';
import {
  feedReady,
  injectTestWallet,
  launchChromium,
  type OperatorCall,
  operatorSession,
  phoneContext,
} from './browser.ts';

/**
 * Everyone can read it: axe-core checks every route of the member app at 390×844 (in
 * Chinese signed out and in, and in English) and every page of the console at the desk size its
 * operators use, against WCAG 2 A and AA, after the page's data has arrived. Any
 * serious or critical violation fails, listed by route, rule, element and (for contrast) the
 * colours and their ratio. One page per app, moved from route to route without a reload.
 */

const baseUrl = inject('baseUrl');
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * What shows while a page waits for its code or data, in the member app and in the console. A
 * long list's footer says it loads more until it is scrolled to: not a page still loading.
 */
const LOADING = [
  '.page-loading',
  '[data-testid$="-loading"]:not([data-testid="list-loading"])',
  '.adm-skeleton',
  '.adm-dot-loading:not(.paged-list__footer *)',
  '.adm-spin-loading',
  '.ant-spin-spinning',
  '.ant-skeleton',
].join(',');

/** How long a page must stay still to count as loaded: longer than a render after an answer. */
const QUIET_MS = 150;

type Finding = { rule: string; impact: string; help: string; nodes: { target: string; data: string }[] };

let browser: Browser;
let admin: OperatorCall;

beforeAll(async () => {
  browser = await launchChromium();
  admin = operatorSession(baseUrl, inject('operatorToken'));
  // The market pages show the simulated feed; with it their badges are there to be checked.
  await feedReady(baseUrl);
});
afterAll(() => browser?.close());

/** Requests of the page still open: a page is ready once none is and nothing loads or moves. */
function trackRequests(page: Page): () => number {
  const open = new Set<unknown>();
  page.on('request', (request) => {
    // The live stream stays open for as long as the page does: it is not a page still loading.
    if (request.url().includes('/app-api/stream')) return;
    if (['fetch', 'xhr', 'script', 'stylesheet', 'document'].includes(request.resourceType())) open.add(request);
  });
  const done = (request: unknown) => open.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => open.size;
}

/**
 * Opens `url` (`navigate` moves there instead when given) and waits for its page: the one shown
 * before is marked, and a page counts once what `main` holds is new. Then it waits until no
 * request is open, no loading box or skeleton shows and no transition runs, for QUIET_MS in a row.
 */
async function visit(page: Page, url: string, openRequests: () => number, navigate?: () => Promise<unknown>) {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll('main > *')) element.setAttribute('data-a11y-seen', '');
  });
  await (navigate ? navigate() : page.goto(url));
  await page
    .waitForFunction(
      () => {
        const main = document.querySelector('main');
        return main?.firstElementChild && !main.querySelector(':scope > [data-a11y-seen]');
      },
      null,
      { timeout: 10_000 },
    )
    .catch((error: unknown) => {
      throw new Error(`${url} showed no new page in 10 s (now at ${page.url()})`, { cause: error });
    });
  await settle(page, url, openRequests);
}

async function settle(page: Page, url: string, openRequests: () => number) {
  const deadline = Date.now() + 20_000;
  let quietSince = Number.POSITIVE_INFINITY;
  for (;;) {
    const busy =
      openRequests() > 0 ||
      (await page.evaluate((loading) => {
        if (document.querySelector(loading)) return true;
        // antd-mobile's toasts go by themselves, and its masks and sheets fade by script, not by a
        // CSS transition: a scan waits for them, not to read a colour half faded.
        if (document.querySelector('.adm-toast-mask')) return true;
        const fading = [...document.querySelectorAll('.adm-mask, .adm-popup-body, .adm-center-popup-wrap')].some(
          (element) => Number(getComputedStyle(element).opacity) % 1 !== 0,
        );
        if (fading) return true;
        return document
          .getAnimations()
          .some(
            (a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
          );
      }, LOADING));
    const now = Date.now();
    if (busy) quietSince = Number.POSITIVE_INFINITY;
    else if (quietSince === Number.POSITIVE_INFINITY) quietSince = now;
    else if (now - quietSince >= QUIET_MS) return;
    if (now > deadline) {
      const still = await page.evaluate((loading) => document.querySelector(loading)?.outerHTML.slice(0, 200), LOADING);
      throw new Error(`${url} did not finish loading in 20 s: ${still ?? `${openRequests()} requests open`}`);
    }
    await page.waitForTimeout(50);
  }
}

/** The serious and critical WCAG 2 A/AA violations on the page as it is now. */
async function scan(page: Page): Promise<Finding[]> {
  // The app's CSP allows no inline script: axe is evaluated through the debugging protocol instead.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    type Check = { data?: Record<string, unknown> | null };
    type AxeNode = { target: unknown[]; any: Check[]; all: Check[]; none: Check[] };
    type AxeViolation = { id: string; impact: string | null; help: string; nodes: AxeNode[] };
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
    };
    const { violations } = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        rule: v.id,
        impact: v.impact ?? '',
        help: v.help,
        nodes: v.nodes.map((node) => {
          const data = [...node.any, ...node.all, ...node.none].find((check) => check.data)?.data ?? null;
          const contrast =
            data && 'contrastRatio' in data
              ? `${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1, needs ${data.expectedContrastRatio}`
              : '';
          return { target: node.target.map(String).join(' '), data: contrast };
        }),
      }));
  }, WCAG_TAGS);
}

/**
 * One line per route and rule, then its elements: those with the same colours once, with how many
 * more there are (a table of thirty rows has thirty alike).
 */
function report(findings: Map<string, Finding[]>): string {
  const lines: string[] = [];
  for (const [route, list] of findings) {
    for (const finding of list) {
      lines.push(`${route}  ${finding.rule} (${finding.impact}): ${finding.help}`);
      const alike = new Map<string, { target: string; count: number }>();
      for (const node of finding.nodes) {
        const key = node.data || node.target;
        const seen = alike.get(key);
        if (seen) seen.count += 1;
        else alike.set(key, { target: node.target, count: 1 });
      }
      for (const [key, { target, count }] of alike) {
        const more = count > 1 ? ` (and ${count - 1} more alike)` : '';
        lines.push(`    ${target}${key === target ? '' : `  ${key}`}${more}`);
      }
    }
  }
  return lines.join('\n');
}

/** A route's findings are kept under its name; an empty map at the end means every page passed. */
function collect(findings: Map<string, Finding[]>, route: string, list: Finding[]) {
  if (list.length) findings.set(route, list);
}

async function firstId(path: string): Promise<string> {
  const res = await fetch(`${baseUrl}/app-api/${path}`);
  const body = (await res.json()) as { data: { list: { id: string | number }[] } };
  const id = body.data.list[0]?.id;
  if (id === undefined) throw new Error(`the demo has nothing at ${path}`);
  return String(id);
}

type RouteName = keyof typeof paths;

const UNKNOWN = '/no/such/page';
/**
 * The member app's routes in the order they are visited. The three addresses of the home tab are
 * one page: apart, so that each visit shows a new page; sign-in last, where the member signs in.
 */
const ORDER = (Object.keys(paths) as RouteName[]).sort((a, b) => visitLast(a) - visitLast(b));
function visitLast(name: RouteName): number {
  return Number(paths[name].path === '/') + 2 * Number(name === 'login');
}

/** Signed in, the sign-in page sends the member on: it is scanned signed out. */
const SIGNED_IN = ORDER.filter((name) => name !== 'login');

/** A phone with a wallet of its own, and the requests its page has open. */
async function memberPage() {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  const openRequests = trackRequests(page);
  await injectTestWallet(page, generatePrivateKey());
  return { context, page, openRequests };
}

/** The address of each route, with a real id or symbol where the page shows one thing. */
async function routeAddresses(): Promise<(name: RouteName) => string> {
  const notice = await firstId('biz/biz-notice/page?pageNo=1&pageSize=1&type=notice');
  const article = await firstId('biz/biz-notice/page?pageNo=1&pageSize=1&type=article');
  const query: Partial<Record<RouteName, string>> = {
    kline: '?symbol=BTCUSDT',
    sectionInfo: `?id=${notice}`,
    richArticle: `?id=${article}`,
  };
  return (name) => `${paths[name].path}${query[name] ?? ''}`;
}

/** Scans the not-found page (home may be showing: it is first), then each route of `names` in turn. */
async function scanRoutes(
  { page, openRequests }: Awaited<ReturnType<typeof memberPage>>,
  names: RouteName[],
  state: string,
  findings: Map<string, Finding[]>,
) {
  const at = await routeAddresses();
  for (const address of [UNKNOWN, ...names.map(at)]) {
    await visit(page, `${baseUrl}/#${address}`, openRequests);
    collect(findings, `${state} ${address}`, await scan(page));
  }
}

async function signIn(page: Page) {
  await page.getByTestId('wallet-option-org.minecloud.e2e').click();
  await page.getByTestId('session-card').waitFor({ timeout: 20_000 });
}

// Each test visits and scans every route (some 80 pages signed out and in): a minute is not enough
// when the other files' tests run beside it.
const SCAN_ALL_MS = 240_000;

describe.concurrent('every page passes an axe-core scan of WCAG 2 A/AA', { timeout: SCAN_ALL_MS }, () => {
  it('in the member app at 390×844 in Chinese, signed out and signed in', async ({ expect }) => {
    const member = await memberPage();
    const findings = new Map<string, Finding[]>();
    await member.page.goto(`${baseUrl}/#/`);
    await scanRoutes(
      member,
      ORDER.filter((name) => !paths[name].private),
      'signed out',
      findings,
    );
    await signIn(member.page);
    await scanRoutes(member, SIGNED_IN, 'signed in', findings);
    await member.context.close();
    expect(report(findings)).toBe('');
  });

  it('in the member app at 390×844 in English, signed in', async ({ expect }) => {
    const member = await memberPage();
    const findings = new Map<string, Finding[]>();
    await member.page.goto(`${baseUrl}/#${paths.login.path}`);
    await signIn(member.page);
    await member.page.getByTestId('language-switch').click();
    await member.page.getByTestId('language-option-en').click();
    await member.page.waitForFunction(() => document.documentElement.lang.startsWith('en'));
    await scanRoutes(member, SIGNED_IN, 'English', findings);
    await member.context.close();
    expect(report(findings)).toBe('');
  });

  it('in the console, signed out and on every page of its menu', async ({ expect }) => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const openRequests = trackRequests(page);
    const findings = new Map<string, Finding[]>();
    await page.goto(`${baseUrl}/admin/login`);
    await page.getByLabel('Username').waitFor();
    await settle(page, '/admin/login', openRequests);
    collect(findings, '/admin/login', await scan(page));

    const members = (await admin('GET', 'members/page?pageNo=1&pageSize=1')) as { list: { id: string }[] };
    const member = members.list[0]?.id;
    if (member === undefined) throw new Error('the demo has no member');
    // The owner's token from global setup, where the console keeps it: signing in through the page
    // here would take the next authenticator code from the console e2e running beside this file.
    await page.evaluate((token) => sessionStorage.setItem('minecloud.admin.token', token), inject('operatorToken'));
    await page.goto(`${baseUrl}/admin/`);
    await page.locator('nav a, nav [role="menuitem"]').first().waitFor();
    const menu = await page
      .locator('nav [role="menuitem"]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-menu-id')?.replace(/^.*?(?=\/)/, '') ?? ''));
    // The dashboard shows first: it is scanned last, after another page.
    const pages = [...menu.filter((path) => path !== '/'), `/members/${member}`, '/account', '/no-such-page', '/'];
    expect(menu.length).toBeGreaterThan(10);
    for (const path of pages) {
      // The console's router follows the history: a same-document move, as a click in its menu.
      await visit(page, path, openRequests, () =>
        page.evaluate((to) => {
          history.pushState(null, '', `/admin${to}`);
          dispatchEvent(new PopStateEvent('popstate'));
        }, path),
      );
      collect(findings, `/admin${path}`, await scan(page));
    }
    await context.close();
    expect(report(findings)).toBe('');
  });
});
