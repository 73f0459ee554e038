import type { Envelope } from './envelope.ts';

// The request client's core that both front ends share: the member app's wrapper
// (apps/web/src/lib/request.ts) adds its toasts, timeouts and early answers, the console's
// (apps/admin/src/lib/api.ts) its session events and CSV downloads (docs/architecture.md).

/**
 * Every rejection of either app's request wrapper: `code` is the envelope's code (or the HTTP status,
 * or a code of the app's own for a failure that never reached an answer), `msg` the text to show, and
 * `status` the HTTP status, null when no answer came.
 */
export class ApiError extends Error {
  readonly code: number;
  readonly msg: string;
  readonly status: number | null;

  constructor(code: number, msg: string, status: number | null = null) {
    super(msg || `Request failed with code ${code}`);
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
    this.status = status;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

/** The query string of `params`, without its `?`: undefined and null are left out, an array repeats its key. */
export function serializeQuery(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) search.append(key, String(item));
    }
  }
  return search.toString();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An answer's body read as an envelope, or null when it is none (empty, not JSON, not an object: a
 * proxy's error page). Its fields are as sent: the caller checks `code` and `msg` before using them.
 */
export function parseEnvelope(text: string): Partial<Envelope<unknown>> | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? (parsed as Partial<Envelope<unknown>>) : null;
  } catch {
    return null;
  }
}

/** A fresh Idempotency-Key for a money call (32 hex characters); keep it for retries of the same action. */
export function newIdempotencyKey(): string {
  // getRandomValues, unlike randomUUID, also works on a page served over plain HTTP.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
