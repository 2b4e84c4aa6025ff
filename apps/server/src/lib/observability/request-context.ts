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
  /**
   * When the request arrived (performance.now()). The embedded database serves the statements of
   * earlier requests first (db/pglite.worker.ts); work without it is served as of its statement.
   */
  startedAt?: number;
};

const storage = new AsyncLocalStorage<RequestContext>();

export const requestContext = {
  run: <T>(ctx: RequestContext, fn: () => T): T => storage.run(ctx, fn),
  current: (): RequestContext | undefined => storage.getStore(),
};

/**
 * The context of one HTTP request. Its abort signal is made only when some work asks for it (most
 * requests never do), so a request costs no AbortController and no listener: `watch` is called
 * then, once, with the function to call when the client has gone (at once, if it already has).
 */
export class HttpRequestContext implements RequestContext {
  #controller: AbortController | null = null;
  readonly startedAt = performance.now();

  constructor(
    readonly requestId: string,
    private readonly watch: (gone: () => void) => void,
  ) {}

  get signal(): AbortSignal {
    if (!this.#controller) {
      const controller = (this.#controller = new AbortController());
      this.watch(() => controller.abort());
    }
    return this.#controller.signal;
  }
}

/** A caller's `x-request-id` is kept when it is short and plain; otherwise a new one is made. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z0-9._:-]{1,64}$/.test(value) ? value : randomUUID();
}
