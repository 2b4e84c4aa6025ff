import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type AnyEndpoint, type CallInput, fillPath, isFileReply, isMultipart, type NoInput, type ReplyOf } from '@academy/contracts/endpoint';
import { buildApp, type BuiltApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import type { SmsTiming } from '../src/lib/sms/delivery.ts';
import { seedDemo } from '../src/db/seed/demo.ts';

/**
 * A whole server on a fresh database: in-memory PGlite by default, or a brand-new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (created here, dropped on close).
 */
export type TestApp = BuiltApp & {
  database: Database;
  /** Test clock: starts at real time; `advance` moves it forward. */
  clock: { now: Date; advance: (ms: number) => void };
  login: (loginId: string, password: string) => Promise<string>;
  /**
   * The typed call: a contracts endpoint with its params, query and body (typed by its schemas, as
   * the web sends them), as `token` when given. Resolves with the typed reply on a 2xx; on any other
   * status it rejects with an ApiCallError that says the status, code and message.
   *
   *   const tag = await t.api(tagsApi.create, { token: ta.token, body: { name: '신규', color: '#2e7d32' } });
   */
  api: <E extends AnyEndpoint>(e: E, ...[input]: ApiArgs<E>) => Promise<ReplyOf<E>>;
  /**
   * The same call when a test expects a refusal: resolves with the typed error (status, code,
   * message, issues); fails the test when the call succeeds.
   *
   *   expect(await t.apiError(tagsApi.create, { token, body: { name: '신규', color: 'red' } })).toMatchObject({ status: 400 });
   */
  apiError: <E extends AnyEndpoint>(e: E, ...[input]: ApiArgs<E>) => Promise<ApiError>;
  /**
   * One HTTP call through `inject()` by a hand-written URL, with a bearer token when given; JSON
   * replies are parsed. For what the contract forbids (a malformed body, an unknown route), files
   * and multipart; every other call goes through `api`.
   */
  call: <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token?: string | null, payload?: unknown) => Promise<CallResult<T>>;
  /**
   * A GraphQL request to /api/gql. `T` is the shape the query selects (the query's text decides
   * it, so the test names it); `errors` are GraphQL's, with the API's code in their extensions.
   *
   *   const { data } = await t.gql<{ tas: { totalCount: number } }>('{ tas { totalCount } }', { token });
   */
  gql: <T = Record<string, unknown>>(query: string, opts?: { token?: string | null; variables?: Record<string, unknown> }) => Promise<GqlResult<T>>;
  close: () => Promise<void>;
};

/**
 * The input of `t.api`: the endpoint's params, query and body (CallInput, as the web's `call` takes
 * them) plus the caller's token and, for what is counted per address (rates), the caller's address.
 */
export type ApiInput<E extends AnyEndpoint> = CallInput<E> & { token?: string | null; ip?: string };
type ApiArgs<E extends AnyEndpoint> = NoInput<E> extends true ? [input?: ApiInput<E>] : [input: ApiInput<E>];

/** The API's one error shape (plugins/errors.ts), with the HTTP status it came with. */
export type ApiError = {
  status: number;
  code: string;
  message: string;
  /** Validation: the part and the field each message is about. */
  issues?: { part: string; path: string; message: string }[];
  details?: unknown;
};

/**
 * How a typed call ended, for tests that send many at once and count the answers: `{ status: 200 }`
 * for a reply, or the refusal (status, code, message). Anything but a refusal is thrown on.
 *
 *   const answers = await Promise.all(crowd.map((s) => outcomeOf(t.api(portalClinicApi.reserve, …))));
 */
export function outcomeOf(call: Promise<unknown>): Promise<{ status: number } & Partial<ApiError>> {
  return call.then(
    () => ({ status: 200 }),
    (e: unknown) => {
      if (e instanceof ApiCallError) return e.error;
      throw e;
    },
  );
}

/** A typed call that did not answer 2xx: `error` is the reply. */
export class ApiCallError extends Error {
  constructor(
    readonly endpoint: string,
    readonly error: ApiError,
  ) {
    super(`${endpoint}: ${error.status} ${error.code} ${error.message}`);
  }
}

/**
 * What a hand-written call got: `json` is what the test says it expects (`t.call<ApiError>(…)` for
 * a refusal), unknown unless it says.
 */
export type CallResult<T = unknown> = { status: number; json: T; raw: Buffer; headers: Record<string, string | string[] | number | undefined> };

/** A GraphQL reply: the data the query selected, or errors (with the API's code in `extensions`). */
export type GqlResult<T> = { status: number; data: T | null; errors?: { message: string; extensions?: { code?: string; [k: string]: unknown } }[] };

export const testConfig = (over: Partial<Config> = {}): Config => ({
  env: 'test',
  port: 0,
  host: '127.0.0.1',
  dataDir: '/tmp/academy-test',
  databaseUrl: undefined,
  demoData: true,
  jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
  initialAdmin: undefined,
  publicUrl: 'http://academy.test',
  logLevel: 'silent',
  version: '1.83.19',
  // Tests upload many files from one account within a minute; the limits have their own test
  // (files.hardening.test.ts), which sets them.
  uploads: { quotaBytes: { student: 0, staff: 0 }, perMinute: 0 },
  ...over,
});

/**
 * `seed: true` loads the demo center (browser-test fixtures, a few legacy tests); new tests pass
 * `seed: false` and build what they need with the modules' testkits (makeStaff, makeStudents …).
 */
export async function createTestApp(opts: { seed?: boolean; config?: Partial<Config>; smsTiming?: SmsTiming; webDist?: string; logs?: string[] } = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  const clock = { now: new Date(), advance: (ms: number) => { clock.now = new Date(clock.now.getTime() + ms); } };
  // `logs`: the server logs at warn and above into this array (a test that checks what would page someone).
  const logging = opts.logs ? { logger: true, logStream: { write: (line: string) => void opts.logs!.push(line) } } : { logger: false };
  const config = testConfig({ ...(opts.logs ? { logLevel: 'warn' as const } : {}), ...opts.config });
  const built = await buildApp({ config, database, now: () => clock.now, ...logging, webDist: opts.webDist ?? null, smsTiming: opts.smsTiming });
  if (opts.seed !== false) await seedDemo(built);
  const send = async (method: Parameters<TestApp['call']>[0], url: string, token?: string | null, payload?: unknown, ip?: string): Promise<CallResult> => {
    const res = await built.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(ip ? { remoteAddress: ip } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const json = res.body && String(res.headers['content-type'] ?? '').includes('json') ? res.json() : null;
    return { status: res.statusCode, json, raw: res.rawPayload, headers: res.headers };
  };
  const call: TestApp['call'] = <T,>(method: Parameters<TestApp['call']>[0], url: string, token?: string | null, payload?: unknown) =>
    send(method, url, token, payload) as Promise<CallResult<T>>;
  const gql: TestApp['gql'] = async <T,>(query: string, opts: { token?: string | null; variables?: Record<string, unknown> } = {}) => {
    const res = await send('POST', '/api/gql', opts.token, { query, variables: opts.variables ?? {} });
    const body = (res.json ?? {}) as { data?: T | null; errors?: GqlResult<T>['errors'] };
    return { status: res.status, data: body.data ?? null, ...(body.errors ? { errors: body.errors } : {}) };
  };
  const typedCall = (e: AnyEndpoint, input: { params?: unknown; query?: unknown; body?: unknown; token?: string | null; ip?: string } | undefined): Promise<CallResult> => {
    if (isFileReply(e.reply) || isMultipart(e.body)) throw new Error(`${e.method} ${e.path}: files and multipart bodies go through t.call`);
    const i = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; token?: string | null; ip?: string };
    const qs = queryString(i.query);
    return send(e.method, `${e.atRoot ? '' : '/api'}${fillPath(e.path, i.params)}${qs ? `?${qs}` : ''}`, i.token, i.body, i.ip);
  };
  return {
    ...built,
    database,
    clock,
    async login(loginId, password) {
      const res = await built.app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId, password } });
      if (res.statusCode !== 200) throw new Error(`login ${loginId} failed: ${res.statusCode} ${res.body}`);
      return res.json().accessToken as string;
    },
    call,
    gql,
    async api(e, ...[input]) {
      const res = await typedCall(e, input);
      if (res.status >= 200 && res.status < 300) return res.json as ReplyOf<typeof e>;
      throw new ApiCallError(`${e.method} ${e.path}`, { status: res.status, ...(res.json as Omit<ApiError, 'status'>) });
    },
    async apiError(e, ...[input]) {
      const res = await typedCall(e, input);
      if (res.status >= 200 && res.status < 300) throw new Error(`${e.method} ${e.path}: expected a refusal, got ${res.status} ${res.raw.toString().slice(0, 300)}`);
      return { status: res.status, ...(res.json as Omit<ApiError, 'status'>) };
    },
    async close() {
      await built.app.close();
      await database.close();
      await drop();
    },
  };
}

/**
 * A database of its own for one test app, started from the run's migrated template
 * (test/global-setup.ts): the dumped PGlite data directory, or a PostgreSQL database cloned with
 * CREATE DATABASE … TEMPLATE.
 */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  // The embedded database in its worker thread, as the server runs it (db/pglite-remote.ts);
  // TEST_PGLITE_WORKER=0 keeps it on the test's own thread.
  if (!base) return { database: await openDatabase({ pgliteWorker: process.env.TEST_PGLITE_WORKER !== '0', loadDataDir: inject('pgliteTemplate') ?? undefined }), drop: async () => {} };
  const name = await createTestDatabase(base);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A new database on TEST_DATABASE_URL's server, named for this process, already migrated (a
 * clone of the run's template). Tests that start servers of their own (instances, restarts) use
 * it too; they drop it with `drop database … with (force)`.
 */
export async function createTestDatabase(base: string): Promise<string> {
  const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = inject('pgTemplate');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  return name;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Lists travel comma-separated (`grade=고1,고2`), as the web's `call` sends them and the contracts read them. */
function queryString(query: Record<string, unknown> | undefined): string {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) {
      if (v.length) out.set(k, v.join(','));
    } else out.set(k, String(v));
  }
  return out.toString();
}
