import { API, API_BASE } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import { ApiError, parseEnvelope, type QueryParams, serializeQuery } from '@minecloud/contract/client';
import type { FEEDBACK_CALLS } from '@minecloud/contract/content';
import type { Envelope } from '@minecloud/contract/envelope';
import i18n from 'i18next';
import { takeEarlyResponse } from './early-response';
import { relaunch } from './relaunch';
import { useSession } from './session';
import { sessionEnding } from './session-end';
import { hideLoading, showLoading, showToast } from './toast';

/** Every request gives up after 10 s: a member waits no longer for an answer that may never come. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Uploads wait 60 s: an image on a slow phone link takes a while. */
export const UPLOAD_TIMEOUT_MS = 60_000;

/** The codes of failures that never reached an answer (docs/api.md, "The member app's side"). */
export const ERROR_CODE_TIMEOUT = 5;
export const ERROR_CODE_ABORT = 600003;
export const ERROR_CODE_NETWORK = 602001;

export const SUCCESS_CODE = 0;
export const UNAUTHORIZED_CODE = 401;

// The error type and query string are both apps' (packages/contract/src/client.ts); their names
// stay this module's too.
export {
  ApiError,
  isApiError,
  type QueryParams,
  type QueryValue,
  serializeQuery,
} from '@minecloud/contract/client';

export type RequestType = 'main' | 'market';

export type RequestOptions = {
  url: string;
  method?: 'GET' | 'POST';
  /** GET: added to the query. POST: sent as the JSON body. */
  data?: unknown;
  query?: QueryParams;
  type?: RequestType;
  showErrorToast?: boolean;
  loadingText?: string;
  timeout?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export type UploadOptions = {
  showErrorToast?: boolean;
  timeout?: number;
  signal?: AbortSignal;
  fileName?: string;
};

function isAbsolute(url: string): boolean {
  return /^([a-z][a-z\d+.-]*:)?\/\//i.test(url) || url.startsWith('/');
}

export function buildUrl(url: string, type: RequestType = 'main', query?: QueryParams): string {
  const base = type === 'main' ? API_BASE.main : API_BASE.market;
  const full = isAbsolute(url) ? url : `${base}${url}`;
  const search = serializeQuery(query);
  if (!search) return full;
  return `${full}${full.includes('?') ? '&' : '?'}${search}`;
}

export function commonHeaders(): Record<string, string> {
  const { token, localType } = useSession.getState();
  const language = localType || 'zh-CN';
  const headers: Record<string, string> = {
    platform: 'h5',
    'Accept-Language': language,
    'Content-Language': language,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type SendOptions = {
  url: string;
  init: RequestInit;
  timeout: number;
  signal?: AbortSignal;
  showErrorToast: boolean;
  /** How an error message reaches the member (a loading toast must be closed first). */
  toast: (content: string) => void;
  /** Shown for a non-2xx answer without a msg. */
  fallbackText: () => string;
  /** Shown when nothing came back. */
  networkText: () => string;
};

/**
 * A 401 ends the session: the stored config is cleared (and the user info for a body-code 401) and
 * the app relaunches home, saying so when there was a session to end.
 */
function handleUnauthorized(bodyCode: unknown, toast: (content: string) => void): void {
  const session = useSession.getState();
  const ended = session.token !== '';
  sessionEnding();
  session.clearConfig();
  if (bodyCode === UNAUTHORIZED_CODE) session.clearUserInfo();
  relaunch('/');
  if (ended) toast(i18n.t('sessionEnded'));
}

/** `promise`, or a rejection as soon as `signal` aborts (a timeout, the caller). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    promise.then(resolve, reject);
  });
}

async function send<T>(options: SendOptions): Promise<Envelope<T>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeout);
  const abortFromCaller = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', abortFromCaller);

  let response: Response;
  let text: string;
  try {
    // The page may have asked for this already (index.html's inline script, before the app's code).
    const early = takeEarlyResponse(options.url, options.init);
    response =
      (early && (await untilAborted(early, controller.signal))) ||
      (await fetch(options.url, { ...options.init, signal: controller.signal }));
    text = await response.text();
  } catch {
    if (timedOut) {
      if (options.showErrorToast) options.toast(options.networkText());
      throw new ApiError(ERROR_CODE_TIMEOUT, 'timeout');
    }
    if (controller.signal.aborted) throw new ApiError(ERROR_CODE_ABORT, 'abort');
    if (options.showErrorToast) options.toast(options.networkText());
    throw new ApiError(ERROR_CODE_NETWORK, options.networkText());
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }

  const body = parseEnvelope(text);
  const msg = typeof body?.msg === 'string' ? body.msg : '';
  if (response.status === UNAUTHORIZED_CODE || body?.code === UNAUTHORIZED_CODE) {
    handleUnauthorized(body?.code, options.toast);
    throw new ApiError(UNAUTHORIZED_CODE, msg, response.status);
  }
  if (!response.ok || !body || typeof body.code !== 'number') {
    const shown = msg || options.fallbackText();
    if (options.showErrorToast) options.toast(shown);
    const code = typeof body?.code === 'number' ? body.code : response.status;
    throw new ApiError(code, shown, response.status);
  }
  return body as Envelope<T>;
}

/**
 * The one request wrapper (docs/api.md, "The member app's side"). Resolves with the whole envelope when the HTTP
 * status is 2xx and the body code is not 401; use `api` to get `data` of a successful answer.
 */
export function request<T = unknown>(options: RequestOptions): Promise<Envelope<T>> {
  return call<T>(options, false);
}

/** Like `request`, but a body code other than 0 toasts its msg (unless opted out) and throws. */
export async function api<T>(options: RequestOptions): Promise<T> {
  return (await call<T>(options, true)).data;
}

/** What a call sends: its method, whole URL (a GET's data in the query) and JSON body, if any. */
export function requestTarget(options: Pick<RequestOptions, 'url' | 'method' | 'data' | 'query' | 'type'>): {
  method: 'GET' | 'POST';
  url: string;
  body?: string;
} {
  const method = options.method ?? 'GET';
  const query: QueryParams = { ...options.query };
  if (method === 'GET' && isRecord(options.data)) Object.assign(query, options.data);
  const url = buildUrl(options.url, options.type, query);
  // An empty POST carries no body at all: a JSON content type with an empty body is a 400.
  if (method === 'POST' && options.data !== undefined) return { method, url, body: JSON.stringify(options.data) };
  return { method, url };
}

async function call<T>(options: RequestOptions, requireSuccess: boolean): Promise<Envelope<T>> {
  const { method, url, body } = requestTarget(options);
  const headers: Record<string, string> = { ...commonHeaders(), ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  if (options.loadingText) showLoading(options.loadingText);
  // With a loading toast up, an error toast waits until the loading toast is replaced, or
  // closing the loading toast would wipe it before the member sees it.
  let pendingToast: string | undefined;
  const toast = options.loadingText ? (content: string) => (pendingToast = content) : showToast;
  try {
    const envelope = await send<T>({
      url,
      // Market answers are public and carry max-age for shared caches, but the app asks again when a
      // price changed (the live stream) or the stream came up: it revalidates (an ETag, 304 when
      // unchanged) instead of reading the browser's copy, which could be 15 s old.
      init: { method, headers, body, ...(options.type === 'market' ? { cache: 'no-cache' as const } : {}) },
      timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
      signal: options.signal,
      showErrorToast: options.showErrorToast ?? true,
      toast,
      fallbackText: () => i18n.t('requestError'),
      networkText: () => i18n.t('networkError'),
    });
    if (requireSuccess && envelope.code !== SUCCESS_CODE) {
      const msg = envelope.msg || i18n.t('requestError');
      if (options.showErrorToast ?? true) toast(msg);
      throw new ApiError(envelope.code, msg, 200);
    }
    return envelope;
  } finally {
    if (options.loadingText) hideLoading(pendingToast);
  }
}

/** Posts one file as multipart (field `file`) to the business-user upload path. */
export async function upload<T = CallAnswer<typeof FEEDBACK_CALLS.upload>>(
  file: Blob,
  options: UploadOptions = {},
): Promise<Envelope<T>> {
  const form = new FormData();
  if (options.fileName) form.append('file', file, options.fileName);
  else form.append('file', file);
  return send<T>({
    url: buildUrl(API.upload, 'main'),
    init: { method: 'POST', headers: commonHeaders(), body: form },
    timeout: options.timeout ?? UPLOAD_TIMEOUT_MS,
    signal: options.signal,
    showErrorToast: options.showErrorToast ?? true,
    toast: showToast,
    fallbackText: () => i18n.t('uploadFailed'),
    networkText: () => i18n.t('uploadFailed'),
  });
}
