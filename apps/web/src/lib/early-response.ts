/**
 * Answers that index.html's inline script (scripts/shell/script.ts) asked for before the app's code
 * arrived: each route's first requests (app/early-requests.ts), so that a page's data, which its
 * largest paint waits for, comes in the first round trip. The request wrapper takes an answer once,
 * and only for the very request it would make itself.
 */

/** Where the inline script leaves its requests, by earlyRequestKey. */
export const EARLY_REQUESTS_KEY = '__minecloudEarlyRequests';
/** An early answer asked for longer ago than this is not used: the app asks again. */
export const EARLY_REQUEST_MAX_AGE_MS = 10_000;

/**
 * One request the inline script makes for a route (`member`: only with a session; `banners`: the
 * field of its answer's data that lists banners, the first of which is the page's largest paint: the
 * script shows it in the page's frame).
 */
export type EarlyRequest = {
  key: string;
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  member: boolean;
  banners?: string;
};

/** What the inline script leaves per request: the answer (null when nothing came back) and how it asked. */
export type EarlyEntry = {
  response: Promise<Response | null>;
  /** The headers it was sent with (the session's token and the language among them). */
  headers: Record<string, string>;
  /** performance.now() when it was asked for. */
  at: number;
};

/** The same headers, names in any case. */
function sameHeaders(sent: Record<string, string>, asked: HeadersInit | undefined): boolean {
  const mine = new Headers(asked);
  const theirs = new Headers(sent);
  const names = new Set([...mine.keys(), ...theirs.keys()]);
  return [...names].every((name) => mine.get(name) === theirs.get(name));
}

export function earlyRequestKey(method: string, url: string, body?: string): string {
  return body === undefined ? `${method} ${url}` : `${method} ${url} ${body}`;
}

/**
 * The inline script's answer to this request, taken once: null when it made none, when it sent other
 * headers (another session or language), or asked too long ago. The answer is null when its request
 * failed.
 */
export function takeEarlyResponse(url: string, init: RequestInit): Promise<Response | null> | null {
  const entries = (window as unknown as Record<string, Record<string, EarlyEntry> | undefined>)[EARLY_REQUESTS_KEY];
  if (!entries) return null;
  if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') return null;
  const key = earlyRequestKey(init.method ?? 'GET', url, init.body ?? undefined);
  const entry = entries[key];
  if (!entry) return null;
  delete entries[key];
  if (!sameHeaders(entry.headers, init.headers)) return null;
  if (performance.now() - entry.at > EARLY_REQUEST_MAX_AGE_MS) return null;
  return entry.response;
}
