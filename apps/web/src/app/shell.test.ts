import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Rolldown } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EarlyEntry } from '@/lib/early-response';
import { formatLocalTime } from '@/lib/format-time';
import { moneyText } from '@/lib/money-text';
import { createQueryClient } from '@/lib/query-client';
import { DEFAULT_SESSION, useSession } from '@/lib/session';
import { signIn } from '@/test/fixtures/money';
import { renderApp } from '@/test/render-app';
import { runShellScript } from '@/test/shell-script';
import type { ShellData, ShellHelpers } from '../../../../scripts/shell/data';
import { lazyPageImports, shellFiles } from '../../../../scripts/shell/files';
import { injectShell, inlineIcon, shellMarkup, takeEntry } from '../../../../scripts/shell/html';
import { shellScript } from '../../../../scripts/shell/script';
import { EARLY_CONFIG_KEY, takeEarlyConfig } from './early-config';
import { prepareFirstRoute } from './first-route';
import { renderShell } from './shell-render';

const shell = renderShell();
const routerSource = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'router.tsx'), 'utf8');

/** What Vite writes before the plugin runs (its entry script and modulepreload links in the head). */
const BUILT = `<!doctype html><html><head><title>MineCloud</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/framework-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head><body><div id="root"></div></body></html>`;

const DATA: ShellData = {
  framePaths: shell.framePaths,
  memberFramePaths: shell.memberFramePaths,
  homePaths: shell.homePaths,
  titles: shell.titles,
  sessionKey: shell.sessionKey,
  defaultLocale: shell.defaultLocale,
  configUrl: shell.configUrl,
  earlyConfigKey: shell.earlyConfigKey,
  requests: shell.requests,
  earlyRequestsKey: shell.earlyRequestsKey,
  fills: shell.fills,
  entry: '/assets/index-abc.js',
  entryImports: ['/assets/framework-abc.js'],
  paintWaitMs: 1500,
  files: ['/assets/zh-CN-abc.js', '/assets/en-abc.js', '/assets/mining-page-abc.js', '/assets/mining-page-abc.css'],
  locales: { 'zh-CN': [0], en: [1] },
  pages: { '/pages/tabbar/second/second': [2, 3], '/pages/second_child/noticelist/noticelist': [2, 3] },
};

/** The app's formatting as the page gets it: each helper's source text, run on its own. */
const HELPERS = Object.fromEntries(
  Object.entries(shell.helpers).map(([name, source]) => [name, new Function(`return (${source});`)()]),
) as ShellHelpers;

const NO_ANSWER = Symbol('no answer');
const CONFIG = {
  code: 0,
  msg: '',
  data: {
    banners: [{ id: 'b1', image: '/banners/mining.svg', title: 'Mining', subtitle: 'Daily output', lang: 'en' }],
  },
};

/**
 * The page as the server sends it, then its inline script run (as the browser would, during parsing).
 * `answer`: every request's answer, or a request's by its URL (a promise: when it comes). `data`: the
 * script's facts; `hold`: the tasks the script sets are returned, not run (runShellScript).
 */
function openPage(hash: string, answer: unknown = CONFIG, { data = DATA, hold = false } = {}) {
  const fetchMock = vi.fn((url: string, _init?: RequestInit) => {
    const body = typeof answer === 'function' ? answer(url) : answer;
    if (body === NO_ANSWER) return new Promise<Response>(() => {});
    return Promise.resolve(body).then((value) => new Response(JSON.stringify(value)));
  });
  vi.stubGlobal('fetch', fetchMock);
  const frames: ((time: number) => void)[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: (time: number) => void) => frames.push(callback));
  window.location.hash = hash;
  const html = injectShell(takeEntry(BUILT).html, shell, data);
  document.head.innerHTML = '';
  document.body.innerHTML = html.slice(html.indexOf('<body>') + 6, html.indexOf('<script>('));
  const tasks = runShellScript(data, HELPERS, hold);
  /** The next frame: each callback asked for since the last. */
  const paint = () => {
    for (const frame of frames.splice(0)) frame(0);
  };
  return { fetchMock, paint, tasks };
}

const root = () => document.getElementById('root') as HTMLElement;
const heads = (selector: string) => [...document.head.querySelectorAll(selector)].map((el) => el.getAttribute('href'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  delete (window as unknown as Record<string, unknown>)[EARLY_CONFIG_KEY];
  delete (window as unknown as Record<string, unknown>)[shell.earlyRequestsKey];
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the shell rendered from the app (shell-render.tsx)', () => {
  it('is the signed-out home with its nav bar, hero, banner box, sign-in card and five tabs', () => {
    const home = shell.frames.home ?? '';
    expect(home).toContain('<h1 class="nav-bar__title" data-testid="nav-title">首页</h1>');
    expect(home).toContain('MineCloud 云矿');
    expect(home).toContain('data-testid="home-banners-loading"');
    expect(home).toContain('连接钱包');
    expect(home.match(/class="plain-button tab-bar__item/g)).toHaveLength(5);
    expect(home).toMatch(/tab-bar__item is-selected" aria-current="page" data-testid="tab-home"/);
  });

  it('has a frame per public tab page, with its tab selected, and a titled page frame', () => {
    expect(shell.frames.second).toMatch(/is-selected" aria-current="page" data-testid="tab-second"/);
    expect(shell.frames.second).toContain('>挖矿</h1>');
    expect(shell.frames.four).toMatch(/is-selected" aria-current="page" data-testid="tab-four"/);
    expect(shell.page).toContain('data-testid="nav-back"');
    expect(shell.page).toContain('data-testid="page-loading"');
    expect(shell.page).not.toContain('tab-bar');
    expect(shell.framePaths).toEqual({ '/pages/tabbar/second/second': 'second', '/pages/tabbar/four/four': 'four' });
    expect(shell.titles['/pages/second_child/noticelist/noticelist']).toBe('公告');
  });

  it("has the team tab's frame as a member sees it (a visitor is sent to sign in)", () => {
    expect(shell.memberFramePaths).toEqual({ '/pages/tabbar/team/team': 'team' });
    expect(shell.frames.team).toMatch(/is-selected" aria-current="page" data-testid="tab-team"/);
    expect(shell.frames.team).toContain('<h1 class="nav-bar__title" data-testid="nav-title">团队</h1>');
    expect(shell.frames.team).toContain('data-testid="page-loading"');
    expect(shell.frames.team).not.toContain('nav-back');
  });

  it('renders each data page with marks where its first answer goes, down to its largest paint', () => {
    const { notices, community, assets, ...trends } = shell.fillTemplates;
    expect(notices).toMatch(/^<div class="notice-list-page"><div class="tab-switch"/);
    expect(notices).toContain('<span class="notice-row__summary" lang="⟦lang⟧">⟦summary⟧</span>');
    expect(notices).toContain('<time class="notice-row__time" dateTime="⟦publishedAt⟧">⟦publishedAt⟧</time>');
    expect(notices).not.toContain('adm-infinite-scroll');
    expect(Object.keys(trends)).toEqual(['trend', 'trend-asof', 'trend-simulated', 'trend-simulated-asof']);
    expect(trends['trend-simulated-asof']).toContain(
      '<p class="trend-summary__meta" data-testid="trend-as-of">数据时间 ⟦asOf⟧</p>',
    );
    expect(trends['trend-simulated-asof']).toContain('class="trend-summary__note"');
    expect(trends.trend).not.toContain('trend-summary__note');
    expect(trends.trend).not.toContain('market-page__card');
    expect(community).toContain('<span data-testid="community-total">⟦totalPerformance⟧</span><small>U</small>');
    expect(community).toContain('全体会员在 ⟦day⟧ 购买');
    expect(community).not.toContain('data-board');
    expect(assets).toMatch(/^<div class="lazy-wrapper"><div><div class="my-assets"/);
    expect(assets).toContain('<span class="member-id-card__address" title="⟦address⟧">⟦address⟧</span>');
    expect(assets).toContain('<p class="asset-card__available" data-testid="asset-available-GOLD">⟦available⟧</p>');
    expect(assets).toContain('<dd data-testid="asset-total-GOLD">⟦total⟧</dd>');
    expect(assets).not.toContain('asset-card-USDT');
    expect(assets).toMatch(/<\/section><\/div><\/div><\/div>$/);
    expect(shell.fills['/pages/second_child/noticelist/noticelist']).toEqual({
      paint: 'notices',
      requests: ['GET /app-api/biz/biz-notice/page?pageNo=1&pageSize=10&type=notice'],
      member: false,
    });
    expect(shell.fills['/pages/my_child/assetslist/assetslist']?.requests).toEqual([
      'GET /app-api/biz/biz-user/get',
      'GET /app-api/asset/selectAssetBalance',
    ]);
  });
});

describe('the build step (scripts/vite-shell.ts)', () => {
  it("puts the shell in #root without test ids, inert, and moves Vite's entry into the script", () => {
    const taken = takeEntry(BUILT);
    expect(taken.entry).toBe('/assets/index-abc.js');
    expect(taken.entryImports).toEqual(['/assets/framework-abc.js']);
    const html = injectShell(taken.html, shell, DATA);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(html).toContain('<div id="root"><div class="app-shell" inert aria-busy="true"><header class="nav-bar">');
    expect(html).not.toContain('data-testid');
    expect(html).toContain('<template id="shell-second">');
    expect(html).toContain('<template id="shell-page">');
    expect(html).toContain(`<script>(${shellScript.toString()})(`);
    expect(() => injectShell(BUILT, shell, DATA)).toThrow(/taken out first/);
    expect(() => injectShell('<body></body>', shell, DATA)).toThrow(/root/);
  });

  it("puts each data page's markup in a template, and the app's formatting into the script as its source", () => {
    const html = injectShell(takeEntry(BUILT).html, shell, DATA);
    for (const name of Object.keys(shell.fillTemplates))
      expect(html).toContain(`<template id="shell-fill-${name}"><div`);
    expect(html).toContain('<template id="shell-team"><div class="app-shell" inert');
    expect(html).not.toContain('data-testid');
    expect(html).toContain(`,{localTime:${shell.helpers.localTime},truncate:${shell.helpers.truncate},group:`);
    const ending = { ...shell, helpers: { ...shell.helpers, group: 'function g(){return "</script>"}' } };
    expect(() => injectShell(takeEntry(BUILT).html, ending, DATA)).toThrow(/end the script early/);
  });

  it('puts the icon in the page as a data URL, so that it is no request of its own', () => {
    const html = '<head><link rel="icon" type="image/svg+xml" href="/favicon.svg" /></head>';
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><rect fill="#0b1633"/></svg>\n';
    const inlined = inlineIcon(html, '/favicon.svg', svg);
    const href = /href="([^"]+)"/.exec(inlined)?.[1] ?? '';
    expect(href.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(href.slice('data:image/svg+xml,'.length))).toBe(svg.trim());
    expect(() => inlineIcon('<head></head>', '/favicon.svg', svg)).toThrow('index.html has no');
  });

  it('keeps a "</script>" in the data from ending the script', () => {
    const html = injectShell(takeEntry(BUILT).html, shell, { ...DATA, titles: { '/x': '</script><b>' } });
    expect(html).toContain('\\u003c/script>\\u003cb>');
    expect(shellMarkup('<div class="app-shell"><b data-testid="x">y</b></div>')).toBe(
      '<div class="app-shell" inert aria-busy="true"><b>y</b></div>',
    );
  });

  it("reads each lazy page's module from the router", () => {
    const pages = lazyPageImports(routerSource, shell.routePaths);
    expect(pages['/pages/tabbar/second/second']).toBe('@/features/mining/pages/mining-page');
    expect(pages['/pages/tabbar/four/four']).toBe('@/features/market/pages/market-trend-page');
    expect(pages['/pages/second_child/noticelist/noticelist']).toBe('@/features/content/pages/notice-list-page');
    expect(pages['/pages/about/about']).toBe('./routes/about-route');
    expect(Object.keys(pages).length).toBeGreaterThan(30);
  });

  it("lists each locale's and each page's own chunks and CSS, not what the entry loads already", () => {
    const chunk = (fileName: string, facadeModuleId: string | null, imports: string[], css: string[] = []) =>
      ({ type: 'chunk', fileName, facadeModuleId, imports, viteMetadata: { importedCss: new Set(css) } }) as const;
    const bundle = Object.fromEntries(
      [
        chunk('assets/index.js', '/app/src/main.tsx', ['assets/framework.js']),
        chunk('assets/framework.js', null, []),
        chunk('assets/zh-CN.js', '/app/src/i18n/locales/zh-CN.json', []),
        chunk(
          'assets/mining.js',
          '/app/src/features/mining/pages/mining-page.tsx',
          ['assets/framework.js', 'assets/list.js'],
          ['assets/mining.css'],
        ),
        chunk('assets/list.js', null, [], ['assets/list.css']),
      ].map((c) => [c.fileName, c]),
    ) as unknown as Rolldown.OutputBundle;
    const files = shellFiles(
      bundle,
      'assets/index.js',
      { '/mining': '/app/src/features/mining/pages/mining-page' },
      '/',
    );
    const urls = (indexes: number[] | undefined) => (indexes ?? []).map((i) => files.files[i]);
    expect(urls(files.locales['zh-CN'])).toEqual(['/assets/zh-CN.js']);
    expect(urls(files.pages['/mining'])).toEqual([
      '/assets/mining.js',
      '/assets/list.js',
      '/assets/mining.css',
      '/assets/list.css',
    ]);
  });
});

describe('the inline script, in the page before the app', () => {
  it("keeps home, asks for the config at once and puts the first banner in the shell's banner box", async () => {
    const { fetchMock } = openPage('#/');
    expect(root().querySelector('.home__hero')).not.toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/app-api/biz/biz-config/get/basic', {
      headers: { platform: 'h5', 'Accept-Language': 'zh-CN', 'Content-Language': 'zh-CN' },
    });
    await vi.waitFor(() => expect(root().querySelector('.banners img')).not.toBeNull());
    const image = root().querySelector('.banners .banners__slide img') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/banners/mining.svg');
    expect([image.width, image.height, image.alt]).toEqual([750, 300, '']);
    // The text over the art, as the app's banner writes it (components/banner-slide.tsx).
    const slide = root().querySelector('.banners .banners__slide') as HTMLElement;
    expect(slide.lang).toBe('en');
    expect(slide.querySelector('.banners__text .banners__title')?.textContent).toBe('Mining');
    expect(slide.querySelector('.banners__text .banners__subtitle')?.textContent).toBe('Daily output');
    expect(image.getAttribute('fetchpriority')).toBe('high');
  });

  it('starts the app after the first paint, with the locale and nothing for a page that home is', () => {
    const { paint } = openPage('#/');
    vi.useFakeTimers();
    expect(document.head.querySelector('script')).toBeNull();
    paint();
    vi.runAllTimers();
    const script = document.head.querySelector('script') as HTMLScriptElement;
    expect([script.type, script.getAttribute('src')]).toEqual(['module', '/assets/index-abc.js']);
    expect(heads('link[rel=modulepreload]')).toEqual(['/assets/framework-abc.js', '/assets/zh-CN-abc.js']);
  });

  it("on home, starts the app once the shell's banner has loaded, or after paintWaitMs at the latest", async () => {
    const { paint } = openPage('#/');
    await vi.waitFor(() => expect(root().querySelector('.banners img')).not.toBeNull());
    vi.useFakeTimers();
    paint();
    await vi.advanceTimersByTimeAsync(1000);
    expect(document.head.querySelector('script')).toBeNull();
    root().querySelector('.banners img')?.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(50);
    expect(document.head.querySelector('script')?.getAttribute('src')).toBe('/assets/index-abc.js');

    const slow = openPage('#/', { code: 0, data: { banners: [] } });
    await vi.advanceTimersByTimeAsync(0);
    slow.paint();
    await vi.advanceTimersByTimeAsync(10);
    expect(document.head.querySelector('script')).not.toBeNull();
  });

  it("on the mining tab, puts its first banner above the frame's loading box and starts the app once it has loaded", async () => {
    const BANNERS = {
      code: 0,
      msg: '',
      data: { list: [{ id: 'm1', image: '/banners/miner.svg', title: 'Miner', link: '' }] },
    };
    const { paint } = openPage('#/pages/tabbar/second/second', BANNERS);
    await vi.waitFor(() => expect(root().querySelector('.page-body > .banners img')).not.toBeNull());
    const image = root().querySelector('.banners .banners__slide img') as HTMLImageElement;
    expect([image.getAttribute('src'), image.alt, image.width, image.height]).toEqual([
      '/banners/miner.svg',
      '',
      750,
      300,
    ]);
    expect(root().querySelector('.banners__title')?.textContent).toBe('Miner');
    expect(root().querySelector('.banners__subtitle')).toBeNull();
    expect(root().querySelector('.page-body > .banners + .page-loading')).not.toBeNull();
    vi.useFakeTimers();
    paint();
    await vi.advanceTimersByTimeAsync(1000);
    expect(document.head.querySelector('script')).toBeNull();
    image.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(50);
    expect(document.head.querySelector('script')?.getAttribute('src')).toBe('/assets/index-abc.js');
    // The script read a copy: the app's request wrapper still gets the whole answer.
    const key = shell.requests['/pages/tabbar/second/second']?.find((request) => request.banners)?.key ?? '';
    const entries = (window as unknown as Record<string, Record<string, EarlyEntry>>)[shell.earlyRequestsKey];
    await expect((await entries?.[key]?.response)?.json()).resolves.toEqual(BANNERS);
  });

  it('on the mining tab, leaves the frame as it is when there is no banner', async () => {
    openPage('#/pages/tabbar/second/second', { code: 0, msg: '', data: { list: [] } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(root().querySelector('.banners')).toBeNull();
    expect(root().querySelector('.page-body > .page-loading')).not.toBeNull();
  });

  it('on home, starts the app after paintWaitMs when the config does not answer', async () => {
    const { paint } = openPage('#/', NO_ANSWER);
    vi.useFakeTimers();
    paint();
    await vi.advanceTimersByTimeAsync(1400);
    expect(document.head.querySelector('script')).toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    expect(document.head.querySelector('script')).not.toBeNull();
  });

  it('puts only the frame in while the page parses; each request, stylesheet and the set-up is a task of its own', () => {
    localStorage.setItem(shell.sessionKey, JSON.stringify({ state: { token: 't' }, version: 0 }));
    const data = { ...DATA, pages: { [ASSETS_PATH]: [2, 3] } };
    const { fetchMock, tasks } = openPage(`#${ASSETS_PATH}`, NO_ANSWER, { data, hold: true });
    // In the parse: the member's page frame, and nothing asked for.
    expect(root().querySelector('.nav-bar__title')?.textContent).toBe('我的资产');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
    const did: string[] = [];
    for (const task of tasks) {
      const [asked, links] = [fetchMock.mock.calls.length, document.head.querySelectorAll('link').length];
      task();
      const url = fetchMock.mock.calls[asked]?.[0];
      if (fetchMock.mock.calls.length > asked + 1) did.push('more than one request');
      else if (url) did.push(url.replace(/\?.*/, ''));
      else if (document.head.querySelectorAll('link').length > links) did.push('stylesheet');
      else did.push('set-up');
    }
    const requests = shell.requests[ASSETS_PATH]?.map((request) => request.url.replace(/\?.*/, '')) ?? [];
    expect(requests.length).toBeGreaterThan(1);
    expect(did).toEqual([shell.configUrl, ...requests, 'stylesheet', 'set-up']);
  });

  it('adds the links one a task', () => {
    // The articles' tab: nothing painted from an answer, so the app starts right after the first paint.
    const { paint } = openPage('#/pages/second_child/noticelist/noticelist?type=article');
    const tasks: (() => void)[] = [];
    vi.stubGlobal('setTimeout', (callback: () => void) => tasks.push(callback));
    paint();
    const added: number[] = [];
    while (tasks.length > 0) {
      tasks.shift()?.();
      added.push(document.head.querySelectorAll('link, script').length);
    }
    // The first task is the one after the paint, which sets the others.
    expect(added).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("shows a tab page's frame, and asks for its page's chunk, its CSS and the stored language's messages", () => {
    localStorage.setItem(shell.sessionKey, JSON.stringify({ state: { language: 'en', token: 't' }, version: 0 }));
    const { fetchMock, paint } = openPage('#/pages/tabbar/second/second?x=1');
    const frame = root().firstElementChild as HTMLElement;
    expect(frame.querySelector('.nav-bar__title')?.textContent).toBe('挖矿');
    expect(frame.querySelector('.is-selected')?.textContent).toBe('挖矿');
    expect(frame.classList).toContain('app-shell--blank');
    expect(frame.classList).toContain('app-shell--member');
    expect(fetchMock.mock.calls[0]?.[1]).toEqual({
      headers: { platform: 'h5', 'Accept-Language': 'en', 'Content-Language': 'en' },
    });
    vi.useFakeTimers();
    paint();
    vi.runAllTimers();
    expect(heads('link[rel=modulepreload]')).toEqual([
      '/assets/framework-abc.js',
      '/assets/en-abc.js',
      '/assets/mining-page-abc.js',
    ]);
    expect(heads('link[rel=preload][as=style]')).toEqual(['/assets/mining-page-abc.css']);
  });

  it("titles another page's frame with its route's title, and leaves a failed config to the app", async () => {
    const { fetchMock } = openPage('#/pages/second_child/noticelist/noticelist', { code: 500, msg: 'down' });
    const frame = root().firstElementChild as HTMLElement;
    expect(frame.querySelector('.nav-bar__title')?.textContent).toBe('公告');
    expect(frame.querySelector('.tab-bar')).toBeNull();
    // The config once (the list's own first page is asked for beside it: early-requests.test.ts).
    expect(fetchMock.mock.calls.filter(([url]) => url === shell.configUrl)).toHaveLength(1);
    await expect(takeEarlyConfig()).resolves.toBeNull();
    expect(takeEarlyConfig()).toBeNull();
  });

  it('hands the config it asked for to the app, once', async () => {
    openPage('#/');
    await expect(takeEarlyConfig()).resolves.toEqual(CONFIG.data);
    expect(takeEarlyConfig()).toBeNull();
  });
});

const NOTICES_PATH = '/pages/second_child/noticelist/noticelist';
const ASSETS_PATH = '/pages/my_child/assetslist/assetslist';
const TREND_PATH = '/pages/tabbar/four/four';
const TEAM_PATH = '/pages/tabbar/team/team';
const envelope = <T>(data: T) => ({ code: 0, msg: '', data });
const NOTICES = envelope({
  list: [
    {
      id: 'n1',
      type: 'notice',
      title: 'Pools pause <b>tonight</b>',
      summary: 'Withdrawals resume at 02:00.',
      publishedAt: '2026-11-28T18:30:05.000Z',
      lang: 'en',
    },
    {
      id: 'n2',
      type: 'notice',
      title: '新矿机上线',
      summary: '',
      publishedAt: '2026-11-27T08:00:00.000Z',
      lang: 'zh-CN',
    },
  ],
  total: 12,
});
const TREND = envelope({
  list: [],
  rising: 7,
  unchanged: 0,
  falling: 12,
  source: 'simulated',
  asOf: '2026-11-28T18:30:05Z',
});
const COMMUNITY = envelope({
  members: 1234,
  activeMembers: 56,
  totalPerformance: '1234567.899',
  newPerformance: '0.5',
  day: '2026-11-28',
});

/** Each request's answer by its URL: the first of `answers` whose key the URL holds, else a 404. */
const byUrl = (answers: Record<string, unknown>) => (url: string) =>
  Object.entries(answers).find(([part]) => url.includes(part))?.[1] ?? { code: 404, msg: 'none', data: null };

/** The page's stylesheets, linked at once, load (jsdom loads none). */
function loadStyles(event = 'load') {
  for (const sheet of document.head.querySelectorAll('link[rel=stylesheet]')) sheet.dispatchEvent(new Event(event));
}

/**
 * A page's markup as the two are compared: without test ids, each style as read, and without its
 * parts from `cut` on (the shell paints what is above them).
 */
function markupOf(page: Element | null | undefined, cut?: string): string {
  const copy = page?.cloneNode(true) as Element | undefined;
  if (!copy) return '';
  for (const element of [copy, ...copy.querySelectorAll('*')]) {
    element.removeAttribute('data-testid');
    const style = (element as HTMLElement).style?.cssText;
    if (style) element.setAttribute('style', style);
    else element.removeAttribute('style');
  }
  let left = cut ? copy.querySelector(cut) : null;
  while (left) {
    const next: Element | null = left.nextElementSibling;
    left.remove();
    left = next;
  }
  return copy.outerHTML;
}

/** React's first render of the page at `path`, as the app makes it (main.tsx: its first route's data first). */
async function reactPage(path: string): Promise<Element | null> {
  const client = createQueryClient();
  await prepareFirstRoute(client, path);
  const view = renderApp(path, client);
  return view.container.querySelector('.page-body')?.firstElementChild ?? null;
}

const shellPage = () => root().querySelector('.page-body > :not(.page-loading)');

describe("the data pages, painted in the shell from their first answer (a page's largest paint)", () => {
  afterEach(() => useSession.setState({ ...DEFAULT_SESSION }));

  it("paints the notices' rows once the page's own styles have loaded, as the page renders them", async () => {
    openPage(`#${NOTICES_PATH}`, byUrl({ 'biz-notice/page': NOTICES }));
    // Its stylesheets are linked at once (not preloaded after the first paint), as the app links them.
    const sheets = [...document.head.querySelectorAll('link[rel=stylesheet]')] as HTMLLinkElement[];
    expect(sheets.map((sheet) => [sheet.getAttribute('href'), sheet.crossOrigin])).toEqual([
      ['/assets/mining-page-abc.css', ''],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shellPage()).toBeNull();
    loadStyles();
    await vi.waitFor(() => expect(shellPage()).not.toBeNull());
    expect(root().querySelector('.page-loading')).toBeNull();
    const rows = [...root().querySelectorAll('.page-body ul.paged-list > li.paged-list__item > button.notice-row')];
    expect(rows.map((row) => row.querySelector('.notice-row__title')?.textContent)).toEqual([
      'Pools pause <b>tonight</b>',
      '新矿机上线',
    ]);
    // Text, never markup; a row without a summary has none; the time as the app writes it.
    expect(root().querySelector('.page-body b')).toBeNull();
    expect(rows[0]?.querySelector('span.notice-row__summary')?.textContent).toBe('Withdrawals resume at 02:00.');
    expect(rows[1]?.querySelector('.notice-row__summary')).toBeNull();
    expect(rows[0]?.querySelector('time')?.textContent).toBe(formatLocalTime('2026-11-28T18:30:05.000Z'));
    expect(root().textContent).not.toContain('⟦');
    // React's first render of the page is the same markup, and its list below.
    const painted = markupOf(shellPage());
    expect(painted).toBe(markupOf(await reactPage(NOTICES_PATH), '.adm-infinite-scroll'));
  });

  it('paints the page in a task after the one its stylesheet loaded in, not in that one', async () => {
    openPage(`#${NOTICES_PATH}`, byUrl({ 'biz-notice/page': NOTICES }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const tasks: (() => void)[] = [];
    vi.stubGlobal('setTimeout', (callback: () => void) => tasks.push(callback));
    loadStyles();
    // Every promise of the load settled, and no task run since: nothing painted yet.
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    expect(shellPage()).toBeNull();
    expect(tasks).toHaveLength(1);
    tasks.shift()?.();
    expect(shellPage()?.querySelectorAll('.notice-row')).toHaveLength(2);
  });

  it.each([
    ['simulated, with its time', {}],
    ['from an exchange', { source: 'binance' }],
    ['before the feed has reported', { asOf: null }],
    ['simulated, before the feed has reported', { source: null, asOf: null }],
  ])("paints the market trend's summary %s, as the page renders it", async (_case, change) => {
    const answer = { ...TREND, data: { ...TREND.data, ...change } };
    openPage(`#${TREND_PATH}`, byUrl({ tokenMarketCondition: answer }));
    await vi.waitFor(() => expect(shellPage()).not.toBeNull());
    expect(root().querySelector('.tab-bar .is-selected')?.textContent).toBe('行情走势');
    const counts = [...root().querySelectorAll('.trend-summary__counts dd')].map((dd) => dd.textContent);
    expect(counts).toEqual(['7', '0', '12']);
    expect(root().textContent).not.toContain('⟦');
    const painted = markupOf(shellPage());
    expect(painted).toBe(markupOf(await reactPage(TREND_PATH), '.market-page__card'));
  });

  it("paints a member's team tab in its tab frame, the community's figures as the page writes them", async () => {
    localStorage.setItem(shell.sessionKey, JSON.stringify({ state: { token: 'jwt-1', language: 'zh_CN' } }));
    openPage(`#${TEAM_PATH}`, byUrl({ communityInfo: COMMUNITY }));
    await vi.waitFor(() => expect(shellPage()).not.toBeNull());
    expect(root().querySelector('.nav-bar__back')).toBeNull();
    expect(root().querySelector('.tab-bar .is-selected')?.textContent).toBe('团队');
    expect(root().querySelector('.team-card__note')?.textContent).toContain('2026-11-28');
    const figures = [...root().querySelectorAll('.team-figures dd span')].map((span) => span.textContent);
    expect(figures).toEqual(['1234', '56', '1,234,567.89', '0.50']);
    signIn();
    const painted = markupOf(shellPage());
    expect(painted).toBe(markupOf(await reactPage(TEAM_PATH), 'section[aria-labelledby="data-board-title"]'));
  });

  it.each([
    ['with decimals beyond its places', { available: '1234.5678', locked: '0.999', earnings: '12' }],
    ['in the millions', { available: '123456789012.3', locked: '7', earnings: '0.004' }],
    ['with no gold row (all zero)', null],
  ])("paints a member's assets down to the gold coins' card %s, as the page renders it", async (_case, gold) => {
    const user = { id: '1042', address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72', identity: 'member' };
    const list = [
      ...(gold ? [{ asset: 'GOLD', ...gold }] : []),
      { asset: 'USDT', available: '10.5', locked: '0', earnings: '1.25' },
    ];
    localStorage.setItem(shell.sessionKey, JSON.stringify({ state: { token: 'jwt-1', language: 'zh_CN' } }));
    openPage(
      `#${ASSETS_PATH}`,
      byUrl({
        'biz-user/get/earnings': { code: 500 },
        'biz-user/get': envelope(user),
        selectAssetBalance: envelope({ list }),
      }),
    );
    loadStyles();
    await vi.waitFor(() => expect(shellPage()).not.toBeNull());
    expect(root().querySelector('.member-id-card__address')?.textContent).toBe('0x8ba1...BA72');
    expect(root().querySelector('[aria-labelledby="asset-card-USDT-title"]')).toBeNull();
    expect(root().textContent).not.toContain('⟦');
    signIn();
    const painted = markupOf(shellPage());
    const app = await reactPage(ASSETS_PATH);
    expect(painted).toBe(markupOf(app, 'section[aria-labelledby="asset-card-USDT-title"]'));
  });

  it("paints nothing of a member's assets without the member, or with a balance that is no plain amount", async () => {
    localStorage.setItem(shell.sessionKey, JSON.stringify({ state: { token: 'jwt-1' } }));
    const user = envelope({ id: '1042', address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' });
    const gold = (available: string) => envelope({ list: [{ asset: 'GOLD', available, locked: '0', earnings: '0' }] });
    const cases = [
      { 'biz-user/get': { code: 500, msg: 'down' }, selectAssetBalance: gold('1') },
      { 'biz-user/get': user, selectAssetBalance: gold('-5') },
      { 'biz-user/get': user, selectAssetBalance: gold('1e3') },
    ];
    for (const answers of cases) {
      openPage('#/pages/my_child/assetslist/assetslist', byUrl(answers));
      loadStyles();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(shellPage(), JSON.stringify(answers)).toBeNull();
    }
  });

  it("writes amounts and times with the app's own formatting, run from its source text", () => {
    for (const value of [
      '0',
      '1234567.899',
      '-0.001',
      '-1234.5',
      '',
      'abc',
      '1000',
      '.5',
      '999999999999999999999.99',
    ]) {
      expect(HELPERS.group(HELPERS.truncate(value, 2))).toBe(moneyText(value, 2, 'zh-CN'));
    }
    for (const iso of ['2026-11-28T18:30:05Z', '2026-01-02T03:04:05.678+08:00', 'soon']) {
      expect(HELPERS.localTime(iso)).toBe(formatLocalTime(iso));
    }
  });

  it("paints nothing from a failed or empty answer, or without the page's styles, and starts the app then", async () => {
    const failed = openPage(`#${NOTICES_PATH}`, byUrl({ 'biz-notice/page': { code: 500, msg: 'down', data: null } }));
    loadStyles();
    vi.useFakeTimers();
    failed.paint();
    await vi.advanceTimersByTimeAsync(10);
    expect(shellPage()).toBeNull();
    expect(root().querySelector('.page-body > .page-loading')).not.toBeNull();
    expect(document.head.querySelector('script')).not.toBeNull();
    vi.useRealTimers();

    openPage(`#${NOTICES_PATH}`, byUrl({ 'biz-notice/page': envelope({ list: [], total: 0 }) }));
    loadStyles();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(shellPage()).toBeNull();

    openPage(`#${NOTICES_PATH}`, byUrl({ 'biz-notice/page': NOTICES }));
    loadStyles('error');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(shellPage()).toBeNull();

    // A field the page's markup has no place for, or of another kind: the page may render otherwise.
    openPage(`#${TREND_PATH}`, byUrl({ tokenMarketCondition: { ...TREND, data: { ...TREND.data, rising: '7' } } }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(shellPage()).toBeNull();
  });

  it('paints nothing once React has replaced the shell, and starts the app after the page has painted', async () => {
    let answer = (_body: unknown) => {};
    const late = new Promise((resolve) => {
      answer = resolve;
    });
    openPage(`#${NOTICES_PATH}`, byUrl({ 'biz-notice/page': late }));
    loadStyles();
    const frame = root().firstElementChild as Element;
    // React's first render came first: it replaced the shell.
    root().replaceChildren(document.createElement('main'));
    answer(NOTICES);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(frame.querySelector('.notice-list-page')).toBeNull();
    expect(root().querySelector('.notice-list-page')).toBeNull();

    const { paint } = openPage(`#${NOTICES_PATH}`, byUrl({ 'biz-notice/page': NOTICES }));
    vi.useFakeTimers();
    paint();
    await vi.advanceTimersByTimeAsync(1000);
    expect(document.head.querySelector('script')).toBeNull();
    loadStyles();
    await vi.advanceTimersByTimeAsync(0);
    expect(shellPage()).not.toBeNull();
    // Once painted (the next frame, then a task), not when put in.
    expect(document.head.querySelector('script')).toBeNull();
    paint();
    await vi.advanceTimersByTimeAsync(10);
    expect(document.head.querySelector('script')?.getAttribute('src')).toBe('/assets/index-abc.js');
    // Its stylesheet was linked already: not preloaded again.
    expect(heads('link[rel=preload][as=style]')).toEqual([]);
  });

  it("paints nothing in another language, for a member's notices, or for a route with a query", async () => {
    const pages: [string, Record<string, string>][] = [
      [`#${NOTICES_PATH}`, { language: 'en' }],
      [`#${NOTICES_PATH}`, { token: 'jwt-1' }],
      [`#${NOTICES_PATH}?type=notice`, {}],
      [`#${TEAM_PATH}`, {}],
    ];
    for (const [hash, state] of pages) {
      localStorage.setItem(shell.sessionKey, JSON.stringify({ state }));
      openPage(hash, byUrl({ 'biz-notice/page': NOTICES, communityInfo: COMMUNITY }));
      expect(document.head.querySelector('link[rel=stylesheet]')).toBeNull();
      loadStyles();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(shellPage(), hash).toBeNull();
    }
    // A visitor of the team tab gets the page frame (the app sends them to sign in).
    expect(root().querySelector('.nav-bar__back')).not.toBeNull();
  });
});
