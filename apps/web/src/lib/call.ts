import { type AnyEndpoint, type CallInput, fillPath, isFileReply, type NoInput, type ReplyOf } from '@academy/contracts/endpoint';
import { downloadFile, http } from './http.ts';

/**
 * The typed way to the REST API: every call names an endpoint declared in `@academy/contracts`,
 * so its path, input and reply types come from the same schemas the server validates with.
 *
 *   const lectures = await call(lecturesApi.list, { query: { includeDisabled: 'true' } });
 *
 * Free of TanStack Query, so the entry (the session's refresh, error reports) can use it and the
 * landing page loads no query library; the query options and mutation hooks are in `api.ts`.
 */
type Args<E extends AnyEndpoint> = NoInput<E> extends true ? [input?: CallInput<E>, opts?: CallOptions] : [input: CallInput<E>, opts?: CallOptions];
/** `retryOn401: false` for calls where a 401 is an answer (sign-in) or must not end the session (error reports). */
export type CallOptions = { signal?: AbortSignal; overlay?: boolean; retryOn401?: boolean };

export function call<E extends AnyEndpoint>(e: E, ...[input, opts]: Args<E>): Promise<ReplyOf<E>> {
  const i = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  if (isFileReply(e.reply)) throw new Error(`${e.method} ${e.path}: 파일 응답은 download()로 받습니다`);
  return http<ReplyOf<E>>(fillPath(e.path, i.params), { method: e.method, query: queryString(i.query), body: i.body, signal: opts?.signal, overlay: opts?.overlay, retryOn401: opts?.retryOn401 });
}

/** Downloads a file endpoint (Excel exports …), named as the server names it. */
export function download<E extends AnyEndpoint>(e: E, input: CallInput<E>, fallbackName: string): Promise<void> {
  const i = input as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  const qs = new URLSearchParams(queryString(i.query) as Record<string, string>).toString();
  return downloadFile(`${fillPath(e.path, i.params)}${qs ? `?${qs}` : ''}`, fallbackName);
}

/** Lists travel comma-separated (`grade=고1,고2`), as the contracts' list parameters read them. */
function queryString(query: Record<string, unknown> | undefined): Record<string, string | number | boolean | undefined> | undefined {
  if (!query) return undefined;
  const out: Record<string, string | number | boolean | undefined> = {};
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) {
      if (v.length) out[k] = v.join(',');
    } else out[k] = v as string | number | boolean;
  }
  return out;
}
