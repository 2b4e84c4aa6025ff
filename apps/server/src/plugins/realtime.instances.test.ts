import { randomBytes } from 'node:crypto';
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

async function login(url: string, loginId: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginId, password }) });
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function call(url: string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}/api${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as never };
}

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
    const lectures = (await call(a.url, manager, 'GET', '/lectures')).json as { id: number; name: string }[];
    const lecture = lectures.find((l) => l.name === '고2 수학 정규반')!;
    const detail = (await call(a.url, manager, 'GET', `/lectures/${lecture.id}`)).json as { weeklyLectures: { id: number }[]; students: { userId: number }[] };
    const sessions = (await call(a.url, manager, 'GET', `/lectures/${lecture.id}/weekly-lectures`)).json as { id: number; participantCount: number }[];
    const session = sessions.find((s) => s.participantCount > 0)!;
    const exam = (await call(a.url, manager, 'POST', `/lectures/${lecture.id}/weekly-lectures/${session.id}/exams/new`, { title: '실시간 확인', maxScore: 100 })).json as { id: number };
    const grid = (await call(a.url, manager, 'GET', `/lectures/${lecture.id}/weekly-lectures/${session.id}/student-score`)).json as { students: { userId: number }[] };
    const student = grid.students[0]!.userId;
    expect(detail.students.length).toBeGreaterThan(0);

    const stream = await openEventStream(`${a.url}/api/realtime/events?topics=lecture:${lecture.id}`, manager);
    await stream.ready;
    const started = performance.now();
    expect((await call(b.url, ta, 'POST', `/wl-score/${exam.id}/${student}/lock`)).status).toBe(200);
    const lock = await stream.next((e) => e.type === 'lock');
    const latency = performance.now() - started;
    expect(lock.data).toMatchObject({ examId: exam.id, userId: student, holderName: '박조교' });
    // The other instance refuses a second TA while the lock lives.
    expect((await call(a.url, manager, 'POST', `/wl-score/${exam.id}/${student}/lock`)).status).toBe(409);
    // The holder's write releases its own lock (exams.queries.ts claims the cell in the write).
    expect((await call(b.url, ta, 'PATCH', `/wl-score/${exam.id}/${student}/value`, { scoreValue: 91 })).status).toBe(200);
    expect((await stream.next((e) => e.type === 'score')).data).toMatchObject({ first: 91 });
    stream.close();
    console.log(`lock seen on the other instance after ${latency.toFixed(0)} ms`);
  });
  it("a stream open on one instance closes when the account's session ends on the other (issue 34 item 5)", async () => {
    const manager = await login(a.url, 'manager', 'manager1234!');
    const tas = (await call(a.url, manager, 'GET', '/admin/ta')).json as { id: number; loginId: string }[];
    const ta = tas.find((x) => x.loginId === 'ta01')!;
    const lecture = ((await call(a.url, manager, 'GET', '/lectures')).json as { id: number }[])[0]!;
    // Deactivated on B: the stream on A ends.
    const token = await login(b.url, 'ta01', 'ta1234!');
    const stream = await openEventStream(`${a.url}/api/realtime/events?topics=lecture:${lecture.id}`, token);
    await stream.ready;
    expect((await call(b.url, manager, 'PUT', `/admin/ta/${ta.id}/toggle-status`)).status).toBe(200);
    await stream.ended;
    expect((await call(b.url, manager, 'PUT', `/admin/ta/${ta.id}/toggle-status`)).status).toBe(200);
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
