import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedRows, importWorkbook, multipartBody } from '../src/modules/students/students.testkit.ts';
import { queryOnce, startInstance, type Instance } from './instances.ts';

/**
 * `kill -9` in the middle of work, then a restart: every change is all there or not there at all,
 * and every change a client was told succeeded is there. Spawned server processes on PostgreSQL
 * (the embedded PGlite is one process; its durability is PostgreSQL's own WAL in WebAssembly).
 */
const base = process.env.TEST_DATABASE_URL;
let dbName = '';
let url = '';
let server: Instance | null = null;
const env = () => ({ DATABASE_URL: url, DEMO_DATA: 'true', JWT_SECRET: 'kill-test-secret-kill-test-secret-kill-0001', NODE_ENV: 'development', DATA_DIR: `/tmp/academy-kill-${process.pid}` });

const admin = <T extends pg.QueryResultRow>(text: string, values: unknown[] = [], on = base!) => queryOnce<T>(on, text, values);

async function api<T>(path: string, opts: { token?: string; method?: string; body?: unknown; raw?: { payload: Buffer; headers: Record<string, string> } } = {}): Promise<{ status: number; json: T }> {
  const res = await fetch(`${server!.url}/api${path}`, {
    method: opts.method ?? 'GET',
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(opts.raw?.headers ?? {}) },
    body: opts.raw ? new Uint8Array(opts.raw.payload) : opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
}

const login = async () => (await api<{ accessToken: string }>('/auth/login', { method: 'POST', body: { loginId: 'ta01', password: 'ta1234!' } })).json.accessToken;

/**
 * Resolves once the server is inside a transaction writing `table` (the moment to pull the plug).
 * The checks below hold whenever the kill comes; this only makes it land mid-write most of the time.
 */
async function inTransaction(table: string): Promise<void> {
  const match = table;
  for (let i = 0; i < 5000; i++) {
    const rows = await admin<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = $1 and xact_start is not null and query ilike $2 and pid <> pg_backend_pid()",
      [dbName, `%${match}%`],
    );
    if (rows[0]!.n > 0) return;
  }
}

const kill9 = () => server!.kill9();

describe.runIf(base)('kill -9 under load (PostgreSQL)', () => {
  beforeAll(async () => {
    dbName = `t_kill_${process.pid}_${randomBytes(3).toString('hex')}`;
    await admin(`create database ${dbName}`);
    const u = new URL(base!);
    u.pathname = `/${dbName}`;
    url = u.toString();
    server = await startInstance(env());
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await admin(`drop database if exists ${dbName} with (force)`);
  });

  it('bulk attendance: after a kill -9 and a restart no session is half-marked, and every acknowledged write is there', async () => {
    let token = await login();
    const lectures = (await api<{ id: number; name: string }[]>('/lectures', { token })).json;
    const lecture = lectures.find((l) => l.name === '고2 수학 정규반')!;
    const grid = (await api<{ weeklyLectures: { id: number }[]; students: { userId: number; cells: (number | null)[] }[] }>(`/lectures/${lecture.id}/attendance-grid`, { token })).json;
    const types = (await api<{ id: number }[]>('/attendance-types', { token })).json.map((t) => t.id);
    // Sessions where every current student takes part.
    const sessions = grid.weeklyLectures.map((w, i) => ({ id: w.id, users: grid.students.filter((s) => s.cells[i] !== null).map((s) => s.userId) })).filter((s) => s.users.length >= 10).slice(-6);
    expect(sessions.length).toBe(6);

    const acked = new Map<number, number>();
    const inFlight = new Map<number, number>();
    let acks = 0;
    let enough!: () => void;
    const warmedUp = new Promise<void>((resolve) => (enough = resolve));
    const loops = sessions.map(async (s, k) => {
      for (let i = 0; ; i++) {
        const attTypeId = types[(i + k) % types.length]!;
        inFlight.set(s.id, attTypeId);
        try {
          const res = await api(`/lectures/${lecture.id}/weekly-lectures/${s.id}/attendance/bulk`, { token, method: 'PUT', body: { userIds: s.users, attTypeId } });
          if (res.status !== 200) throw new Error(`bulk ${res.status}`);
        } catch {
          return;
        }
        acked.set(s.id, attTypeId);
        if (++acks === 30) enough();
      }
    });
    await warmedUp;
    await inTransaction('weekly_lecture_participants');
    await kill9();
    await Promise.all(loops);

    server = await startInstance(env());
    token = await login();
    const after = (await api<typeof grid>(`/lectures/${lecture.id}/attendance-grid`, { token })).json;
    for (const s of sessions) {
      const col = after.weeklyLectures.findIndex((w) => w.id === s.id);
      const values = new Set(after.students.filter((st) => s.users.includes(st.userId)).map((st) => st.cells[col]));
      // One value for the whole session: the bulk write is all or nothing …
      expect(values.size).toBe(1);
      // … and it is the last acknowledged one, or the one in flight when the server died.
      expect([acked.get(s.id), inFlight.get(s.id)]).toContain([...values][0]);
    }
  }, 180_000);

  it('Excel import: after a kill -9 in the middle, either every row of the file is there or none', async () => {
    const token = await login();
    const prefix = `kill${randomBytes(2).toString('hex')}x`;
    const file = await importWorkbook(generatedRows(1500, prefix));
    const body = multipartBody([
      { name: 'dryRun', value: 'false' },
      { name: 'file', filename: 'students.xlsx', content: file },
    ]);
    let answered: number | null = null;
    const request = api<{ inserted: number }>('/students/excel', { token, method: 'POST', raw: body }).then(
      (r) => void (answered = r.status),
      () => {},
    );
    await inTransaction('student_profiles');
    await kill9();
    await request;

    const rows = await admin<{ n: number }>('select count(*)::int as n from users where login_id like $1', [`${prefix}%`], url);
    expect([0, 1500]).toContain(rows[0]!.n);
    if (answered === 200) expect(rows[0]!.n).toBe(1500);
    server = await startInstance(env());
  }, 180_000);
});
