import type { EarlyEntry } from '@minecloud/contract/early-requests';
import type { ShellData, ShellFill, ShellHelpers } from './data.ts';

type EarlyWindow = Window & Record<string, unknown>;

/**
 * Runs in the page, inline, right after the shell and before any other script: picks the frame of
 * the hash route, asks for the locale's messages and the route's page chunk (modulepreload, so the
 * app's own imports find them fetched), starts the basic config request (home's banners: the
 * largest paint) and the route's own first requests, and, when the answer a page's largest paint
 * waits for comes before React renders, paints it in the shell: the first banner (home's config, the
 * mining tab's banners), or a data page from its first answer (the page's own markup, rendered at
 * build time with marks where the values go: apps/web/src/app/shell-render.tsx).
 * Self-contained: it is sent as its own source text, and so are the app's formatting helpers `h`.
 *
 * It runs inside the task that parses the page, before the first paint: only the frame is put in
 * there. Each request, each stylesheet and the rest of the set-up then runs in a task of its own, in
 * that order, right after. Starting a fetch or adding a link took the bench machine's main thread
 * from under 1 ms to over 10 ms each, and the parse task with all of them in it (25–30 ms) was what
 * Lighthouse counted most of a data page's blocking time for (docs/architecture.md, "Fast on a
 * mid-range phone").
 */
export function shellScript(d: ShellData, h: ShellHelpers): void {
  const root = document.getElementById('root');
  let frame = root?.firstElementChild;
  if (!root || !frame) return;
  const [path = '', query] = location.hash.slice(1).split('?');
  const route = path || '/';
  let state: { language?: string; token?: string } = {};
  try {
    state = JSON.parse(localStorage.getItem(d.sessionKey) || '{}').state || {};
  } catch {
    // Storage refused or unreadable: the app starts in the default language, as here.
  }
  const locale = state.language ? state.language.replace('_', '-') : d.defaultLocale;
  const link = (rel: string, href: string, as?: string) => {
    const element = document.createElement('link');
    element.rel = rel;
    if (as) element.setAttribute('as', as);
    element.crossOrigin = '';
    element.href = href;
    document.head.appendChild(element);
    return element;
  };

  const home = d.homePaths.indexOf(route) >= 0;
  if (!home) {
    const name = d.framePaths[route] || (state.token && d.memberFramePaths[route]) || 'page';
    const template = document.getElementById(`shell-${name}`);
    if (!(template instanceof HTMLTemplateElement)) return;
    root.replaceChildren(template.content.cloneNode(true));
    frame = root.firstElementChild;
    const title = frame?.querySelector('.nav-bar__title');
    if (title && name === 'page') title.textContent = d.titles[route] || '';
  }
  const shell = frame;
  if (!shell) return;
  // Its words are in the default language: another language's reader sees the layout only.
  if (locale !== d.defaultLocale) shell.classList.add('app-shell--blank');
  if (state.token) shell.classList.add('app-shell--member');

  /** Runs `step` in a task of its own, after those asked for before it. */
  const later = (step: () => void) => {
    setTimeout(step, 0);
  };
  const headers: Record<string, string> = { platform: 'h5', 'Accept-Language': locale, 'Content-Language': locale };
  // Set by the first task below, before any other runs.
  let early: Promise<unknown> = Promise.resolve(null);
  later(() => {
    early = fetch(d.configUrl, { headers })
      .then((response) => (response.ok ? response.json() : null))
      .catch(() => null);
    (window as unknown as EarlyWindow)[d.earlyConfigKey] = early;
  });
  type Banner = { image: string; title: string; subtitle?: string; lang?: string };
  type Data = Record<string, unknown>;
  type Envelope = { code?: number; data?: unknown } | null;
  /** A successful answer's data (an object), read from a copy: the app's request wrapper reads the answer itself. */
  const dataOf = (response: Promise<Response | null>) =>
    response
      .then((answer) => (answer?.ok ? answer.clone().json() : null))
      .then((envelope: Envelope) =>
        envelope && envelope.code === 0 && envelope.data && typeof envelope.data === 'object'
          ? (envelope.data as Data)
          : null,
      )
      .catch(() => null);
  const firstOf = (data: Data | null, field: string) => {
    const list = data ? data[field] : undefined;
    return Array.isArray(list) ? (list[0] as Banner | undefined) : undefined;
  };
  // What the app's code waits for (at most paintWaitMs after the first paint), so that the page's
  // largest paint does not share the link with it: each settles once painted, or at once when there
  // is nothing to paint.
  const waits: Promise<void>[] = [];
  /** Settles the next task after the next frame: once painted, not when put in (a busy phone paints later). */
  const afterFrame = (settle: () => void) => requestAnimationFrame(() => setTimeout(settle, 0));
  // A page whose largest paint is its first banner: home's comes with the basic config, another page's
  // with one of its own first requests (its `banners` names the list).
  let banner: Promise<Banner | undefined> | null = null;
  // A data page the shell paints from its first answer: in the default language only (its texts), for
  // the route without a query (which may choose another tab), for whom the page was rendered.
  const filled: ShellFill | undefined = d.fills[route];
  const painting =
    filled && locale === d.defaultLocale && !query && (filled.member === undefined || filled.member === !!state.token)
      ? filled
      : undefined;
  const answers: Record<string, Promise<Data | null>> = {};
  // The route's own first requests (its largest paint waits for their data) start now too, as the
  // app's request wrapper makes them: it takes each answer once (apps/web/src/lib/early-response.ts).
  const asked: Record<string, EarlyEntry> = {};
  (window as unknown as EarlyWindow)[d.earlyRequestsKey] = asked;
  for (const request of d.requests[route] || []) {
    if (request.member && !state.token) continue;
    later(() => {
      const own: Record<string, string> = { ...headers };
      if (state.token) own.Authorization = `Bearer ${state.token}`;
      if (request.body !== undefined) own['Content-Type'] = 'application/json';
      const response = fetch(request.url, { method: request.method, headers: own, body: request.body }).catch(
        () => null,
      );
      asked[request.key] = { response, headers: own, at: performance.now() };
      const field = request.banners;
      if (field) banner = dataOf(response).then((data) => firstOf(data, field));
      if (painting && painting.requests.indexOf(request.key) >= 0) answers[request.key] = dataOf(response);
    });
  }
  // The data page's own stylesheets apply before it shows (no unstyled flash): they are linked now,
  // as the app would link them (with crossorigin; Vite's loader then finds them linked), not preloaded.
  const linked: string[] = [];
  const sheets: Promise<boolean>[] = [];
  if (painting) {
    for (const index of d.pages[route] || []) {
      const file = d.files[index] || '';
      if (!file.endsWith('.css')) continue;
      linked.push(file);
      sheets.push(
        new Promise((resolve) =>
          later(() => {
            const sheet = link('stylesheet', file);
            sheet.onload = () => resolve(true);
            sheet.onerror = () => resolve(false);
          }),
        ),
      );
    }
  }
  later(() => settingUp(shell));

  /** The rest, once the requests above have started: what waits for them, and the app's start. */
  function settingUp(shell: Element) {
    if (home) {
      banner = early.then((envelope) => {
        const answer = envelope as Envelope;
        return firstOf(answer && answer.code === 0 ? (answer.data as Data) : null, 'banners');
      });
    }
    // Every answer the page is painted from (a member's, only with a session: asked for above).
    const pageData = painting
      ? Promise.all(painting.requests.map((key) => answers[key] || null)).then((all) =>
          all.every(Boolean) ? (all as Data[]) : null,
        )
      : null;

    // The first banner goes into the shell (home's banner box; on another page's frame, a box above its
    // loading box, where the page's banners come).
    const showBanner = (first: Banner | undefined, settle: () => void) => {
      let box = first && shell.isConnected ? shell.querySelector('.banners') : null;
      const loading = shell.querySelector('.page-body > .page-loading');
      if (first && !box && loading) {
        box = document.createElement('div');
        box.className = 'banners';
        loading.before(box);
      }
      if (!first || !box) {
        settle();
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
      image.onload = () => afterFrame(settle);
      image.onerror = settle;
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
    const shownBanner = banner;
    if (shownBanner) waits.push(new Promise((settle) => shownBanner.then((first) => showBanner(first, settle))));

    const styled = Promise.all(sheets).then((loaded) => loaded.every(Boolean));

    /**
     * Fills a copy of a page's markup: each mark `⟦name⟧` in a text with texts[name] (an element whose
     * whole text is a mark whose value is null goes: the page renders it only with a value), in an
     * attribute with attrs[name] (undefined: the attribute goes, as React leaves it out). Values are
     * text, never markup. False when a mark has no value: the page's markup and the painter disagree.
     */
    const fill = (node: Element, texts: Record<string, string | null>, attrs: Record<string, string | undefined>) => {
      let ok = true;
      const value = (values: Record<string, string | null | undefined>, name: string) => {
        const found = values[name];
        if (!(name in values) || (typeof found !== 'string' && found !== null && found !== undefined)) ok = false;
        return found;
      };
      const marks = /⟦(\w+)⟧/g;
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      const found: Text[] = [];
      while (walker.nextNode()) found.push(walker.currentNode as Text);
      for (const text of found) {
        const whole = /^⟦(\w+)⟧$/.exec(text.data);
        if (whole && value(texts, whole[1] || '') === null) {
          text.parentElement?.remove();
          continue;
        }
        text.data = text.data.replace(marks, (_mark: string, name: string) => value(texts, name) ?? '');
      }
      for (const element of [node, ...node.querySelectorAll('*')]) {
        for (const attribute of [...element.attributes]) {
          const whole = /^⟦(\w+)⟧$/.exec(attribute.value);
          if (whole && value(attrs, whole[1] || '') === undefined) element.removeAttribute(attribute.name);
          else if (attribute.value.indexOf('⟦') >= 0) {
            element.setAttribute(
              attribute.name,
              attribute.value.replace(marks, (_mark: string, name: string) => value(attrs, name) ?? ''),
            );
          }
        }
      }
      return ok;
    };
    /** A copy of a page's markup with marks (`<template id="shell-fill-…">`). */
    const copy = (name: string) => {
      const template = document.getElementById(`shell-fill-${name}`);
      const page = template instanceof HTMLTemplateElement ? template.content.firstElementChild : null;
      return page ? (page.cloneNode(true) as Element) : null;
    };
    const text = (value: unknown) => (typeof value === 'number' ? String(value) : null);
    // An amount as the app's figures show it in its languages (lib/money-text.ts: moneyText, 2 places).
    const money = (value: unknown) => (typeof value === 'string' ? h.group(h.truncate(value, 2)) : null);
    /** Each data page, from its answer's data, as the page renders it: null when it would render otherwise. */
    const painters: Record<ShellFill['paint'], (data: Data, ...more: Data[]) => Element | null> = {
      // features/content/pages/notice-list-page.tsx, a row per notice (components/notice-row.tsx).
      notices: (data) => {
        const page = copy('notices');
        const rows = page ? page.querySelector('.paged-list') : null;
        const row = rows ? rows.firstElementChild : null;
        if (!page || !rows || !row || !Array.isArray(data.list) || data.list.length === 0) return null;
        rows.replaceChildren();
        for (const item of data.list as Data[]) {
          const entry = row.cloneNode(true) as Element;
          const { title, summary, publishedAt, lang } = item || {};
          if (typeof title !== 'string' || typeof publishedAt !== 'string' || typeof summary !== 'string') return null;
          if (lang !== undefined && typeof lang !== 'string') return null;
          const texts = { title, summary: summary || null, publishedAt: h.localTime(publishedAt) };
          if (!fill(entry, texts, { lang, publishedAt })) return null;
          rows.appendChild(entry);
        }
        return page;
      },
      // features/market/pages/market-trend-page.tsx, down to its summary (components/trend-summary.tsx).
      trend: (data) => {
        const { rising, unchanged, falling, asOf } = data;
        if (asOf !== null && typeof asOf !== 'string') return null;
        const page = copy(`trend${data.source === 'simulated' ? '-simulated' : ''}${asOf ? '-asof' : ''}`);
        const texts = { rising: text(rising), unchanged: text(unchanged), falling: text(falling) };
        if (!page || texts.rising === null || texts.unchanged === null || texts.falling === null) return null;
        return fill(page, { ...texts, asOf: asOf ? h.localTime(asOf) : '' }, {}) ? page : null;
      },
      // features/team/pages/team-page.tsx, down to its community card (components/community-overview.tsx).
      community: (data) => {
        const page = copy('community');
        const texts = {
          members: text(data.members),
          activeMembers: text(data.activeMembers),
          totalPerformance: money(data.totalPerformance),
          newPerformance: money(data.newPerformance),
          day: typeof data.day === 'string' ? data.day : null,
        };
        if (!page || Object.values(texts).some((value) => value === null)) return null;
        return fill(page, texts, {}) ? page : null;
      },
      // features/assets/pages/my-assets-page.tsx, down to the gold coins' card (components/member-id-card.tsx,
      // components/asset-card.tsx), from the member (api/get-user.ts) and the balances (api/get-balances.ts).
      assets: (user, balances = {}) => {
        const page = copy('assets');
        if (!page || typeof user.id !== 'string' || typeof user.address !== 'string' || !Array.isArray(balances.list)) {
          return null;
        }
        // The gold coins' balance as getBalances keeps it: the last row listed, or zeros.
        let gold: Data = { available: '0', locked: '0', earnings: '0' };
        for (const row of balances.list as Data[]) if (row && row.asset === 'GOLD') gold = row;
        const { available, locked, earnings } = gold;
        // The card's parts and their total as shownParts has them (@minecloud/contract/amount): each
        // truncated to the 2 places of gold coins, the total their sum; for plain amounts only (a balance
        // is one), else nothing is painted.
        const plain = /^\d{1,15}(\.\d+)?$/;
        if (typeof available !== 'string' || typeof locked !== 'string' || typeof earnings !== 'string') return null;
        if (!plain.test(available) || !plain.test(locked)) return null;
        const cents = (value: string) => BigInt(h.truncate(value, 2).replace('.', ''));
        const sum = String(cents(available) + cents(locked)).padStart(3, '0');
        const texts = {
          id: user.id,
          address: h.shorten(user.address),
          available: money(available),
          locked: money(locked),
          total: money(`${sum.slice(0, -2)}.${sum.slice(-2)}`),
          earnings: money(earnings),
        };
        return fill(page, texts, { id: user.id, address: user.address }) ? page : null;
      },
    };
    if (painting && pageData) {
      const answer = pageData;
      waits.push(
        new Promise((settle) => {
          // In a task of its own: not in the one whose stylesheet's load let it go (the browser lays the
          // frame out again in that one, with the new styles).
          Promise.all([answer, styled])
            .then(([data, styles]) =>
              later(() => {
                try {
                  // Not once React has rendered (it replaced the shell), nor without the page's styles.
                  const loading = shell.isConnected ? shell.querySelector('.page-body > .page-loading') : null;
                  const [first, ...more] = data || [];
                  const page = first && styles && loading ? painters[painting.paint](first, ...more) : null;
                  if (!loading || !page) return settle();
                  loading.replaceWith(page);
                  afterFrame(settle);
                } catch {
                  settle();
                }
              }),
            )
            .catch(() => settle());
        }),
      );
    }

    // The app's code is asked for once the shell is on screen: its download and start do not hold up
    // the first paint (a hidden page, which paints nothing, starts at once). Each link goes in a task of
    // its own: adding one takes a slow phone several milliseconds (the request starts), and a few of
    // them at once made a task long enough to hold up a tap.
    // The entry comes last: every link is in before the app's code runs, so none waits behind its start.
    const start = () => {
      const steps: (() => void)[] = d.entryImports.map((file) => () => link('modulepreload', file));
      for (const index of (d.locales[locale] || []).concat(d.pages[route] || [])) {
        const file = d.files[index] || '';
        if (linked.indexOf(file) >= 0) continue;
        steps.push(() => (file.endsWith('.css') ? link('preload', file, 'style') : link('modulepreload', file)));
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
      for (const step of steps) later(step);
    };
    let started = false;
    const startOnce = () => {
      if (started) return;
      started = true;
      start();
    };
    const afterPaint = () => {
      if (waits.length === 0) return startOnce();
      Promise.all(waits).then(startOnce);
      setTimeout(startOnce, d.paintWaitMs);
    };
    if (document.visibilityState === 'hidden') startOnce();
    else requestAnimationFrame(() => setTimeout(afterPaint, 0));
  }
}
