/**
 * What index.html's inline script (scripts/shell/script.ts) and the member app agree on about the
 * requests the script makes before the app's code arrives (docs/architecture.md, "A member's first
 * load"): the script is built from the app's route table at build time and runs before it, so the
 * shape they share lives here, where both take it from.
 */

/** Where the inline script leaves its requests, by the app's `earlyRequestKey`. */
export const EARLY_REQUESTS_KEY = '__minecloudEarlyRequests';

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
