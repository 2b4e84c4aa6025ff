import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createPglite } from './pglite-open.ts';
import { openRemotePglite } from './pglite-remote.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  /**
   * The one way to the database. It joins the caller's transaction: inside
   * `db.transaction(async () => …)` every query made through `db` — by this module or by another
   * module it calls — runs in that transaction, and a nested `db.transaction` is a savepoint.
   */
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Calls `listener` with the text of every statement until the returned function is called (tests count queries). */
  observe: (listener: (statement: string) => void) => () => void;
  /**
   * LISTEN on a channel: `onPayload` gets every NOTIFY payload (sent by any process on this
   * database, delivered when its transaction commits). Resolves to the function that stops it.
   * `onConnection` hears when payloads can be heard (true) and when they may be missed (false: the
   * listening connection was lost; it reconnects by itself), so a cache built on them can stand down.
   */
  listen: (channel: string, onPayload: (payload: string) => void, onConnection?: (up: boolean) => void) => Promise<() => Promise<void>>;
  /**
   * Runs SQL text written by a library that brings its own (the job system's pg-boss), joining the
   * caller's transaction like `db` does. Text without values may hold several statements. Modules
   * never use this: they write Drizzle.
   */
  sqlText: SqlText;
  /**
   * Runs `fn` while holding the instance-wide start-up lock (a PostgreSQL advisory lock; PGlite has
   * one process), so that instances started together seed and create the first admin once.
   * Migrations take the same lock.
   */
  exclusive: <T>(fn: () => Promise<T>) => Promise<T>;
  /** Connections of the pool (PostgreSQL), for metrics; null for PGlite's single connection. */
  poolStats: () => { total: number; idle: number; waiting: number } | null;
  close: () => Promise<void>;
};

export type SqlText = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** numeric/bigint come back as strings from pg by default; counts and ids are safe as numbers. */
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /**
   * An idle pooled connection that fails (PostgreSQL restarted, the database dropped) is only
   * reported here: the pool replaces it. Without a listener the pool's 'error' event would end the
   * process.
   */
  onConnectionError?: (err: Error) => void;
  /** Statements taking longer than `ms` are handed to `log` with their text and duration (PostgreSQL). */
  slowQuery?: { ms: number; log: (info: { statement: string; ms: number }) => void };
  /** PGlite in a worker thread of its own (db/pglite-remote.ts), beside the thread that answers requests (the server's default, PGLITE_WORKER). */
  pgliteWorker?: boolean;
  /** PGlite in memory, started from a data directory dumped to this file (tests' migrated template); migrations still run, finding nothing to do. */
  loadDataDir?: string;
}): Promise<Database> {
  const listeners = new Set<(statement: string) => void>();
  const logger = { logQuery: (statement: string) => listeners.forEach((l) => l(statement)) };
  const observe = (listener: (statement: string) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  if (opts.url) {
    const url = opts.url;
    // Pipeline mode: statements given to one connection together go out in one write and are
    // answered in order (readTogether below); one at a time, a connection works as before.
    const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 20, pipeline: true, ...(opts.slowQuery ? { Client: timedClient(opts.slowQuery) } : {}) });
    pool.on('error', (err) => opts.onConnectionError?.(err));
    const db = drizzlePg(pool, { schema, casing: 'snake_case', logger }) as unknown as Db;
    const exclusive = <T>(fn: () => Promise<T>) => underStartupLock(pool, fn);
    await exclusive(() => migratePg(drizzlePg(pool), { migrationsFolder: migrationsFolder() }));
    const listeners = new Set<pg.Client>();
    return {
      db: joinsTransactions(db),
      kind: 'postgres',
      observe,
      listen: (channel, onPayload, onConnection) => listenPg({ url, channel, onPayload, onConnection, clients: listeners }),
      exclusive,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      sqlText: async (text, values) => {
        const client = (currentClient() as pg.PoolClient | undefined) ?? pool;
        const res = (await client.query(text, values)) as pg.QueryResult | pg.QueryResult[];
        return { rows: Array.isArray(res) ? (res.at(-1)?.rows ?? []) : res.rows };
      },
      close: async () => {
        await Promise.all([...listeners].map((c) => c.end().catch(() => {})));
        await pool.end();
      },
    };
  }
  // No dataDir: an in-memory database (tests). Otherwise the files live under DATA_DIR/pglite.
  const folder = opts.dataDir ? path.join(opts.dataDir, 'pglite') : undefined;
  const client = opts.pgliteWorker
    ? ((await openRemotePglite({ dataDir: folder, loadDataDir: opts.loadDataDir })) as unknown as PGlite)
    : await createPglite(folder, opts.loadDataDir);
  const db = drizzlePglite(client, { schema, casing: 'snake_case', logger }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
  return {
    db: joinsTransactions(db),
    kind: 'pglite',
    observe,
    listen: async (channel, onPayload, onConnection) => {
      const stop = await client.listen(channel, onPayload);
      // One process, one connection: nothing is ever missed.
      onConnection?.(true);
      // A closed database has no listeners left to stop.
      return async () => (client.closed ? undefined : stop());
    },
    exclusive: (fn) => fn(),
    poolStats: () => null,
    sqlText: async (text, values) => {
      const target = (currentClient() as Pick<PGlite, 'query' | 'exec'> | undefined) ?? client;
      if (values?.length) return (await target.query<Record<string, unknown>>(text, values)) as { rows: Record<string, unknown>[] };
      const results = await target.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    close: () => client.close(),
  };
}

/**
 * A pg client that times each statement, for the slow-query log. pg-pool calls the callback form,
 * Drizzle and pg-boss inside transactions the promise form: both are timed, the promise form with
 * no more promises than pg's own (each promise is paid for again by the request context's async
 * hooks).
 */
function timedClient(slow: NonNullable<Parameters<typeof openDatabase>[0]['slowQuery']>): typeof pg.Client {
  const report = (text: string, started: number) => {
    const ms = performance.now() - started;
    if (ms >= slow.ms) slow.log({ statement: text.slice(0, 2000), ms: Math.round(ms) });
  };
  // The promise form's error carries the stack of the code that awaited it, as pg's own does.
  const withCallerStack = (err: Error) => {
    Error.captureStackTrace(err);
    throw err;
  };
  type Callback = (err: Error | null, res?: unknown) => void;
  return class TimedClient extends pg.Client {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's query has many overloads; this passes them through
    override query(config: any, values?: any, callback?: any): any {
      // Nothing to run, or a submittable (a cursor): pg's to refuse or run as it is.
      if (config == null || typeof config.submit === 'function') return super.query(config, values, callback);
      if (typeof values === 'function') [values, callback] = [undefined, values];
      const started = performance.now();
      const text: string = (typeof config === 'string' ? config : (config as { text?: string }).text) ?? '';
      const done = callback as Callback | undefined;
      if (done) return super.query(config, values, ((err, res) => (report(text, started), done(err, res))) as Callback);
      return new Promise((resolve, reject) => {
        super.query(config, values, ((err, res) => (report(text, started), err ? reject(err) : resolve(res))) as Callback);
      }).catch(withCallerStack);
    }
  } as typeof pg.Client;
}

/** Any fixed number: every instance of this product takes the same lock while it starts. */
const STARTUP_LOCK = 0x61636164; // 'acad'

/**
 * Instances started together (a deploy, a restart of all of them) would each run the pending
 * migrations, or seed an empty database, and trip over each other. The first takes a session-level
 * advisory lock on a connection of its own and does the work; the others wait on the lock, then
 * find nothing left to do.
 */
async function underStartupLock<T>(pool: pg.Pool, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * A LISTEN needs a connection of its own (a pooled one would be handed to queries). When that
 * connection drops, it is opened again after a second, so an instance never goes deaf for long.
 */
async function listenPg(opts: { url: string; channel: string; onPayload: (p: string) => void; onConnection?: (up: boolean) => void; clients: Set<pg.Client> }): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: opts.url });
    c.on('notification', (n) => {
      if (n.channel === opts.channel && n.payload !== undefined) opts.onPayload(n.payload);
    });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      opts.clients.delete(c);
      c.end().catch(() => {});
      if (stopped) return;
      opts.onConnection?.(false);
      reconnect();
    };
    c.on('error', onLost);
    c.on('end', onLost);
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(opts.channel)}`);
    } catch (e) {
      lost = true;
      c.end().catch(() => {});
      throw e;
    }
    client = c;
    opts.clients.add(c);
    opts.onConnection?.(true);
  };
  // Until the database answers again: one try a second.
  const reconnect = () => {
    setTimeout(() => {
      if (!stopped) connect().catch(reconnect);
    }, 1000).unref();
  };
  await connect();
  return async () => {
    stopped = true;
    if (client) {
      opts.clients.delete(client);
      await client.end().catch(() => {});
    }
  };
}

const currentTx = new AsyncLocalStorage<Tx>();

/** The driver's connection of the caller's transaction (a pg PoolClient, a PGlite transaction), if any. */
function currentClient(): unknown {
  return (currentTx.getStore() as unknown as { session?: { client?: unknown } } | undefined)?.session?.client;
}

/**
 * Wraps the database so that every query joins the transaction of its caller. Services always
 * write `db.select()…`; whether that runs in a transaction is decided by whoever called them.
 * Without this, a cross-module call inside a transaction that forgot to pass the handle would run
 * outside it (and on PGlite, whose single connection the transaction holds, wait forever).
 */
const HANDLE = Symbol('db handle');

/** What `db` stands for at this moment: the caller's transaction, or the database itself. */
export function handleOf(db: Db): DbOrTx {
  return ((db as unknown as Record<symbol, DbOrTx | undefined>)[HANDLE] ?? db);
}

function joinsTransactions(root: Db): Db {
  const transaction = (fn: (tx: Tx) => Promise<unknown>, config?: unknown) => {
    const target = currentTx.getStore() ?? root;
    return (target.transaction as (f: (tx: Tx) => Promise<unknown>, c?: unknown) => Promise<unknown>)((tx) => currentTx.run(tx, () => fn(tx)), config);
  };
  return new Proxy(root, {
    get(_, prop) {
      if (prop === 'transaction') return transaction;
      if (prop === HANDLE) return currentTx.getStore() ?? root;
      const target = currentTx.getStore() ?? root;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Rows of a text statement as Drizzle reads them on node-postgres: dates, times and intervals stay text. */
const TEXT_TIME_TYPES = new Set([pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.TIMESTAMP, pg.types.builtins.DATE, pg.types.builtins.INTERVAL, 1115, 1182, 1185, 1187, 1231]);
const keepText = (value: string) => value;
const rowTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (TEXT_TIME_TYPES.has(oid) ? keepText : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser,
};

/** A handle's driver is node-postgres (a pool, or a transaction's connection), not PGlite. */
export const isPgClient = (client: unknown): client is pg.Pool | pg.Client => client instanceof pg.Pool || client instanceof pg.Client;

type Session = { client?: unknown; logger?: { logQuery: (text: string, params: unknown[]) => void } };

/**
 * Several reads that one request needs at once (a grid page and its total), sent to PostgreSQL
 * together: on one connection (the caller's transaction's, or one from the pool), in one write,
 * answered in order. Sent apart, each takes a connection, a write and a wake-up of its own backend
 * (issue 17: a third of the server's time on a grid page went to those writes). Rows come as
 * `db.execute` gives them. Null on PGlite, whose single connection takes statements one by one:
 * the caller runs them as usual.
 */
export function readTogether(db: DbOrTx, statements: readonly { text: string; params: unknown[] }[]): Promise<Record<string, unknown>[][]> | null {
  const session = (handleOf(db as Db) as unknown as { session?: Session }).session;
  const client = session?.client;
  if (!isPgClient(client)) return null;
  for (const s of statements) session!.logger?.logQuery(s.text, s.params);
  return (async () => {
    const conn = client instanceof pg.Pool ? await client.connect() : client;
    let broken: Error | undefined;
    try {
      const stream = (conn as unknown as { connection?: { stream?: { cork?: () => void; uncork?: () => void } } }).connection?.stream;
      stream?.cork?.();
      let pending: Promise<pg.QueryResult>[];
      try {
        pending = statements.map((s) => conn.query({ text: s.text, values: s.params, types: rowTypes }));
      } finally {
        stream?.uncork?.();
      }
      // Every answer is in before the connection goes back: none is left running on it.
      const settled = await Promise.allSettled(pending);
      const failed = settled.find((r) => r.status === 'rejected');
      if (failed) {
        const err = failed.reason as Error;
        // A statement PostgreSQL refused leaves the connection sound; anything else (a lost
        // connection) retires it.
        if (!(err instanceof pg.DatabaseError)) broken = err;
        throw err;
      }
      return settled.map((r) => (r as PromiseFulfilledResult<pg.QueryResult>).value.rows as Record<string, unknown>[]);
    } finally {
      if (conn !== client) (conn as pg.PoolClient).release(broken);
    }
  })();
}

/** The committed drizzle-kit migrations, found from both src/ (tsx, tests) and dist/ (built). */
function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('drizzle migrations folder not found');
}
