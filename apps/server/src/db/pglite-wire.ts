import { protocol, types } from '@electric-sql/pglite';

/**
 * The PostgreSQL wire protocol between the app and PGlite's worker thread (db/pglite.worker.ts,
 * db/pglite-remote.ts). PGlite's own `query` parses, describes and plans a statement's text on
 * every call, and turns every reply into JavaScript objects on the thread that runs the database,
 * then the rows are copied once more to cross to the app's thread. Under a busy afternoon's reads
 * that was about a third of the database thread's time (issue 17's profile: 27 % in PGlite's
 * reply parsing, 4 % in copying rows between threads). Here the worker keeps each statement
 * prepared under a name and hands back PostgreSQL's reply bytes as they are; the app's thread, which
 * had time to spare, reads them.
 *
 * Only the messages these exchanges can hold are read: the reply to a prepare (ParseComplete,
 * ParameterDescription, RowDescription or NoData), and to an execution (BindComplete, DataRow,
 * CommandComplete, notifications, notices, ReadyForQuery), or an ErrorResponse in either.
 */

export type Field = { name: string; dataTypeID: number };
/** A prepared statement as the worker keeps it: its parameters' types and its columns (none for a command). */
export type Described = { paramTypes: number[]; fields: Field[] };
export type Notification = { channel: string; payload: string };
/** An ErrorResponse's fields, named as node-postgres and PGlite name them. */
export type PgErrorData = { message: string } & Record<string, string | undefined>;
export type Parser = (value: string, typeId?: number) => unknown;

const serialize = protocol.serialize;

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Parse and describe a statement under `name` ('' is the unnamed statement). */
export function prepareMessage(name: string, text: string): Uint8Array {
  return concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]);
}

/** Run the prepared statement `name` with text values, after closing the statements in `close`. */
export function executeMessage(name: string, values: (string | null)[], close: string[] = []): Uint8Array {
  return concat([...close.map((c) => serialize.close({ type: 'S', name: c })), serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]);
}

/** A simple-protocol statement without values (BEGIN, COMMIT, ROLLBACK). */
export function simpleMessage(text: string): Uint8Array {
  return serialize.query(text);
}

const ERROR_FIELDS: Record<string, string> = {
  S: 'severity', V: 'severity', C: 'code', D: 'detail', H: 'hint', P: 'position', p: 'internalPosition', q: 'internalQuery', W: 'where',
  s: 'schema', t: 'table', c: 'column', d: 'dataType', n: 'constraint', F: 'file', L: 'line', R: 'routine',
};

/** A reader over one reply: the messages one after another, each as its type and where its body lies. */
class Reader {
  readonly view: DataView;
  readonly buf: Buffer;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  /** Calls `visit` with each message's type byte and its body's start and end. */
  each(visit: (code: number, start: number, end: number) => void): void {
    const { view, bytes } = this;
    for (let at = 0; at + 5 <= bytes.length; ) {
      const code = bytes[at]!;
      const end = at + 1 + view.getInt32(at + 1);
      visit(code, at + 5, end);
      at = end;
    }
  }
  cstring(at: number): [string, number] {
    const zero = this.bytes.indexOf(0, at);
    return [this.buf.toString('utf8', at, zero), zero + 1];
  }
  error(start: number, end: number): PgErrorData {
    const out: PgErrorData = { message: '' };
    for (let at = start; at < end && this.bytes[at] !== 0; ) {
      const key = String.fromCharCode(this.bytes[at]!);
      const [value, next] = this.cstring(at + 1);
      if (key === 'M') out.message = value;
      else if (ERROR_FIELDS[key] && (key !== 'S' || out.severity === undefined)) out[ERROR_FIELDS[key]] = value;
      at = next;
    }
    return out;
  }
  notification(start: number): Notification {
    const [channel, next] = this.cstring(start + 4);
    const [payload] = this.cstring(next);
    return { channel, payload };
  }
}

const M = { parameterDescription: 0x74, rowDescription: 0x54, dataRow: 0x44, commandComplete: 0x43, error: 0x45, notification: 0x41 } as const;

/** The reply to `prepareMessage`: what the statement takes and returns, or the error. */
export function readPrepared(bytes: Uint8Array): Described | { error: PgErrorData } {
  const r = new Reader(bytes);
  const out: Described = { paramTypes: [], fields: [] };
  let error: PgErrorData | undefined;
  r.each((code, start, end) => {
    if (code === M.error) error ??= r.error(start, end);
    else if (code === M.parameterDescription) {
      const n = r.view.getInt16(start);
      for (let i = 0; i < n; i++) out.paramTypes.push(r.view.getUint32(start + 2 + 4 * i));
    } else if (code === M.rowDescription) {
      const n = r.view.getInt16(start);
      let at = start + 2;
      for (let i = 0; i < n; i++) {
        const [name, next] = r.cstring(at);
        out.fields.push({ name, dataTypeID: r.view.getUint32(next + 6) });
        at = next + 18;
      }
    }
  });
  return error ? { error } : out;
}

/** The first error of a reply and the notifications in it, without reading its rows (the worker's look at a reply). */
export function scanReply(bytes: Uint8Array): { error?: PgErrorData; notifications: Notification[] } {
  const r = new Reader(bytes);
  let error: PgErrorData | undefined;
  const notifications: Notification[] = [];
  r.each((code, start, end) => {
    if (code === M.error) error ??= r.error(start, end);
    else if (code === M.notification) notifications.push(r.notification(start));
  });
  return { error, notifications };
}

/** PGlite's parsers by type id (its defaults, the array types of the database, BIGINT as a number): the app's thread's copy. */
export function parsersFor(arrayTypes: [typarray: number, elem: number][], own: Record<number, Parser>): Record<number, Parser> {
  const parsers: Record<number, Parser> = { ...(types.parsers as Record<number, Parser>), ...own };
  for (const [typarray, elem] of arrayTypes) parsers[typarray] = (x) => types.arrayParser(x, parsers[elem] as never, typarray);
  return parsers;
}

export type RowsResult = {
  rows: unknown[];
  fields: Field[];
  affectedRows: number;
  command?: string;
  rowCount?: number;
};

/**
 * The reply to `executeMessage` as PGlite's `query` would have returned it: rows as arrays or
 * objects, each value through the parser of its type (`identity` type ids are left as text). An
 * ErrorResponse comes back as `error`; notifications are handed to `notify`.
 */
export function readRows(
  bytes: Uint8Array,
  fields: Field[],
  opts: { rowMode?: 'array' | 'object'; parsers: Record<number, Parser>; identity?: number[]; notify?: (n: Notification) => void },
): RowsResult | { error: PgErrorData } {
  const r = new Reader(bytes);
  const n = fields.length;
  const parse: (Parser | null)[] = fields.map((f) => (opts.identity?.includes(f.dataTypeID) ? null : (opts.parsers[f.dataTypeID] ?? null)));
  const names = fields.map((f) => f.name);
  const asArray = opts.rowMode === 'array';
  const rows: unknown[] = [];
  let error: PgErrorData | undefined;
  let command: string | undefined;
  let rowCount: number | undefined;
  r.each((code, start, end) => {
    if (code === M.dataRow) {
      const count = r.view.getInt16(start);
      let at = start + 2;
      const values: unknown[] = new Array(count);
      for (let i = 0; i < count; i++) {
        const len = r.view.getInt32(at);
        at += 4;
        if (len < 0) values[i] = null;
        else {
          const text = r.buf.toString('utf8', at, at + len);
          const p = i < n ? parse[i] : null;
          values[i] = p ? p(text, fields[i]!.dataTypeID) : text;
          at += len;
        }
      }
      if (asArray) rows.push(values);
      else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < count; i++) row[names[i]!] = values[i];
        rows.push(row);
      }
    } else if (code === M.commandComplete) {
      const [tag] = r.cstring(start);
      const parts = tag.split(' ');
      command = parts[0];
      const last = Number.parseInt(parts.at(-1)!, 10);
      if (!Number.isNaN(last)) rowCount = last;
    } else if (code === M.error) error ??= r.error(start, end);
    else if (code === M.notification) opts.notify?.(r.notification(start));
  });
  if (error) return { error };
  const counted = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'COPY' || command === 'MERGE';
  return { rows, fields, affectedRows: counted ? (rowCount ?? 0) : 0, ...(command !== undefined ? { command } : {}), ...(rowCount !== undefined ? { rowCount } : {}) };
}

/** Text for a value of a parameter of type `oid`, as PGlite's `query` writes it. */
export function serializeParam(value: unknown, oid: number | undefined, serializers: Record<number, (x: unknown) => string>): string | null {
  if (value === null || value === undefined) return null;
  const s = oid === undefined ? undefined : serializers[oid];
  return s ? s(value) : String(value);
}
