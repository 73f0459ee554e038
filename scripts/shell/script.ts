import type { EarlyEntry } from '../../apps/web/src/lib/early-response';
import type { ShellData } from './data.ts';

type EarlyWindow = Window & Record<string, unknown>;

/**
 * Runs in the page, inline, right after the shell and before any other script: picks the frame of
 * the hash route, asks for the locale's messages and the route's page chunk (modulepreload, so the
 * app's own imports find them fetched), starts the basic config request (home's banners: the
 * largest paint) and the route's own first requests, and, when the config answers before React
 * renders, puts the first banner in the shell.
 * Self-contained: it is sent as its own source text.
 */
export function shellScript(d: ShellData): void {
  const root = document.getElementById('root');
  let frame = root?.firstElementChild;
  if (!root || !frame) return;
  const route = location.hash.slice(1).split('?')[0] || '/';
  let state: { language?: string; token?: string } = {};
  try {
    state = JSON.parse(localStorage.getItem(d.sessionKey) || '{}').state || {};
  } catch {
    // Storage refused or unreadable: the app starts in the default language, as here.
  }
  const locale = state.language ? state.language.replace('_', '-') : d.defaultLocale;
  const preload = (rel: string, href: string, as?: string) => {
    const link = document.createElement('link');
    link.rel = rel;
    if (as) link.setAttribute('as', as);
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  };

  if (d.homePaths.indexOf(route) < 0) {
    const template = document.getElementById(`shell-${d.framePaths[route] || 'page'}`);
    if (!(template instanceof HTMLTemplateElement)) return;
    root.replaceChildren(template.content.cloneNode(true));
    frame = root.firstElementChild;
    const title = frame?.querySelector('.nav-bar__title');
    if (title && !d.framePaths[route]) title.textContent = d.titles[route] || '';
  }
  const shell = frame;
  if (!shell) return;
  // Its words are in the default language: another language's reader sees the layout only.
  if (locale !== d.defaultLocale) shell.classList.add('app-shell--blank');
  if (state.token) shell.classList.add('app-shell--member');

  const headers: Record<string, string> = { platform: 'h5', 'Accept-Language': locale, 'Content-Language': locale };
  const early = fetch(d.configUrl, { headers })
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null);
  (window as unknown as EarlyWindow)[d.earlyConfigKey] = early;
  // The route's own first requests (its largest paint waits for their data) start now too, as the
  // app's request wrapper makes them: it takes each answer once (apps/web/src/lib/early-response.ts).
  const asked: Record<string, EarlyEntry> = {};
  for (const request of d.requests[route] || []) {
    if (request.member && !state.token) continue;
    const own: Record<string, string> = { ...headers };
    if (state.token) own.Authorization = `Bearer ${state.token}`;
    if (request.body !== undefined) own['Content-Type'] = 'application/json';
    asked[request.key] = {
      response: fetch(request.url, { method: request.method, headers: own, body: request.body }).catch(() => null),
      headers: own,
      at: performance.now(),
    };
  }
  (window as unknown as EarlyWindow)[d.earlyRequestsKey] = asked;
  // Home's first banner is the page's largest paint: the app's code waits for it (loaded or failed,
  // or no banner), at most bannerWaitMs after the first paint, so that they do not share the link.
  let bannerSettled = () => {};
  const bannerReady = new Promise<void>((resolve) => {
    bannerSettled = resolve;
  });
  early.then((envelope: { code?: number; data?: { banners?: { image: string; title: string }[] } } | null) => {
    const banner = envelope && envelope.code === 0 && envelope.data?.banners ? envelope.data.banners[0] : undefined;
    const box = shell.querySelector('.banners');
    if (!banner || !box || !shell.isConnected) {
      bannerSettled();
      return;
    }
    // The markup of the app's first, still banner (components/banner-slide.tsx), at its size.
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'plain-button banners__slide';
    const image = document.createElement('img');
    image.src = banner.image;
    image.alt = banner.title;
    image.width = 750;
    image.height = 300;
    image.setAttribute('fetchpriority', 'high');
    image.draggable = false;
    image.onload = bannerSettled;
    image.onerror = bannerSettled;
    button.appendChild(image);
    box.replaceChildren(button);
  });

  // The app's code is asked for once the shell is on screen: its download and start do not hold up
  // the first paint (a hidden page, which paints nothing, starts at once). Adding some forty links
  // took up to 77 ms of a loaded machine's main thread: they go in slices of 4 ms.
  const start = () => {
    const steps: (() => void)[] = d.entryImports.map((file) => () => preload('modulepreload', file));
    steps.push(() => {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = d.entry;
      document.head.appendChild(script);
    });
    for (const index of (d.locales[locale] || []).concat(d.pages[route] || [])) {
      const file = d.files[index] || '';
      steps.push(() => (file.endsWith('.css') ? preload('preload', file, 'style') : preload('modulepreload', file)));
    }
    const slice = () => {
      const until = performance.now() + 4;
      do steps.shift()?.();
      while (steps.length > 0 && performance.now() < until);
      if (steps.length > 0) setTimeout(slice, 0);
    };
    slice();
  };
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    start();
  };
  const afterPaint = () => {
    if (d.homePaths.indexOf(route) < 0) return startOnce();
    bannerReady.then(startOnce);
    setTimeout(startOnce, d.bannerWaitMs);
  };
  if (document.visibilityState === 'hidden') startOnce();
  else requestAnimationFrame(() => setTimeout(afterPaint, 0));
}
