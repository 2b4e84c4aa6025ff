import { randomBytes } from 'node:crypto';
import { authApi } from '@academy/contracts/auth';
import { type AnyEndpoint, type CallInput, fillPath, type ReplyOf } from '@academy/contracts/endpoint';
import { examsApi, scoresApi } from '@academy/contracts/exams';
import { lecturesApi, weeklyLecturesApi } from '@academy/contracts/lectures';
import { taApi } from '@academy/contracts/staff';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../test/event-stream.ts';
import { startInstance, type Instance } from '../../test/instances.ts';

/**
 * Two server processes on one PostgreSQL: an edit made through one reaches a grid open on the
 * other (LISTEN/NOTIFY). PGlite is single-process by design, so this runs with TEST_DATABASE_URL.
 */
const base = process.env.TEST_DATABASE_URL;
const env = (url: string) => ({ DATABASE_URL: url, DEMO_DATA: 'true', JWT_SECRET: 'two-instances-secret-two-instances-secret-01', NODE_ENV: 'development', DATA_DIR: `/tmp/academy-rt-${process.pid}` });

let a: Instance;
let b: Instance;
let dbName: string;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(sql);
  await c.end();
}

/**
 * A contracts endpoint called over HTTP on one instance (these servers are processes of their own,
 * not the harness's app): the status and the typed reply, as `t.api` types it.
 */
async function send<E extends AnyEndpoint>(url: string, token: string | null, e: E, input: Pick<CallInput<E>, 'params' | 'body'>) {
  const { params, body } = input as { params?: Record<string, unknown>; body?: unknown };
  const res = await fetch(`${url}/api${fillPath(e.path, params)}`, {
    method: e.method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as unknown };
}
/** The typed reply on a 2xx; any other status fails the test with the reply. */
async function api<E extends AnyEndpoint>(url: string, token: string | null, e: E, input: Pick<CallInput<E>, 'params' | 'body'>): Promise<ReplyOf<E>> {
  const res = await send(url, token, e, input);
  if (res.status < 200 || res.status >= 300) throw new Error(`${e.method} ${e.path}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json as ReplyOf<E>;
}
/** The status of a call the test expects refused; a 2xx fails the test. */
async function refusal<E extends AnyEndpoint>(url: string, token: string | null, e: E, input: Pick<CallInput<E>, 'params' | 'body'>): Promise<number> {
  const res = await send(url, token, e, input);
  if (res.status >= 200 && res.status < 300) throw new Error(`${e.method} ${e.path}: expected a refusal, got ${res.status}`);
  return res.status;
}

const login = async (url: string, loginId: string, password: string) => (await api(url, null, authApi.login, { body: { loginId, password } })).accessToken;

describe.skipIf(!base)('realtime across two server processes (PostgreSQL)', () => {
  beforeAll(async () => {
    dbName = `t_rt_${process.pid}_${randomBytes(3).toString('hex')}`;
    await admin(`create database ${dbName}`);
    const url = new URL(base!);
    url.pathname = `/${dbName}`;
    // The first seeds the demo center; the second starts on the seeded database.
    a = await startInstance(env(url.toString()));
    b = await startInstance(env(url.toString()));
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    if (dbName) await admin(`drop database if exists ${dbName} with (force)`);
  });

  it('a lock and a score made on one instance reach a grid open on the other', async () => {
    const ta = await login(b.url, 'ta01', 'ta1234!');
    const manager = await login(a.url, 'manager', 'manager1234!');
    const lectures = await api(a.url, manager, lecturesApi.list, {});
    const lecture = lectures.find((l) => l.name === '고2 수학 정규반')!;
    const detail = await api(a.url, manager, lecturesApi.get, { params: { id: lecture.id } });
    const sessions = await api(a.url, manager, weeklyLecturesApi.list, { params: { id: lecture.id } });
    const session = sessions.find((s) => s.participantCount > 0)!;
    const exam = await api(a.url, manager, examsApi.create, { params: { id: lecture.id, wlId: session.id }, body: { title: '실시간 확인', maxScore: 100 } });
    const grid = await api(a.url, manager, examsApi.grid, { params: { id: lecture.id, wlId: session.id } });
    const student = grid.students[0]!.userId;
    const cell = { examId: exam.id, userId: student };
    expect(detail.students.length).toBeGreaterThan(0);

    const stream = await openEventStream(`${a.url}/api/realtime/events?topics=lecture:${lecture.id}`, manager);
    await stream.ready;
    const started = performance.now();
    await api(b.url, ta, scoresApi.lock, { params: cell });
    const lock = await stream.next((e) => e.type === 'lock');
    const latency = performance.now() - started;
    expect(lock.data).toMatchObject({ examId: exam.id, userId: student, holderName: '박조교' });
    // The other instance refuses a second TA while the lock lives.
    expect(await refusal(a.url, manager, scoresApi.lock, { params: cell })).toBe(409);
    // The holder's write releases its own lock (exams.queries.ts claims the cell in the write).
    await api(b.url, ta, scoresApi.setValue, { params: cell, body: { scoreValue: 91 } });
    expect((await stream.next((e) => e.type === 'score')).data).toMatchObject({ first: 91 });
    stream.close();
    console.log(`lock seen on the other instance after ${latency.toFixed(0)} ms`);
  });
  it("a stream open on one instance closes when the account's session ends on the other", async () => {
    const manager = await login(a.url, 'manager', 'manager1234!');
    const tas = await api(a.url, manager, taApi.list, {});
    const ta = tas.find((x) => x.loginId === 'ta01')!;
    const lecture = (await api(a.url, manager, lecturesApi.list, {}))[0]!;
    // Deactivated on B: the stream on A ends.
    const token = await login(b.url, 'ta01', 'ta1234!');
    const stream = await openEventStream(`${a.url}/api/realtime/events?topics=lecture:${lecture.id}`, token);
    await stream.ready;
    await api(b.url, manager, taApi.toggleStatus, { params: { id: ta.id } });
    await stream.ended;
    await api(b.url, manager, taApi.toggleStatus, { params: { id: ta.id } });
    // Signed out on B: the stream on A ends.
    const res = await fetch(`${b.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginId: 'ta01', password: 'ta1234!' }) });
    const again = ((await res.json()) as { accessToken: string }).accessToken;
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('refreshToken='))!.split(';')[0]!;
    const second = await openEventStream(`${a.url}/api/realtime/events?topics=lecture:${lecture.id}`, again);
    await second.ready;
    await fetch(`${b.url}/api/auth/logout`, { method: 'POST', headers: { cookie } });
    await second.ended;
  });
});
