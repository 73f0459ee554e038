/**
 * Answers that index.html's inline script (scripts/shell/script.ts) asked for before the app's code
 * arrived: each route's first requests (app/early-requests.ts), so that a page's data, which its
 * largest paint waits for, comes in the first round trip. The request wrapper takes an answer once,
 * and only for the very request it would make itself.
 */

import { EARLY_REQUESTS_KEY, type EarlyEntry } from '@minecloud/contract/early-requests';

export type { EarlyEntry, EarlyRequest } from '@minecloud/contract/early-requests';
export { EARLY_REQUESTS_KEY };

/** An early answer asked for longer ago than this is not used: the app asks again. */
export const EARLY_REQUEST_MAX_AGE_MS = 10_000;

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
