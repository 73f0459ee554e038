import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { injectTestWallet, launchChromium, memberToken, phoneContext, shot, signInAt } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  const context = await phoneContext(browser);
  page = await context.newPage();
  await injectTestWallet(page, generatePrivateKey());
});
afterAll(() => browser?.close());

const hashPath = () => decodeURIComponent(new URL(page.url()).hash.slice(1));

/** An answer's data, asked for as index.html's inline script asks (the default language). */
async function answer(path: string, token?: string): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { platform: 'h5', 'Accept-Language': 'zh-CN', 'Content-Language': 'zh-CN' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}${path}`, { headers });
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

/**
 * Opens `hash` with the app's entry held back: the shell paints the page's `largest` element from
 * its first answer (`painted` checks it); let through, React's page (test id `app`) replaces it with
 * that element where it was, no layout shift, and no later largest paint (it is not larger).
 * `after`: requests the page makes after its first render, held back until the end, so that what
 * they change later (my assets' total in USDT: charts.e2e.ts measures that) is not counted here.
 */
async function takesOver(
  context: BrowserContext,
  hash: string,
  {
    largest,
    app,
    painted,
    after,
  }: { largest: string; app: string; painted: (held: Page) => Promise<void>; after?: RegExp },
) {
  const held = await context.newPage();
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await held.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  let finish = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  if (after) {
    await held.route(after, async (route) => {
      await finished;
      await route.continue().catch(() => {});
    });
  }
  // Chromium's layout shifts (what Lighthouse's CLS sums) and largest paints, from the first paint on.
  await held.addInitScript(() => {
    const seen = { shifts: [] as number[], largest: [] as number[] };
    (window as unknown as { seen: typeof seen }).seen = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) seen.shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.largest.push(entry.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const seen = () => held.evaluate(() => (window as unknown as { seen: { shifts: number[]; largest: number[] } }).seen);
  const frames = () =>
    held.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  // Not until `load`: the shell adds the held app script once it has painted, and a script added
  // before the load event holds that event back until it arrives, which here is after release().
  await held.goto(`${baseUrl}/#${hash}`, { waitUntil: 'commit' });
  const shellLargest = held.locator(`.app-shell[inert] ${largest}`).first();
  await shellLargest.waitFor();
  await painted(held);
  await frames();
  const before = await shellLargest.boundingBox();
  const shellPaint = (await seen()).largest.at(-1);
  expect(shellPaint, hash).toBeDefined();
  await shot(held, `shell-painted-${app}`);

  release();
  await held.getByTestId(app).waitFor();
  await frames();
  expect(await held.locator('.app-shell[inert]').count()).toBe(0);
  expect(await held.locator(`.app-shell ${largest}`).first().boundingBox(), hash).toEqual(before);
  const taken = await seen();
  expect(taken.shifts, hash).toEqual([]);
  expect(taken.largest.at(-1), hash).toBe(shellPaint);
  finish();
  await held.close();
}

describe('the app shell in Chromium at 390×844', () => {
  it('opens the home tab for an anonymous visitor, with banners and the five tabs', async () => {
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('home-app-name').waitFor();
    await page.getByTestId('home-banners').waitFor();
    await expect.poll(() => page.locator('[data-testid^="home-banner-"] img').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('home-sign-in').isVisible()).toBe(true);
    // It leads with the market: the top coins, each with a price and a 24 h change, above the banners.
    const coins = page.getByTestId('home-market-list').getByTestId('coin-row');
    await expect.poll(() => coins.count()).toBeGreaterThan(0);
    expect(await coins.first().getByTestId('coin-price').textContent()).toMatch(/^[\d,]+\.\d+$/);
    expect(await coins.first().getByTestId('coin-change').textContent()).toMatch(/^[+-]?\d+\.\d{2}%$/);
    const [market, banners] = await Promise.all(
      ['home-market', 'home-banners'].map(async (id) => (await page.getByTestId(id).boundingBox())?.y ?? -1),
    );
    expect(market).toBeLessThan(banners as number);
    const tabs = await page
      .locator('[data-testid^="tab-"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
    expect(tabs).toEqual(['tab-home', 'tab-second', 'tab-three', 'tab-four', 'tab-team']);
    const title = await page.title();
    expect(title.length).toBeGreaterThan(0);
    await shot(page, 'home-signed-out');
  });

  it("paints home, a tab page's frame and the banner before the app's code runs, under the page's CSP", async () => {
    const html = await fetch(`${baseUrl}/`);
    const policy = html.headers.get('content-security-policy') ?? '';
    // WebAssembly may compile (the QR code reader's); JavaScript eval stays refused.
    expect(policy).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-[\w+/=]+'/);
    const body = await html.text();
    expect(body).toContain('<div id="root"><div class="app-shell" inert');
    expect(body).not.toContain('<script type="module"');

    const context = await phoneContext(browser);
    const shellPage = await context.newPage();
    const problems: string[] = [];
    shellPage.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('ERR_FAILED')) problems.push(message.text());
    });
    // The app's entry never arrives: what shows is the document's own.
    await shellPage.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
    await shellPage.goto(`${baseUrl}/#/`);
    await shellPage.locator('.app-shell[inert] .banners img[src^="/banners/"]').waitFor();
    expect(await shellPage.locator('.app-shell[inert] .nav-bar__title').textContent()).toBe('首页');
    expect(await shellPage.locator('.app-shell[inert] .tab-bar__item').count()).toBe(5);
    // The app's code is asked for once the banner has loaded (the entry then fails here).
    // The default language's messages chunk, as the inline script's data names it (antd-mobile's own
    // zh-CN texts are a chunk of the entry's, with a name alike).
    const files = JSON.parse(/"files":(\[[^\]]*\])/.exec(body)?.[1] ?? '[]') as string[];
    const locales = JSON.parse(/"locales":(\{[^}]*\})/.exec(body)?.[1] ?? '{}') as Record<string, number[]>;
    const messages = files[locales['zh-CN']?.[0] ?? -1];
    expect(messages).toMatch(/^\/assets\/zh-CN-[\w-]+\.js$/);
    await expect.poll(() => shellPage.locator(`link[rel=modulepreload][href="${messages}"]`).count()).toBe(1);
    await shot(shellPage, 'shell-home');
    await shellPage.goto(`${baseUrl}/#/pages/tabbar/four/four`);
    await shellPage.reload();
    expect(await shellPage.locator('.app-shell[inert] .tab-bar__item.is-selected').textContent()).toBe('行情走势');
    await expect.poll(() => shellPage.locator('link[rel=modulepreload][href*="market-trend-page"]').count()).toBe(1);
    // The mining tab's first banner (its own first request) shows in its frame, above the loading box.
    await shellPage.goto(`${baseUrl}/#/pages/tabbar/second/second`);
    await shellPage.reload();
    await shellPage.locator('.app-shell[inert] .page-body > .banners img[src^="/banners/"]').waitFor();
    expect(await shellPage.locator('.app-shell[inert] .page-body > .banners + .page-loading').count()).toBe(1);
    await shot(shellPage, 'shell-mining');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("paints the notices' first rows and the market's summary from their first answers before the app's code, and the app takes over without a shift", async () => {
    const notices = (await answer('/app-api/biz/biz-notice/page?pageNo=1&pageSize=10&type=notice')) as {
      list: { title: string; summary: string }[];
    };
    const first = notices.list[0];
    expect(first?.summary).toBeTruthy();
    const trend = await answer('/market-api/tokenMarketCondition/tokenMarketCondition');
    const context = await phoneContext(browser);
    // The largest paint: the first row's summary.
    await takesOver(context, '/pages/second_child/noticelist/noticelist', {
      largest: '.paged-list > .paged-list__item:first-child .notice-row__summary',
      app: 'notice-list',
      painted: async (held) => {
        const rows = held.locator('.app-shell[inert] .paged-list > .paged-list__item .notice-row');
        expect(await rows.count()).toBe(notices.list.length);
        expect(await rows.first().locator('.notice-row__title').textContent()).toBe(first?.title);
        expect(await rows.first().locator('.notice-row__summary').textContent()).toBe(first?.summary);
        // With the page's own styles (features/content/components/notice-row.css).
        expect(await rows.first().evaluate((row) => getComputedStyle(row).flexDirection)).toBe('column');
      },
    });
    await takesOver(context, '/pages/tabbar/four/four', {
      largest: '.trend-summary',
      app: 'trend-summary',
      painted: async (held) => {
        const counts = held.locator('.app-shell[inert] .trend-summary__counts dd');
        expect(await counts.allTextContents()).toEqual([trend.rising, trend.unchanged, trend.falling].map(String));
        // With the page's own styles (features/market/components/trend-summary.css).
        expect(await counts.first().evaluate((dd) => getComputedStyle(dd).fontSize)).toBe('22px');
      },
    });
    await context.close();
  });

  it("paints a member's team tab and assets from their first answers before the app's code, and the app takes over without a shift", async () => {
    const member = await signInAt(browser, baseUrl, '/pages/tabbar/team/team');
    await member.page.getByTestId('community-day').waitFor();
    const token = await memberToken(member.page);
    const community = await answer('/app-api/dataBoard/communityInfo', token);
    const user = await answer('/app-api/biz/biz-user/get', token);
    await member.page.close();
    await takesOver(member.context, '/pages/tabbar/team/team', {
      largest: '.team-card__note',
      app: 'community',
      painted: async (held) => {
        expect(await held.locator('.app-shell[inert] .tab-bar .is-selected').textContent()).toBe('团队');
        expect(await held.locator('.app-shell[inert] .team-card__note').textContent()).toContain(String(community.day));
      },
    });
    await takesOver(member.context, '/pages/my_child/assetslist/assetslist', {
      largest: '.asset-card__available',
      app: 'asset-card-GOLD',
      after: /\/blockCoin\/getCoinDetail/,
      painted: async (held) => {
        expect(await held.locator('.app-shell[inert] .member-id-card__value').textContent()).toBe(String(user.id));
        expect(await held.locator('.app-shell[inert] .asset-card__available').textContent()).toMatch(/^[\d,]+\.\d{2}$/);
      },
    });
    await member.context.close();
  });

  it("asks for a data page's first page once, before the app's code, and the app shows that answer", async () => {
    const context = await phoneContext(browser);
    const listPage = await context.newPage();
    const asked: string[] = [];
    listPage.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/biz-notice/page') || /\/assets\/index-[\w-]+\.js$/.test(url.pathname)) {
        asked.push(`${request.method()} ${url.pathname}${url.search}`);
      }
    });
    await listPage.goto(`${baseUrl}/#/pages/second_child/noticelist/noticelist`);
    await listPage.getByTestId('notice-list').waitFor();
    await listPage.waitForLoadState('networkidle');
    const firstPage = 'GET /app-api/biz/biz-notice/page?pageNo=1&pageSize=10&type=notice';
    expect(asked.filter((request) => request === firstPage)).toHaveLength(1);
    expect(asked[0]).toBe(firstPage);
    expect(asked.some((request) => request.includes('/assets/index-'))).toBe(true);
    await context.close();
  });

  it('sends a visitor of a private page to sign in, then back to that page', async () => {
    await page.goto(`${baseUrl}/#/pages/my_child/assetslist/assetslist`);
    await page.getByTestId('wallet-list').waitFor();
    const url = new URL(page.url());
    expect(url.hash).toMatch(/^#\/pages\/login\/index\?redirect=/);
    expect(hashPath()).toContain('redirect=/pages/my_child/assetslist/assetslist');
    await page.getByTestId('wallet-option-dev').waitFor();
    await shot(page, 'login');

    await page.getByTestId('wallet-option-org.minecloud.e2e').click();
    await page.waitForFunction(() => location.hash.startsWith('#/pages/my_child/assetslist/assetslist'), null, {
      timeout: 20_000,
    });
    await page.getByTestId('nav-title').waitFor();
    const token = await page.evaluate(() => JSON.stringify(localStorage));
    expect(token).toMatch(/ey[\w-]+\.[\w-]+\.[\w-]+/);
    await shot(page, 'after-sign-in');
  });

  it('shows the signed-in member on the home tab and switches language', async () => {
    await page.goto(`${baseUrl}/#/`);
    await page.getByTestId('session-card').waitFor();
    const zhTitle = await page.getByTestId('nav-title').textContent();
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-en').click();
    await expect.poll(() => page.getByTestId('nav-title').textContent()).not.toBe(zhTitle);
    expect(await page.getByTestId('nav-title').textContent()).toMatch(/[A-Za-z]/);
    // The page's lang follows once antd-mobile's own texts in English have loaded too (a chunk of
    // its own, slower than the app's texts when the machine is busy).
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toMatch(/^en/);
    await expect.poll(() => page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest-en.webmanifest');
    await shot(page, 'home-english');
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-ko-KR').click();
    await expect.poll(() => page.getByTestId('nav-title').textContent()).toMatch(/[\uac00-\ud7af]/);
    await shot(page, 'home-korean');
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-zh-CN').click();
    await expect.poll(() => page.getByTestId('nav-title').textContent()).toBe(zhTitle);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
  });

  it('signs out from settings after the confirm and shows the sign-in button again', async () => {
    // Sign-out lives in settings, not on the home card (which leads with top-up, withdraw and gift).
    expect(await page.getByTestId('sign-out').count()).toBe(0);
    await page.goto(`${baseUrl}/#/pages/about/about`);
    await page.getByTestId('settings-sign-out').click();
    await page.getByText('确认断开连接？').waitFor();
    await shot(page, 'sign-out-confirm');
    await page.locator('.adm-dialog-footer .adm-dialog-button').last().click();
    await page.getByTestId('home-sign-in').waitFor();
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).not.toMatch(/ey[\w-]+\.[\w-]+\.[\w-]+/);
  });
});

describe('the development wallet of demo mode', () => {
  it('signs a new member in with a key kept in the browser, no extension needed', async () => {
    const context = await phoneContext(browser);
    const fresh = await context.newPage();
    await fresh.goto(`${baseUrl}/#/pages/login/index`);
    await fresh.getByTestId('wallet-option-dev').click();
    await fresh.getByTestId('session-card').waitFor({ timeout: 20_000 });
    await expect.poll(() => fresh.getByTestId('home-balance-usdt').textContent()).toContain('1,000.00');
    const stored = await fresh.evaluate(() => localStorage.getItem('minecloud-dev-wallet'));
    expect(JSON.parse(stored ?? '{}').address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await shot(fresh, 'home-dev-wallet');
    await context.close();
  });
});

describe('a phone browser with no wallet in it', () => {
  it('opens the sign-in page in a wallet app’s browser, keeping the redirect and the invite code', async () => {
    // A member's placement code, as a newcomer's invite link carries it.
    const inviter = await signInAt(browser, baseUrl, '/pages/tabbar/three/three');
    await inviter.page.getByTestId('department-1-code').waitFor();
    const code = (await inviter.page.getByTestId('department-1-code').first().textContent()) ?? '';
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    await inviter.context.close();

    const context = await phoneContext(browser);
    const bare = await context.newPage();
    const redirect = '/pages/my_child/assetslist/assetslist';
    await bare.goto(`${baseUrl}/#/pages/login/index?redirect=${encodeURIComponent(redirect)}&code=${code}`);
    await bare.getByTestId('open-in-wallet').waitFor();
    const expected = `${baseUrl}/#/pages/login/index?redirect=${encodeURIComponent(redirect)}&code=${code}`;
    const links = Object.fromEntries(
      await bare
        .locator('a[data-testid^="open-in-"]')
        .evaluateAll((anchors) => anchors.map((a) => [a.getAttribute('data-testid'), a.getAttribute('href') ?? ''])),
    ) as Record<string, string>;
    expect(Object.keys(links)).toEqual([
      'open-in-metamask',
      'open-in-trust',
      'open-in-tokenpocket',
      'open-in-imtoken',
      'open-in-okx',
      'open-in-bitget',
    ]);
    const param = (href: string | undefined, name: string) => new URL(href ?? '').searchParams.get(name);
    expect(links['open-in-metamask']).toBe(`https://link.metamask.io/dapp/${expected.replace(/^https?:\/\//, '')}`);
    expect(param(links['open-in-trust'], 'url')).toBe(expected);
    expect(JSON.parse(param(links['open-in-tokenpocket'], 'params') ?? '{}')).toMatchObject({
      url: expected,
      chain: 'BSC',
    });
    expect(param(links['open-in-imtoken'], 'url')).toBe(expected);
    expect(param(param(links['open-in-okx'], 'deeplink') ?? undefined, 'dappUrl')).toBe(expected);
    expect(param(links['open-in-bitget'], 'url')).toBe(expected);
    await shot(bare, 'login-open-in-wallet');
    await context.close();

    // Inside the wallet app's browser the wallet is injected: the same address signs the member in,
    // with the invite code already filled in, and lands where they were going.
    const walletBrowser = await phoneContext(browser);
    const inside = await walletBrowser.newPage();
    await injectTestWallet(inside, generatePrivateKey());
    await inside.goto(param(links['open-in-trust'], 'url') ?? '');
    expect(await inside.getByTestId('invite-code-input').inputValue()).toBe(code);
    // Once the page has found the injected wallet it offers no wallet-app links.
    const injected = inside.getByTestId('wallet-option-org.minecloud.e2e');
    await injected.waitFor();
    await expect.poll(() => inside.getByTestId('open-in-wallet').count()).toBe(0);
    await injected.click();
    await inside.waitForFunction((path) => location.hash.startsWith(`#${path}`), redirect, { timeout: 20_000 });
    await walletBrowser.close();
  });
});

describe('WalletConnect v2 on the sign-in page', () => {
  it('loads the client when chosen, pairs through the relay (played here) and shows the pairing URI as a QR code', async () => {
    const context = await phoneContext(browser);
    // Nothing reaches WalletConnect's services: their HTTP calls are refused, and the relay's socket
    // is answered here, as the relay would answer a dapp that subscribes to its pairing topic.
    await context.route(/walletconnect\.(org|com)/, (route) => route.abort());
    const relayed: { method: string; params: Record<string, unknown> }[] = [];
    await context.routeWebSocket(/^wss:\/\/relay\.walletconnect\.org/, (ws) => {
      ws.onMessage((text) => {
        const call = JSON.parse(String(text)) as { id: number; method: string; params: Record<string, unknown> };
        relayed.push({ method: call.method, params: call.params });
        const id = () => randomBytes(32).toString('hex');
        const result = call.method.endsWith('batchSubscribe')
          ? ((call.params.topics as string[]) ?? []).map(id)
          : call.method.endsWith('_subscribe')
            ? id()
            : call.method.endsWith('FetchMessages')
              ? { messages: [], hasMore: false }
              : true;
        ws.send(JSON.stringify({ id: call.id, jsonrpc: '2.0', result }));
      });
    });
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/walletconnect-')) chunks.push(request.url());
    });
    await page.goto(`${baseUrl}/#/pages/login/index`);
    const option = page.getByTestId('wallet-option-walletconnect');
    await option.waitFor();
    expect(chunks).toEqual([]);
    await option.click();

    const open = page.getByTestId('walletconnect-open');
    await open.waitFor({ timeout: 20_000 });
    const uri = (await open.getAttribute('href')) ?? '';
    const pairing = /^wc:([0-9a-f]{64})@2\?(.*)$/.exec(uri);
    expect(pairing, uri).not.toBeNull();
    const query = new URLSearchParams(pairing?.[2]);
    expect(query.get('relay-protocol')).toBe('irn');
    expect(query.get('symKey')).toMatch(/^[0-9a-f]{64}$/);
    // The client subscribed to its pairing topic at the relay before it showed the URI.
    expect(relayed.some((call) => JSON.stringify(call.params).includes(pairing?.[1] ?? '-'))).toBe(true);
    await page.getByTestId('walletconnect-qr').waitFor();
    expect(chunks).toHaveLength(1);
    await shot(page, 'login-walletconnect');
    expect(blocked).toEqual([]);

    await page.getByTestId('walletconnect-cancel').click();
    await page.getByTestId('walletconnect-pairing').waitFor({ state: 'detached' });
    await expect.poll(() => option.isEnabled()).toBe(true);
    await context.close();
  });
});
