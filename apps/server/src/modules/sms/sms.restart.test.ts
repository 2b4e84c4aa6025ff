import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSolapi, type FakeSolapi } from '../../../test/fake-solapi.ts';
import { startInstance, type Instance } from '../../../test/instances.ts';

/**
 * A TA texts 30 parents of a lecture (an LMS from a template); the server is killed (SIGKILL, no
 * shutdown at all) while the provider holds one send unanswered, then started again. Every parent
 * gets the text exactly once: counted where it leaves, at a local server speaking SOLAPI's API.
 * Server processes share one PostgreSQL, so this runs with TEST_DATABASE_URL. It is slow by
 * nature: the interrupted job comes back only once its job lease lapses (40 s, then the next
 * 10 s sweep; src/lib/jobs JOB_TIMING).
 */
const base = process.env.TEST_DATABASE_URL;
const API = { apiKey: 'NCSRESTARTKEY', apiSecret: 'RESTARTSECRET0123456789' };

let fake: FakeSolapi;
let dbName: string;
let dbUrl: string;
const running: Instance[] = [];

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(sql);
  await c.end();
}

const env = () => ({
  DATABASE_URL: dbUrl, DEMO_DATA: 'true', JWT_SECRET: 'sms-restart-secret-sms-restart-secret-01', NODE_ENV: 'development', DATA_DIR: `/tmp/academy-sms-restart-${process.pid}`,
  SMS_DRIVER: 'solapi', SOLAPI_API_KEY: API.apiKey, SOLAPI_API_SECRET: API.apiSecret, SOLAPI_SENDER: '0215551234', SOLAPI_BASE_URL: fake.url,
  // Slow enough that the kill lands in the middle of the 30; a held send must outlast the kill.
  SMS_RATE_PER_SECOND: '4', SMS_TIMEOUT_SECONDS: '60',
});

async function start(): Promise<Instance> {
  const i = await startInstance(env());
  running.push(i);
  return i;
}

async function api<T>(url: string, token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}/api${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const login = async (url: string, loginId: string, password: string) => (await api<{ accessToken: string }>(url, null, 'POST', '/auth/login', { loginId, password })).accessToken;

describe.skipIf(!base)('SMS across a killed and restarted server (PostgreSQL)', () => {
  beforeAll(async () => {
    fake = await startFakeSolapi(API);
    dbName = `t_smsrs_${process.pid}_${randomBytes(3).toString('hex')}`;
    await admin(`create database ${dbName}`);
    const u = new URL(base!);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
  }, 60_000);

  afterAll(async () => {
    for (const i of running) await i.stop();
    await fake?.close();
    if (dbName) await admin(`drop database if exists ${dbName} with (force)`);
  });

  it('30 parents, one LMS each: none lost, none doubled', async () => {
    const first = await start();
    const adminToken = await login(first.url, 'admin', 'admin1234!');
    const ta = await login(first.url, 'ta01', 'ta1234!');

    // A lecture of 30 demo students, made as the admin would.
    const students = (await api<{ nodes: { id: number; loginId: string }[] }>(first.url, adminToken, 'GET', '/students?pageSize=100&sortField=loginId')).nodes
      .filter((s) => /^student(1[1-9]|[23]\d|40)$/.test(s.loginId));
    expect(students).toHaveLength(30);
    const lecture = await api<{ id: number }>(first.url, adminToken, 'POST', '/lectures', {
      name: '재시작 문자반', subject: '수학', teacherName: '정재훈', targetGrade: '고2', room: '302호',
      schedule: [{ dayOfWeek: 6, startTime: '10:00', endTime: '12:00' }], startDate: '2026-09-05', endDate: '2027-02-27',
    });
    await api(first.url, adminToken, 'POST', `/lectures/${lecture.id}/students`, { userIds: students.map((s) => s.id) });
    const settings = await api<{ templates: { id: number; title: string; body: string }[] }>(first.url, ta, 'GET', '/sms/settings');
    const template = settings.templates.find((tp) => tp.title === '주간 리포트 안내')!;

    const roster = await api<{ id: number; parentPhone: string | null }[]>(first.url, ta, 'GET', `/sms/recipients?lectureId=${lecture.id}`);
    const sent = await api<{ batchId: number; queued: number; lms: number }>(first.url, ta, 'POST', '/sms/send', {
      studentIds: roster.map((r) => r.id), audience: 'parent', templateId: template.id, body: template.body, lectureId: lecture.id,
    });
    expect(sent).toMatchObject({ queued: 30, lms: 30 });

    // Some go out; then the provider takes a send and never answers, and the server dies.
    await expect.poll(() => fake.sent.length, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(6);
    const held = fake.hangNext('sendGroup', { process: true });
    await held.hung;
    // The whole process group: tsx and the server it runs (killing tsx alone left the server running).
    await first.kill9();
    const beforeRestart = fake.sent.length;
    expect(beforeRestart).toBeLessThan(30);

    const second = await start();
    const ta2 = await login(second.url, 'ta01', 'ta1234!');
    const settled = async () => {
      const page = await api<{ items: { status: string }[] }>(second.url, ta2, 'GET', `/sms/messages?batchId=${sent.batchId}&size=100`);
      return page.items.filter((m) => m.status === 'sent' || m.status === 'delivered').length;
    };
    await expect.poll(settled, { timeout: 360_000, interval: 1000 }).toBe(30);
    held.release();

    // What left the building: each of the 30 parents once, with their own child's text.
    const keys = fake.sent.map((s) => s.key);
    expect(new Set(keys).size).toBe(30);
    expect(keys).toHaveLength(30);
    const phones = new Set(roster.map((r) => r.parentPhone));
    expect(fake.sent.every((s) => phones.has(s.to) && s.type === 'LMS' && s.text.includes('/link/week/'))).toBe(true);

    // The history shows 30 results; the held one was found sent, not sent again.
    const history = await api<{ items: { id: number; status: string; attempts: number }[] }>(second.url, ta2, 'GET', `/sms/messages?batchId=${sent.batchId}&size=100`);
    expect(history.items).toHaveLength(30);
    const logs = await Promise.all(history.items.map((m) => api<{ attemptLog: { outcome: string }[] }>(second.url, ta2, 'GET', `/sms/messages/${m.id}`)));
    const handedOver = logs.map((l) => l.attemptLog.filter((a) => a.outcome === 'sent' || a.outcome === 'resumed').length);
    expect(handedOver.every((n) => n === 1)).toBe(true);
    expect(logs.some((l) => l.attemptLog.some((a) => a.outcome === 'resumed'))).toBe(true);
  }, 600_000);
});
