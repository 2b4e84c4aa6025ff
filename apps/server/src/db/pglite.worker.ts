import { parentPort, workerData } from 'node:worker_threads';
import { createPglite } from './pglite-open.ts';
import { executeMessage, prepareMessage, readPrepared, scanReply, serializeParam, simpleMessage, type Described, type PgErrorData } from './pglite-wire.ts';

/**
 * The embedded database in a thread of its own (db/pglite-remote.ts is the other end): PostgreSQL
 * compiled to WebAssembly runs synchronously, so on the thread that answers requests every query
 * stops every request (issue 17's profile: over half of that thread's time under a mixed load).
 * Here it runs beside it, on the other core.
 *
 * This thread does as little as it can besides running PostgreSQL, since it is the one that limits
 * the embedded mode (db/pglite-wire.ts): each statement is prepared once under a name and then only
 * bound and executed, and its reply goes back as PostgreSQL wrote it, moved (not copied) to the
 * app's thread, which reads the rows.
 *
 * Order: waiting work is served earliest request first. `query` and `exec` outside a transaction,
 * and `begin` carry the arrival time of the request they serve (`priority`), and the lowest is
 * served next (then in order of arrival); `listen`, `unlisten` and `close` carry none and come
 * last. PGlite alone would serve them first come, first served, so a request with four statements
 * queued four times behind all the requests that came after it (issue 17: the slowest of 32
 * concurrent mixed reads took 1.2–1.6 s). A `begin` opens the transaction with BEGIN and holds the
 * database until its `end` (COMMIT or ROLLBACK):
 * meanwhile only its own statements (`tx`) run, in the order they come, and everything else waits.
 *
 * Messages: `query`, `exec`, `begin`/`end` of a transaction, `forget` (a prepared statement whose
 * result type changed under it), `listen`, `unlisten` and `close`; each gets `{ id, result }` or
 * `{ id, error }` back, and a query's result is `{ fields, data }`: its columns and the reply bytes.
 * Notifications go out as `{ notify: channel, payload }`; at start, `{ ready, arrayTypes }`.
 */
type Request =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; tx?: number; priority?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number; priority?: number }
  | { id: number; op: 'begin'; priority?: number }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'forget'; sql: string }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  | { id: number; op: 'close' };

const port = parentPort!;
const { dataDir, loadDataDir } = workerData as { dataDir?: string; loadDataDir?: string };
const db = await createPglite(dataDir, loadDataDir);

/** A reply's error, carried to the app's thread as plain data. */
class WireError extends Error {
  constructor(readonly data: PgErrorData) {
    super(data.message);
  }
}

/** The error as plain data: message and PostgreSQL's fields (code, constraint, detail …). */
function errorData(e: unknown): Record<string, unknown> {
  if (e instanceof WireError) return e.data;
  if (!(e instanceof Error)) return { message: String(e) };
  const out: Record<string, unknown> = { message: e.message, name: e.name };
  for (const [k, v] of Object.entries(e)) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  return out;
}

/** Runs protocol messages and returns PostgreSQL's reply bytes, copied out of the WebAssembly memory. */
async function raw(message: Uint8Array): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await db.execProtocolRawStream(message, { syncToFs: false, onRawData: (bytes) => void chunks.push(bytes.slice()) });
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * Prepared statements by their text, least recently used first. Statements the app runs again and
 * again (reads and writes) are kept; others (SET, SAVEPOINT, DDL) use the unnamed statement.
 */
const MAX_STATEMENTS = 500;
const REUSABLE = /^\s*(select|insert|update|delete|with)\b/i;
const statements = new Map<string, Described & { name: string }>();
const closing: string[] = [];
let nextStatement = 1;

async function statementFor(sql: string): Promise<Described & { name: string }> {
  const kept = statements.get(sql);
  if (kept) {
    statements.delete(sql);
    statements.set(sql, kept);
    return kept;
  }
  const name = REUSABLE.test(sql) ? `s${nextStatement++}` : '';
  const described = readPrepared(await raw(prepareMessage(name, sql)));
  if ('error' in described) throw new WireError(described.error);
  const statement = { name, ...described };
  if (name) {
    statements.set(sql, statement);
    if (statements.size > MAX_STATEMENTS) {
      const [oldest, old] = statements.entries().next().value!;
      statements.delete(oldest);
      closing.push(old.name);
    }
  }
  return statement;
}

/** Notifications in a reply this thread reads itself (BEGIN, COMMIT) go to the app's thread. */
async function simple(text: string): Promise<void> {
  const { error, notifications } = scanReply(await raw(simpleMessage(text)));
  for (const n of notifications) port.postMessage({ notify: n.channel, payload: n.payload });
  if (error) throw new WireError(error);
}

let openTx: number | null = null;
let nextTx = 1;
const unlisteners = new Map<string, () => Promise<void>>();

function checkTx(tx: number | undefined): void {
  if (tx !== undefined && tx !== openTx) throw new Error(`transaction ${tx} is not open`);
}

async function handle(msg: Request): Promise<{ result: unknown; transfer?: ArrayBuffer[] }> {
  switch (msg.op) {
    case 'query': {
      checkTx(msg.tx);
      const statement = await statementFor(msg.sql);
      const values = (msg.params ?? []).map((v, i) => serializeParam(v, statement.paramTypes[i], db.serializers as Record<number, (x: unknown) => string>));
      const data = await raw(executeMessage(statement.name, values, closing.splice(0)));
      return { result: { fields: statement.fields, data }, transfer: [data.buffer as ArrayBuffer] };
    }
    case 'exec':
      checkTx(msg.tx);
      return { result: await db.exec(msg.sql) };
    case 'begin': {
      await simple('BEGIN');
      openTx = nextTx++;
      return { result: openTx };
    }
    case 'end': {
      checkTx(msg.tx);
      try {
        await simple(msg.commit ? 'COMMIT' : 'ROLLBACK');
      } finally {
        openTx = null;
      }
      await db.syncToFs();
      return { result: null };
    }
    case 'forget': {
      const kept = statements.get(msg.sql);
      if (kept) {
        statements.delete(msg.sql);
        closing.push(kept.name);
      }
      return { result: null };
    }
    case 'listen': {
      if (!unlisteners.has(msg.channel)) unlisteners.set(msg.channel, await db.listen(msg.channel, (payload) => port.postMessage({ notify: msg.channel, payload })));
      return { result: null };
    }
    case 'unlisten': {
      await unlisteners.get(msg.channel)?.();
      unlisteners.delete(msg.channel);
      return { result: null };
    }
    case 'close':
      await db.close();
      return { result: null };
  }
}

/** Work of the open transaction (and `forget`), served in the order it comes. */
const now: Request[] = [];
/** Everything else, served when no transaction is open: lowest priority first, then in arrival order. */
const waiting: { msg: Request; priority: number; seq: number }[] = [];
let seq = 0;
let busy = false;

function takeWaiting(): Request | undefined {
  if (openTx !== null || waiting.length === 0) return undefined;
  let best = 0;
  for (let i = 1; i < waiting.length; i++) {
    const w = waiting[i]!;
    const b = waiting[best]!;
    if (w.priority < b.priority || (w.priority === b.priority && w.seq < b.seq)) best = i;
  }
  return waiting.splice(best, 1)[0]!.msg;
}

function pump(): void {
  if (busy) return;
  const next = now.shift() ?? takeWaiting();
  if (!next) return;
  busy = true;
  void handle(next)
    .then(
      ({ result, transfer }) => port.postMessage({ id: next.id, result }, transfer ?? []),
      (e: unknown) => port.postMessage({ id: next.id, error: errorData(e) }),
    )
    .finally(() => {
      busy = false;
      pump();
    });
}

port.on('message', (msg: Request) => {
  const ofTransaction = msg.op === 'end' || msg.op === 'forget' || ((msg.op === 'query' || msg.op === 'exec') && msg.tx !== undefined);
  if (ofTransaction) now.push(msg);
  else {
    const priority = 'priority' in msg && typeof msg.priority === 'number' ? msg.priority : Number.POSITIVE_INFINITY;
    waiting.push({ msg, priority, seq: seq++ });
  }
  pump();
});

/** PostgreSQL's array types and their elements, as PGlite reads them, so the app's thread parses arrays as PGlite would. */
const arrayTypes = (
  await db.query<{ oid: number; typarray: number }>(
    `select b.oid, b.typarray from pg_catalog.pg_type a left join pg_catalog.pg_type b on b.oid = a.typelem where a.typcategory = 'A' group by b.oid, b.typarray order by b.oid`,
  )
).rows.map((r) => [r.typarray, r.oid]);
port.postMessage({ ready: true, arrayTypes });
