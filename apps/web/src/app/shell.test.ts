import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Rolldown } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EarlyEntry } from '@/lib/early-response';
import type { ShellData } from '../../../../scripts/shell/data';
import { lazyPageImports, shellFiles } from '../../../../scripts/shell/files';
import { injectShell, inlineIcon, shellMarkup, takeEntry } from '../../../../scripts/shell/html';
import { shellScript } from '../../../../scripts/shell/script';
import { EARLY_CONFIG_KEY, takeEarlyConfig } from './early-config';
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
  homePaths: shell.homePaths,
  titles: shell.titles,
  sessionKey: shell.sessionKey,
  defaultLocale: shell.defaultLocale,
  configUrl: shell.configUrl,
  earlyConfigKey: shell.earlyConfigKey,
  requests: shell.requests,
  earlyRequestsKey: shell.earlyRequestsKey,
  entry: '/assets/index-abc.js',
  entryImports: ['/assets/framework-abc.js'],
  bannerWaitMs: 1500,
  files: ['/assets/zh-CN-abc.js', '/assets/en-abc.js', '/assets/mining-page-abc.js', '/assets/mining-page-abc.css'],
  locales: { 'zh-CN': [0], en: [1] },
  pages: { '/pages/tabbar/second/second': [2, 3], '/pages/second_child/noticelist/noticelist': [2, 3] },
};

const NO_ANSWER = Symbol('no answer');
const CONFIG = {
  code: 0,
  msg: '',
  data: {
    banners: [{ id: 'b1', image: '/banners/mining.svg', title: 'Mining', subtitle: 'Daily output', lang: 'en' }],
  },
};

/** The page as the server sends it, then its inline script run (as the browser would, during parsing). */
function openPage(hash: string, answer: unknown = CONFIG) {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
    answer === NO_ANSWER ? new Promise<Response>(() => {}) : Promise.resolve(new Response(JSON.stringify(answer))),
  );
  vi.stubGlobal('fetch', fetchMock);
  const frames: ((time: number) => void)[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: (time: number) => void) => frames.push(callback));
  window.location.hash = hash;
  const html = injectShell(takeEntry(BUILT).html, shell, DATA);
  document.head.innerHTML = '';
  document.body.innerHTML = html.slice(html.indexOf('<body>') + 6, html.indexOf('<script>('));
  shellScript(DATA);
  const paint = () => {
    for (const frame of frames) frame(0);
  };
  return { fetchMock, paint };
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

  it("on home, starts the app once the shell's banner has loaded, or after bannerWaitMs at the latest", async () => {
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

  it('on home, starts the app after bannerWaitMs when the config does not answer', async () => {
    const { paint } = openPage('#/', NO_ANSWER);
    vi.useFakeTimers();
    paint();
    await vi.advanceTimersByTimeAsync(1400);
    expect(document.head.querySelector('script')).toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    expect(document.head.querySelector('script')).not.toBeNull();
  });

  it('adds the links one a task', () => {
    const { paint } = openPage('#/pages/second_child/noticelist/noticelist');
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
