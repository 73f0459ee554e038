import { ApiError, isApiError, newIdempotencyKey, parseEnvelope, serializeQuery } from '@minecloud/contract/client';
import { ERROR_CODES } from '@minecloud/contract/errors';
import { currentLanguage, i18n } from '@/i18n';
import { clearToken, readToken } from './token';

const BASE = '/admin-api/';

// The console's refusals are the shared ApiError (packages/contract/src/client.ts): the envelope's
// code and localized message, and the HTTP status (null when the server was not reached).
export { ApiError, isApiError };

export type Query = Record<string, string | number | boolean | undefined>;

/**
 * A server-paged list, as a feature's api/ declares it: the path that answers `{ list, total }` for
 * `pageNo`/`pageSize` and a query, its query key, and its CSV export if it has one.
 * components/paged-table asks it.
 */
export type PagedList = { queryKey: readonly unknown[]; path: string; csvPath?: string };

/** What the session must react to, whichever screen made the call. */
export type SessionEvent = 'signedOut' | 'setupRequired';
const listeners = new Set<(event: SessionEvent) => void>();

export function onSessionEvent(listener: (event: SessionEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: SessionEvent): void {
  for (const listener of listeners) listener(event);
}

export function apiUrl(path: string, query?: Query): string {
  const url = new URL(BASE + path, window.location.origin);
  // An empty filter field is no filter.
  url.search = serializeQuery(Object.fromEntries(Object.entries(query ?? {}).filter(([, value]) => value !== '')));
  return url.toString();
}

function headers(extra: Record<string, string> = {}): Record<string, string> {
  const token = readToken();
  return {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...extra,
  };
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    throw new ApiError(0, i18n.t('common:networkFailed'));
  }
}

/** Turns a refused answer into an ApiError, and tells the session when it ended or needs setup. */
async function refusal(response: Response, hadToken: boolean): Promise<ApiError> {
  // Not an envelope (a proxy's error page): keep the status.
  const envelope = parseEnvelope(await response.text().catch(() => ''));
  const code = typeof envelope?.code === 'number' ? envelope.code : response.status;
  const msg = typeof envelope?.msg === 'string' ? envelope.msg : '';
  const error = new ApiError(code, msg || i18n.t('common:requestFailed'), response.status);
  // Other 401s (a wrong TOTP code, 1102) are answers to the form, not the end of the session.
  if (hadToken && response.status === 401 && code === ERROR_CODES.unauthorized) {
    clearToken();
    emit('signedOut');
  } else if (code === ERROR_CODES.setupRequired) {
    emit('setupRequired');
  }
  return error;
}

async function request<T>(
  method: string,
  path: string,
  query?: Query,
  body?: unknown,
  extra?: Record<string, string>,
): Promise<T> {
  const hadToken = readToken() !== null;
  const init: RequestInit = {
    method,
    headers: headers(body === undefined ? extra : { 'Content-Type': 'application/json', ...extra }),
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await send(apiUrl(path, query), init);
  if (!response.ok) throw await refusal(response, hadToken);
  const envelope = parseEnvelope(await response.text().catch(() => ''));
  if (!envelope) throw new ApiError(response.status, i18n.t('common:requestFailed'), response.status);
  if (envelope.code !== 0) {
    const code = typeof envelope.code === 'number' ? envelope.code : -1;
    if (code === ERROR_CODES.setupRequired) emit('setupRequired');
    throw new ApiError(code, typeof envelope.msg === 'string' ? envelope.msg : '', response.status);
  }
  return envelope.data as T;
}

/** The console's calls: `path` is relative to /admin-api/; each resolves to the envelope's data. */
export const api = {
  get<T>(path: string, query?: Query): Promise<T> {
    return request<T>('GET', path, query);
  },
  post<T>(path: string, body?: unknown, options?: { idempotencyKey?: string }): Promise<T> {
    const extra = options?.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : undefined;
    return request<T>('POST', path, undefined, body ?? {}, extra);
  },
  put<T>(path: string, body?: unknown): Promise<T> {
    return request<T>('PUT', path, undefined, body ?? {});
  },
  del<T>(path: string): Promise<T> {
    return request<T>('DELETE', path);
  },
};

function fileName(response: Response, path: string): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const match = /filename="?([^";]+)"?/i.exec(disposition);
  return match?.[1] ?? `${path.replace(/\.csv$/, '').replace(/[^\w-]+/g, '-')}.csv`;
}

/** Fetches a CSV export with the session's token and saves it as a file. */
export async function downloadCsv(path: string, query?: Query): Promise<void> {
  const hadToken = readToken() !== null;
  const response = await send(apiUrl(path, query), { headers: headers({ Accept: 'text/csv' }) });
  if (!response.ok) throw await refusal(response, hadToken);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName(response, path);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** A fresh key for a money call; keep it for retries of the same form. */
export { newIdempotencyKey };
