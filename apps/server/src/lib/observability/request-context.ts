import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The request a piece of work belongs to, carried through async calls: set for every HTTP request
 * (its `x-request-id`) and for every job (the id of the request that queued it), so that logs of a
 * request and of the background work it caused share one id.
 */
export type RequestContext = {
  requestId: string;
  /** Aborted when the client goes away before its answer is sent: heavy work for it stops (src/lib/workers). */
  signal?: AbortSignal;
};

const storage = new AsyncLocalStorage<RequestContext>();

export const requestContext = {
  run: <T>(ctx: RequestContext, fn: () => T): T => storage.run(ctx, fn),
  current: (): RequestContext | undefined => storage.getStore(),
};

/** A caller's `x-request-id` is kept when it is short and plain; otherwise a new one is made. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z0-9._:-]{1,64}$/.test(value) ? value : randomUUID();
}
