import type { ErrorSpec } from '@academy/contracts/errors';
import { trackRequest } from './loading.ts';
import { flagDisconnected } from './network.ts';

/** Every failed call surfaces as this: the server's stable code and Korean message, or a network error (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(args: { status: number; code: string; message: string; details?: unknown }) {
    super(args.message);
    this.name = 'ApiError';
    this.status = args.status;
    this.code = args.code;
    this.details = args.details;
  }
}

export const NETWORK_ERROR_MESSAGE = '인터넷 연결이 불안정합니다. 잠시 후 다시 시도해 주세요';

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Show the global overlay while pending. Defaults to true for writes, false for reads. */
  overlay?: boolean;
  /** Refresh-and-retry on 401. Off for calls where 401 is an answer (login) rather than an expired token. */
  retryOn401?: boolean;
};

/**
 * The session side of the client, plugged in by session.ts so this module stays free of the store
 * (and testable with a fake fetch).
 */
export type AuthHooks = {
  getToken: () => string | null;
  refresh: () => Promise<boolean>;
  onExpired: () => void;
};

const API_BASE = '/api';
const NO_REFRESH_PATHS = new Set(['/auth/refresh', '/auth/login', '/auth/logout']);

let hooks: AuthHooks = { getToken: () => null, refresh: async () => false, onExpired: () => {} };
let fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args);

export function configureHttp(args: { auth?: AuthHooks; fetch?: typeof fetch }): void {
  if (args.auth) hooks = args.auth;
  if (args.fetch) fetchImpl = args.fetch;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  let url = `${API_BASE}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.append(k, String(v));
    const qs = params.toString();
    if (qs) url += `${url.includes('?') ? '&' : '?'}${qs}`;
  }
  return url;
}

/**
 * The one way a request leaves the browser, for REST and GraphQL alike: the bearer token (empty
 * when signed out, SPEC §7), cookies, and on a 401 one refresh-and-retry (SPEC §8) — a failed
 * refresh ends the session. A network failure raises the disconnect toast and rejects with the
 * browser's own error (GraphQL shows it as "[Network] …"; the REST client turns it into an ApiError).
 */
export async function sessionFetch(url: string, init: RequestInit & { retryOn401?: boolean } = {}): Promise<Response> {
  const { retryOn401 = true, ...rest } = init;
  const send = async () => {
    const headers = new Headers(rest.headers);
    headers.set('Authorization', `Bearer ${hooks.getToken() ?? ''}`);
    try {
      return await fetchImpl(url, { ...rest, headers, credentials: 'include' });
    } catch (err) {
      if (!(err instanceof DOMException && err.name === 'AbortError')) flagDisconnected();
      throw err;
    }
  };
  const res = await send();
  if (res.status !== 401 || !retryOn401) return res;
  if (await hooks.refresh()) return send();
  hooks.onExpired();
  return res;
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) {
    body = opts.body;
  } else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  try {
    return await sessionFetch(buildUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body,
      signal: opts.signal,
      retryOn401: opts.retryOn401 !== false && !NO_REFRESH_PATHS.has(path),
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError({ status: 0, code: 'network.error', message: NETWORK_ERROR_MESSAGE, details: err });
  }
}

async function toApiError(res: Response): Promise<ApiError> {
  let payload: { code?: unknown; message?: unknown } | null;
  try {
    payload = (await res.json()) as { code?: unknown; message?: unknown };
  } catch {
    payload = null;
  }
  const code = typeof payload?.code === 'string' ? payload.code : `http.${res.status}`;
  const message = typeof payload?.message === 'string' ? payload.message : `요청을 처리하지 못했습니다 (${res.status})`;
  return new ApiError({ status: res.status, code, message, details: payload });
}

async function parse<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('json') ? JSON.parse(text) : text) as T;
}

/** Calls the REST API under /api. Resolves with the parsed body; rejects with ApiError. */
export async function http<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? 'GET';
  const overlay = opts.overlay ?? method !== 'GET';
  const done = overlay ? trackRequest(`${method} ${path}`) : () => {};
  try {
    const res = await send(path, opts);
    if (!res.ok) throw await toApiError(res);
    return await parse<T>(res);
  } finally {
    done();
  }
}

export const api = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) => http<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) => http<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) => http<T>(path, { ...opts, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) => http<T>(path, { ...opts, method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) => http<T>(path, { ...opts, method: 'DELETE', body }),
};

/** True when `err` is the API's answer with this declared code (`isApiError(e, LECTURE_ERRORS.disabled)`). */
export function isApiError(err: unknown, spec: ErrorSpec): err is ApiError {
  return err instanceof ApiError && err.code === spec.code;
}

/** The wrong fields of a 4xx answer (validation, or a rule that names its field), for forms to show in place. */
export function fieldIssues(err: unknown): { path: string; message: string }[] {
  if (!(err instanceof ApiError)) return [];
  const issues = (err.details as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues
    .filter((i): i is { part: string; path: string; message: string } => typeof i === 'object' && i !== null && typeof (i as { path?: unknown }).path === 'string')
    .filter((i) => i.part === 'body' && i.path !== '')
    .map((i) => ({ path: i.path, message: i.message }));
}

/** A Korean message for anything thrown by a call or a form. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return '알 수 없는 오류가 발생했습니다';
}

/**
 * Downloads a file from the API (Excel exports …) with the same token and one refresh-retry as
 * every call, then hands it to the browser as a download named by the server (or `fallbackName`).
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const done = trackRequest(`GET ${path}`);
  try {
    const res = await send(path, {});
    if (!res.ok) throw await toApiError(res);
    const disposition = res.headers.get('content-disposition') ?? '';
    const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
    const name = encoded ? decodeURIComponent(encoded) : fallbackName;
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } finally {
    done();
  }
}
