import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import { requestContext } from '../lib/observability/request-context.ts';
import { workerScript } from '../lib/workers/pool.ts';
import { PGLITE_PARSERS } from './pglite-open.ts';
import { parsersFor, readRows, type Field, type Notification, type Parser } from './pglite-wire.ts';

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };

/** "cached plan must not change result type": a prepared statement's table changed its columns. */
const STALE_PLAN = '0A000';

/** What Drizzle's PGlite driver and the app use of a PGlite client: queries, statements, transactions. */
export type RemoteQueryable = {
  query: <T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
  exec: (sql: string) => Promise<Results[]>;
};

export type RemotePglite = RemoteQueryable & {
  transaction: <T>(fn: (tx: RemoteQueryable) => Promise<T>) => Promise<T>;
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  readonly closed: boolean;
  close: () => Promise<void>;
};

/**
 * PGlite in a worker thread (db/pglite.worker.ts), behind the part of PGlite's client interface
 * that Drizzle and the app use, so the thread that answers requests keeps working while the
 * database does. PGlite's own rules stay: one statement at a time, and while a transaction is open
 * other statements wait for it (the worker runs it inside PGlite's `transaction`).
 *
 * Statements outside a transaction, and the start of one, carry a priority: when the request they
 * serve arrived (or now, for work outside a request). The worker serves waiting statements in that
 * order, so a request's later statements do not queue again behind requests that came after it.
 *
 * A statement's reply comes back as PostgreSQL's bytes and is read here (db/pglite-wire.ts), with
 * PGlite's parsers for each type; the types Drizzle asks to keep as text (its `parsers` that return
 * their input) are left as text. A statement whose result type changed under it (a migration) is
 * prepared again and, outside a transaction, run once more.
 */
export async function openRemotePglite(opts: { dataDir?: string; loadDataDir?: string }): Promise<RemotePglite> {
  const script = workerScript(import.meta.url, 'pglite.worker');
  const worker = new Worker(script.url, { argv: script.argv, workerData: { dataDir: opts.dataDir, loadDataDir: opts.loadDataDir } });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let closed = false;
  let failure: Error | null = null;
  let parsers: Record<number, Parser> = {};
  const notify = (n: Notification) => {
    for (const l of listeners.get(n.channel) ?? []) l(n.payload);
  };

  const ready = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the database thread ended before it was ready (exit code ${code})`)));
    worker.on('message', (msg: { ready?: true; arrayTypes?: [number, number][]; id?: number; result?: unknown; error?: Record<string, unknown>; notify?: string; payload?: string }) => {
      if (msg.ready) {
        parsers = parsersFor(msg.arrayTypes ?? [], PGLITE_PARSERS);
        return resolve();
      }
      if (msg.notify !== undefined) return notify({ channel: msg.notify, payload: msg.payload ?? '' });
      const p = pending.get(msg.id!);
      if (!p) return;
      pending.delete(msg.id!);
      if (msg.error) p.reject(Object.assign(new Error(String(msg.error.message)), msg.error));
      else p.resolve(msg.result);
    });
  });
  // A thread that fails or ends fails every statement waiting on it, and every later one.
  const fail = (e: Error) => {
    failure ??= e;
    for (const p of pending.values()) p.reject(failure);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the database thread ended (exit code ${code})`)));
  await ready;

  const call = <T>(msg: Record<string, unknown>): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...msg, id });
    });
  };
  const priority = () => requestContext.current()?.startedAt ?? performance.now();
  const query = async <T>(tx: number | undefined, sql: string, params: unknown[] | undefined, options: QueryOptions | undefined, again = true): Promise<Results<T>> => {
    const { fields, data } = await call<{ fields: Field[]; data: Uint8Array }>({ op: 'query', sql, params, ...(tx === undefined ? { priority: priority() } : { tx }) });
    const identity = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    const out = readRows(data, fields, { rowMode: options?.rowMode, parsers, identity, notify });
    if (!('error' in out)) return out as unknown as Results<T>;
    if (out.error.code === STALE_PLAN) {
      await call({ op: 'forget', sql });
      if (again && tx === undefined) return query<T>(tx, sql, params, options, false);
    }
    throw Object.assign(new Error(out.error.message), out.error);
  };
  const queryable = (tx?: number): RemoteQueryable => ({
    query: (sql, params, options) => query(tx, sql, params, options),
    exec: (sql) => call({ op: 'exec', sql, ...(tx === undefined ? { priority: priority() } : { tx }) }),
  });

  return {
    ...queryable(),
    async transaction(fn) {
      const tx = await call<number>({ op: 'begin', priority: priority() });
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn(queryable(tx));
      } catch (e) {
        await call({ op: 'end', tx, commit: false });
        throw e;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async listen(channel, onPayload) {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(onPayload);
      if (set.size === 1) await call({ op: 'listen', channel });
      return async () => {
        set.delete(onPayload);
        if (set.size === 0 && !closed) await call({ op: 'unlisten', channel });
      };
    },
    get closed() {
      return closed;
    },
    async close() {
      if (closed) return;
      await call({ op: 'close' });
      closed = true;
      await worker.terminate();
    },
  };
}
