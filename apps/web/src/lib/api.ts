import type { AnyEndpoint, CallInput, NoInput, ReplyOf } from '@academy/contracts/endpoint';
import { queryOptions, type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type CallOptions } from './call.ts';

/*
 * Query options and mutation hooks over `call` (call.ts). Per feature, each call has one file under
 * `features/<area>/api/` that exports its query options and hook (`lectureListQuery`,
 * `useLectureList`) or its mutation hook (`useCreateLecture`).
 */

/**
 * Query keys: `[tag, method path, params, query, body]`: everything the request carries, so a
 * read that posts a body (the SMS preview) asks again whenever that body changes. Everything an
 * area reads starts with its tag, so invalidating `['lectures']` refreshes every lecture query
 * after a write.
 */
export function keyOf<E extends AnyEndpoint>(e: E, input?: CallInput<E>) {
  const i = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
  return [e.tag, `${e.method} ${e.path}`, i.params ?? null, i.query ?? null, i.body ?? null] as const;
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
