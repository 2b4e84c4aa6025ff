import { parentPort, workerData } from 'node:worker_threads';
import type { Transaction } from '@electric-sql/pglite';
import { createPglite } from './pglite-open.ts';

/**
 * The embedded database in a thread of its own (db/pglite-remote.ts is the other end): PostgreSQL
 * compiled to WebAssembly runs synchronously, so on the thread that answers requests every query
 * stops every request (issue 17's profile: over half of that thread's time under a mixed load).
 * Here it runs beside it, on the other core.
 *
 * Waiting statements are served earliest request first: `query` and `exec` outside a transaction,
 * and `begin`, carry the arrival time of the request they serve (`priority`), and one of them at a
 * time is handed to PGlite, the lowest priority first (then in order of arrival). PGlite alone would
 * serve them first come, first served, so a request with four statements queued four times behind
 * all the requests that came after it (issue 17: the slowest of 32 concurrent mixed reads took
 * 1.2–1.6 s). Statements inside an open transaction, and its end, go to PGlite at once: the
 * transaction holds the database until it ends.
 *
 * Messages: `query`, `exec`, `begin`/`end` of a transaction (its statements carry `tx`), `listen`,
 * `unlisten` and `close`; each gets `{ id, result }` or `{ id, error }` back. Notifications go out
 * as `{ notify: channel, payload }`.
 */
type Request =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; rawTypes?: number[]; tx?: number; priority?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number; priority?: number }
  | { id: number; op: 'begin'; priority?: number }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  | { id: number; op: 'close' };

const port = parentPort!;
const { dataDir } = workerData as { dataDir?: string };
const db = await createPglite(dataDir);

/** Open transactions: each waits in PGlite's own transaction() until the caller ends it. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; settled: Promise<unknown> }>();
const ROLLBACK = new Error('rollback');
let nextTx = 1;
const unlisteners = new Map<string, () => Promise<void>>();
const identity = (v: string) => v;

/** The error as plain data: message and PostgreSQL's fields (code, constraint, detail …). */
function errorData(e: unknown): Record<string, unknown> {
  if (!(e instanceof Error)) return { message: String(e) };
  const out: Record<string, unknown> = { message: e.message, name: e.name };
  for (const [k, v] of Object.entries(e)) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  return out;
}

function target(tx: number | undefined): Pick<Transaction, 'query' | 'exec'> {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  return open.tx;
}

async function handle(msg: Request): Promise<unknown> {
  switch (msg.op) {
    case 'query': {
      const parsers = Object.fromEntries((msg.rawTypes ?? []).map((oid) => [oid, identity]));
      return target(msg.tx).query(msg.sql, msg.params, { rowMode: msg.rowMode, parsers });
    }
    case 'exec':
      return target(msg.tx).exec(msg.sql);
    case 'begin': {
      const id = nextTx++;
      let opened!: (tx: Transaction, end: (commit: boolean) => void) => void;
      const open = new Promise<{ tx: Transaction; end: (commit: boolean) => void }>((resolve) => (opened = (tx, end) => resolve({ tx, end })));
      const settled = db.transaction((tx) => new Promise<void>((commit, rollback) => opened(tx, (c) => (c ? commit() : rollback(ROLLBACK)))));
      // A transaction that cannot even begin fails its `begin`.
      const first = await Promise.race([open, settled.then(() => null)]);
      if (!first) throw new Error('transaction ended before it began');
      transactions.set(id, { ...first, settled });
      return id;
    }
    case 'end': {
      const open = transactions.get(msg.tx);
      if (!open) throw new Error(`transaction ${msg.tx} is not open`);
      transactions.delete(msg.tx);
      open.end(msg.commit);
      try {
        await open.settled;
      } catch (e) {
        if (e !== ROLLBACK) throw e;
      }
      return null;
    }
    case 'listen': {
      if (!unlisteners.has(msg.channel)) unlisteners.set(msg.channel, await db.listen(msg.channel, (payload) => port.postMessage({ notify: msg.channel, payload })));
      return null;
    }
    case 'unlisten': {
      await unlisteners.get(msg.channel)?.();
      unlisteners.delete(msg.channel);
      return null;
    }
    case 'close':
      await db.close();
      return null;
  }
}

const reply = (msg: Request, work: Promise<unknown>): Promise<unknown> =>
  work.then(
    (result) => port.postMessage({ id: msg.id, result }),
    (e: unknown) => port.postMessage({ id: msg.id, error: errorData(e) }),
  );

/** Statements waiting for the database, served lowest priority first, then in arrival order. */
const waiting: { msg: Request; priority: number; seq: number }[] = [];
let seq = 0;
let serving = false;

function serveNext(): void {
  if (serving || waiting.length === 0) return;
  let best = 0;
  for (let i = 1; i < waiting.length; i++) {
    const w = waiting[i]!;
    const b = waiting[best]!;
    if (w.priority < b.priority || (w.priority === b.priority && w.seq < b.seq)) best = i;
  }
  const [next] = waiting.splice(best, 1);
  serving = true;
  // A `begin` is served once its transaction is open (or failed to open): its statements then
  // bypass the queue, and the next waiting statement waits inside PGlite until it ends.
  void reply(next!.msg, handle(next!.msg)).finally(() => {
    serving = false;
    serveNext();
  });
}

port.on('message', (msg: Request) => {
  const queued = (msg.op === 'query' || msg.op === 'exec' || msg.op === 'begin') && !('tx' in msg && msg.tx !== undefined);
  if (!queued) {
    void reply(msg, handle(msg));
    return;
  }
  waiting.push({ msg, priority: 'priority' in msg && typeof msg.priority === 'number' ? msg.priority : Number.POSITIVE_INFINITY, seq: seq++ });
  serveNext();
});
port.postMessage({ ready: true });
