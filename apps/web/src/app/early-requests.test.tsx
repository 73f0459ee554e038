import { shortenAddress } from '@minecloud/contract/address';
import { groupByThrees, truncateDecimals } from '@minecloud/contract/amount';
import { API } from '@minecloud/contract/api-paths';
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_REQUEST_MAX_AGE_MS, EARLY_REQUESTS_KEY, type EarlyEntry, earlyRequestKey } from '@/lib/early-response';
import { formatLocalTime } from '@/lib/format-time';
import { api, buildUrl } from '@/lib/request';
import { SESSION_STORAGE_KEY } from '@/lib/session';
import { signIn } from '@/test/fixtures/money';
import { mockServer, renderApp } from '@/test/render-app';
import { runShellScript } from '@/test/shell-script';
import type { ShellData } from '../../../../scripts/shell/data';
import { earlyRequests } from './early-requests';

const REQUESTS = earlyRequests();
const slots = window as unknown as Record<string, Record<string, EarlyEntry> | undefined>;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  delete slots[EARLY_REQUESTS_KEY];
  document.body.innerHTML = '';
});

/** The key of each request a fetch mock was called with. */
function askedKeys(fetchMock: { mock: { calls: unknown[][] } }): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const { method = 'GET', body } = (init ?? {}) as RequestInit;
    return earlyRequestKey(method, String(input), typeof body === 'string' ? body : undefined);
  });
}

describe("each route's early requests (app/early-requests.ts)", () => {
  it.each(Object.keys(REQUESTS))('are requests that %s makes itself on its first render', async (path) => {
    signIn();
    const fetchMock = mockServer({});
    renderApp(path);
    for (const request of REQUESTS[path] ?? []) {
      await vi.waitFor(() => expect(askedKeys(fetchMock)).toContain(request.key));
    }
  });
});

/** The inline script run on a page frame at `hash`, with a stored session. */
function runScript(hash: string, state: Record<string, string>) {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ state, version: 0 }));
  window.location.hash = hash;
  document.body.innerHTML =
    '<div id="root"><div class="app-shell"></div></div><template id="shell-page"><div class="app-shell"></div></template>';
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response('{}')));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('requestAnimationFrame', () => 0);
  const data = {
    framePaths: {},
    memberFramePaths: {},
    homePaths: ['/'],
    titles: {},
    sessionKey: SESSION_STORAGE_KEY,
    defaultLocale: 'zh-CN',
    configUrl: '/config',
    earlyConfigKey: '__config',
    requests: REQUESTS,
    earlyRequestsKey: EARLY_REQUESTS_KEY,
    fills: {},
    entry: '/entry.js',
    entryImports: [],
    paintWaitMs: 0,
    files: [],
    locales: {},
    pages: {},
  } satisfies ShellData;
  runShellScript(data, {
    localTime: formatLocalTime,
    truncate: truncateDecimals,
    group: groupByThrees,
    shorten: shortenAddress,
  });
  return fetchMock;
}

describe('the inline script (scripts/shell/script.ts)', () => {
  it("asks for a member page's data with the stored session and language, and leaves it for the app", () => {
    const fetchMock = runScript('#/pages/my_child/assetslist/assetslist', { token: 'jwt-9', language: 'en' });
    const balances = fetchMock.mock.calls.find(([url]) => url === buildUrl(API.balances));
    expect(balances?.[1]).toEqual({
      method: 'GET',
      headers: { platform: 'h5', 'Accept-Language': 'en', 'Content-Language': 'en', Authorization: 'Bearer jwt-9' },
      body: undefined,
    });
    expect(Object.keys(slots[EARLY_REQUESTS_KEY] ?? {})).toEqual(
      REQUESTS['/pages/my_child/assetslist/assetslist']?.map((r) => r.key),
    );
    expect(slots[EARLY_REQUESTS_KEY]?.[`GET ${buildUrl(API.balances)}`]?.headers).toEqual(balances?.[1]?.headers);
  });

  it("asks for nothing of a member page without a session, and sends a list's JSON body", () => {
    expect(runScript('#/pages/my_child/assetslist/assetslist', {}).mock.calls.map(([url]) => url)).toEqual(['/config']);
    const mining = runScript('#/pages/tabbar/second/second', {});
    const products = mining.mock.calls.find(([url]) => url === buildUrl(API.minerProducts));
    expect(products?.[1]).toMatchObject({
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"pageNo":1,"pageSize":10}',
    });
  });
});

describe('the request wrapper and an early answer (lib/early-response.ts)', () => {
  const url = buildUrl(API.balances);
  /** What the wrapper sends for the signed-in member of fixtures/money in Chinese. */
  const HEADERS = {
    platform: 'h5',
    'Accept-Language': 'zh-CN',
    'Content-Language': 'zh-CN',
    Authorization: 'Bearer jwt-1',
  };
  const leave = (entry: Partial<EarlyEntry>) => {
    const answer = new Response(JSON.stringify({ code: 0, msg: '', data: { early: true } }));
    slots[EARLY_REQUESTS_KEY] = {
      [`GET ${url}`]: {
        response: Promise.resolve(answer),
        headers: HEADERS,
        at: performance.now(),
        ...entry,
      },
    };
  };
  const ownAnswer = () => mockServer({ [`GET ${url}`]: () => ({ body: { code: 0, msg: '', data: { own: true } } }) });

  it('takes it once instead of asking, then asks again', async () => {
    signIn();
    leave({});
    const fetchMock = ownAnswer();
    await expect(api({ url: API.balances })).resolves.toEqual({ early: true });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(api({ url: API.balances })).resolves.toEqual({ own: true });
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it.each([
    ['another session', { headers: { ...HEADERS, Authorization: 'Bearer jwt-0' } }],
    ['another language', { headers: { ...HEADERS, 'Accept-Language': 'en', 'Content-Language': 'en' } }],
    ['no session', { headers: { platform: 'h5', 'Accept-Language': 'zh-CN', 'Content-Language': 'zh-CN' } }],
    ['asked too long ago', { at: performance.now() - EARLY_REQUEST_MAX_AGE_MS - 1 }],
    ['failed', { response: Promise.resolve(null) }],
  ])('asks itself when the early one was made with %s', async (_case, entry) => {
    signIn();
    leave(entry);
    const fetchMock = ownAnswer();
    await expect(api({ url: API.balances })).resolves.toEqual({ own: true });
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('gives up on it when the caller aborts', async () => {
    signIn();
    leave({ response: new Promise<Response | null>(() => {}) });
    const fetchMock = ownAnswer();
    const controller = new AbortController();
    const asked = api({ url: API.balances, signal: controller.signal });
    controller.abort();
    await expect(asked).rejects.toMatchObject({ code: 600003 });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
