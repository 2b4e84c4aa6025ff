import { type AnyEndpoint, type CallInput, fillPath, isFileReply, type NoInput, type ReplyOf } from '@academy/contracts/endpoint';
import { queryOptions, type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadFile, http } from './http.ts';

/**
 * The typed way to the REST API: every call names an endpoint declared in `@academy/contracts`,
 * so its path, input and reply types come from the same schemas the server validates with.
 *
 *   const lectures = await call(lecturesApi.list, { query: { includeDisabled: 'true' } });
 *
 * Per feature, each call has one file under `features/<area>/api/` that exports its query options
 * and hook (`lectureListQuery`, `useLectureList`) or its mutation hook (`useCreateLecture`).
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

/**
 * Query keys: `[tag, method path, params, query]`. Everything an area reads starts with its tag,
 * so invalidating `['lectures']` refreshes every lecture query after a write.
 */
export function keyOf<E extends AnyEndpoint>(e: E, input?: CallInput<E>) {
  const i = (input ?? {}) as { params?: unknown; query?: unknown };
  return [e.tag, `${e.method} ${e.path}`, i.params ?? null, i.query ?? null] as const;
}

/** Query options of a read endpoint: key, fetch (cancellable), and any extra options. */
export function apiQuery<E extends AnyEndpoint>(e: E, ...[input]: NoInput<E> extends true ? [input?: CallInput<E>] : [input: CallInput<E>]) {
  return queryOptions({
    queryKey: keyOf(e, input),
    queryFn: ({ signal }) => (call as (e: E, input: CallInput<E> | undefined, opts: CallOptions) => Promise<ReplyOf<E>>)(e, input, { signal }),
  });
}

/**
 * A mutation of a write endpoint. On success it refreshes every query under the endpoint's tag
 * (and the extra tags named in `invalidates`). On failure the app-wide handler shows the error as
 * a toast, unless `errorToast: false` (a form shows it on its fields instead). `overlay: false`
 * keeps the full-screen overlay away for writes whose button shows its own progress.
 */
export function useApiMutation<E extends AnyEndpoint, C = unknown>(
  e: E,
  opts: { invalidates?: readonly string[]; errorToast?: false; overlay?: false } & Omit<UseMutationOptions<ReplyOf<E>, Error, CallInput<E>, C>, 'mutationFn' | 'meta'> = {},
) {
  const client = useQueryClient();
  const { invalidates = [], errorToast, overlay, onSuccess, ...rest } = opts;
  return useMutation<ReplyOf<E>, Error, CallInput<E>, C>({
    ...rest,
    mutationFn: (input) => (call as (e: E, input: CallInput<E>, o: CallOptions) => Promise<ReplyOf<E>>)(e, input, { overlay }),
    meta: errorToast === false ? { errorToast: false } : undefined,
    onSuccess: async (...args) => {
      await Promise.all([e.tag, ...invalidates].map((tag) => client.invalidateQueries({ queryKey: [tag] })));
      await onSuccess?.(...args);
    },
  });
}
