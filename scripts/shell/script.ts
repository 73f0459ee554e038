import type { EarlyEntry } from '../../apps/web/src/lib/early-response';
import type { ShellData } from './data.ts';

type EarlyWindow = Window & Record<string, unknown>;

/**
 * Runs in the page, inline, right after the shell and before any other script: picks the frame of
 * the hash route, asks for the locale's messages and the route's page chunk (modulepreload, so the
 * app's own imports find them fetched), starts the basic config request (home's banners: the
 * largest paint) and the route's own first requests, and, when the answer with a page's banners
 * comes before React renders (home's config, the mining tab's banners), puts the first banner in the
 * shell.
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
  type Banner = { image: string; title: string; subtitle?: string; lang?: string };
  type Envelope = { code?: number; data?: Record<string, unknown> } | null;
  const firstOf = (envelope: Envelope, field: string) => {
    const list = envelope && envelope.code === 0 && envelope.data ? envelope.data[field] : undefined;
    return Array.isArray(list) ? (list[0] as Banner | undefined) : undefined;
  };
  // A page whose largest paint is its first banner: home's comes with the basic config, another page's
  // with one of its own first requests (its `banners` names the list).
  const home = d.homePaths.indexOf(route) >= 0;
  let banner: Promise<Banner | undefined> | null = home ? early.then((envelope) => firstOf(envelope, 'banners')) : null;
  // The route's own first requests (its largest paint waits for their data) start now too, as the
  // app's request wrapper makes them: it takes each answer once (apps/web/src/lib/early-response.ts).
  const asked: Record<string, EarlyEntry> = {};
  for (const request of d.requests[route] || []) {
    if (request.member && !state.token) continue;
    const own: Record<string, string> = { ...headers };
    if (state.token) own.Authorization = `Bearer ${state.token}`;
    if (request.body !== undefined) own['Content-Type'] = 'application/json';
    const response = fetch(request.url, { method: request.method, headers: own, body: request.body }).catch(() => null);
    asked[request.key] = { response, headers: own, at: performance.now() };
    const field = request.banners;
    if (field) {
      // Read from a copy, before the app's request wrapper reads the answer itself.
      banner = response
        .then((answer) => (answer?.ok ? answer.clone().json() : null))
        .then((envelope: Envelope) => firstOf(envelope, field))
        .catch(() => undefined);
    }
  }
  (window as unknown as EarlyWindow)[d.earlyRequestsKey] = asked;
  // The first banner goes into the shell (home's banner box; on another page's frame, a box above its
  // loading box, where the page's banners come): the app's code waits for it (loaded or failed, or no
  // banner), at most bannerWaitMs after the first paint, so that they do not share the link.
  let bannerSettled = () => {};
  const bannerReady = new Promise<void>((resolve) => {
    bannerSettled = resolve;
  });
  const showBanner = (first: Banner | undefined) => {
    let box = first && shell.isConnected ? shell.querySelector('.banners') : null;
    const loading = shell.querySelector('.page-body > .page-loading');
    if (first && !box && loading) {
      box = document.createElement('div');
      box.className = 'banners';
      loading.before(box);
    }
    if (!first || !box) {
      bannerSettled();
      return;
    }
    // The markup of the app's first, still banner (components/banner-slide.tsx), at its size.
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'plain-button banners__slide';
    if (first.lang) button.lang = first.lang;
    const image = document.createElement('img');
    image.src = first.image;
    image.alt = '';
    image.width = 750;
    image.height = 300;
    image.setAttribute('fetchpriority', 'high');
    image.draggable = false;
    // Settled once painted (the task after the next frame), not at its load: a busy phone may paint
    // it later, and the code's requests would then come before the page's largest paint.
    image.onload = () => requestAnimationFrame(() => setTimeout(bannerSettled, 0));
    image.onerror = bannerSettled;
    // Its text, over the art (which has none), in the language the request asked for.
    const text = document.createElement('span');
    text.className = 'banners__text';
    const line = (className: string, content: string) => {
      const span = document.createElement('span');
      span.className = className;
      span.textContent = content;
      text.appendChild(span);
    };
    line('banners__title', first.title);
    if (first.subtitle) line('banners__subtitle', first.subtitle);
    button.append(image, text);
    box.replaceChildren(button);
  };
  if (banner) banner.then(showBanner);

  // The app's code is asked for once the shell is on screen: its download and start do not hold up
  // the first paint (a hidden page, which paints nothing, starts at once). Each link goes in a task of
  // its own: adding one takes a slow phone several milliseconds (the request starts), and a few of
  // them at once made a task long enough to hold up a tap.
  // The entry comes last: every link is in before the app's code runs, so none waits behind its start.
  const start = () => {
    const steps: (() => void)[] = d.entryImports.map((file) => () => preload('modulepreload', file));
    for (const index of (d.locales[locale] || []).concat(d.pages[route] || [])) {
      const file = d.files[index] || '';
      steps.push(() => (file.endsWith('.css') ? preload('preload', file, 'style') : preload('modulepreload', file)));
    }
    steps.push(() => {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = d.entry;
      document.head.appendChild(script);
    });
    // Each timer set from here, not from the one before: a chain of them gave each later request an
    // async stack one timer deeper, which devtools (and Lighthouse) capture as its initiator.
    for (const step of steps) setTimeout(step, 0);
  };
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    start();
  };
  const afterPaint = () => {
    if (!banner) return startOnce();
    bannerReady.then(startOnce);
    setTimeout(startOnce, d.bannerWaitMs);
  };
  if (document.visibilityState === 'hidden') startOnce();
  else requestAnimationFrame(() => setTimeout(afterPaint, 0));
}
