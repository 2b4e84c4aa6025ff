import { createHash, randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { OmrExamSheet } from '@academy/contracts/omr';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choiceKey } from '../src/modules/exams/exams.testkit.ts';
import { buildExamLayout, createSheetGenerator, scannerPdf } from '../src/modules/omr/omr.testkit.ts';
import { queryOnce, startInstance, type Instance } from './instances.ts';

/**
 * `kill -9` of the instance reading an OMR batch, with a second instance running beside it: the
 * batch's job lease lapses, the live instance takes the job over and reads the batch to the end —
 * within seconds here (the lease timing shortened through JOB_LEASE_*; in production 40 s + one
 * 10 s sweep), not after the job's 30-minute expiry. Server processes share one PostgreSQL, so
 * this runs with TEST_DATABASE_URL.
 */
const base = process.env.TEST_DATABASE_URL;
const run = promisify(execFile);
const PAGES = 24;

let dbName = '';
let url = '';
const running: Instance[] = [];
const env = () => ({
  DATABASE_URL: url, DEMO_DATA: 'true', JWT_SECRET: 'takeover-test-secret-takeover-test-0001', NODE_ENV: 'development', DATA_DIR: `/tmp/academy-takeover-${process.pid}`,
  JOB_LEASE_RENEW_SECONDS: '0.5', JOB_LEASE_ABORT_SECONDS: '1.5', JOB_LEASE_STALE_SECONDS: '3',
});

const db = <T extends pg.QueryResultRow>(text: string, values: unknown[] = [], on = url) => queryOnce<T>(on, text, values);

async function api<T>(i: Instance, path: string, opts: { token?: string; method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${i.url}/api${path}`, {
    method: opts.method ?? 'GET',
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${opts.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The process ids of an instance: tsx and the node process running the server (one process group). */
async function pidsOf(i: Instance): Promise<string[]> {
  const { stdout } = await run('pgrep', ['-g', String(i.process.pid)]).catch(() => ({ stdout: '' }));
  return stdout.split('\n').filter(Boolean);
}

describe.runIf(base)('a job of a killed instance is taken over (PostgreSQL)', () => {
  beforeAll(async () => {
    dbName = `t_takeover_${process.pid}_${randomBytes(3).toString('hex')}`;
    await db(`create database ${dbName}`, [], base);
    const u = new URL(base!);
    u.pathname = `/${dbName}`;
    url = u.toString();
    // One after the other: the first migrates and seeds, the second finds it done.
    running.push(await startInstance(env()));
    running.push(await startInstance(env()));
  }, 180_000);

  afterAll(async () => {
    for (const i of running) await i.stop();
    if (dbName) await db(`drop database if exists ${dbName} with (force)`, [], base);
  });

  it('kill -9 while an OMR batch is read: the other instance reads it to the end', async () => {
    const [a] = running;
    const token = (await api<{ accessToken: string }>(a!, '/auth/login', { method: 'POST', body: { loginId: 'ta01', password: 'ta1234!' } })).accessToken;
    const lecture = (await api<{ id: number; name: string }[]>(a!, '/lectures', { token })).find((l) => l.name === '고2 수학 정규반')!;
    const grid = await api<{ weeklyLectures: { id: number }[]; students: { cells: (number | null)[] }[] }>(a!, `/lectures/${lecture.id}/attendance-grid`, { token });
    const col = grid.weeklyLectures.findIndex((_, i) => grid.students.some((s) => s.cells[i] !== null));
    const wlId = grid.weeklyLectures[col]!.id;
    const questions = choiceKey(20);
    const exam = await api<{ id: number }>(a!, `/lectures/${lecture.id}/weekly-lectures/${wlId}/exams/new`, { token, method: 'POST', body: { title: '인계 테스트', questions } });
    const info = await api<OmrExamSheet>(a!, `/wl-exam/${exam.id}/omr`, { token });

    // Enough pages that the reading is still under way when the kill comes.
    const gen = await createSheetGenerator({
      layout: buildExamLayout(questions), heading: { title: '인계 테스트', lecture: lecture.name, date: '2026. 3. 14.(토)', examId: exam.id },
      students: info.candidates.map((c) => ({ userId: c.userId, name: c.name, candidateNumber: c.candidateNumber })),
    });
    const images = await Promise.all([1, 2, 3].map(async (seed) => (await gen.scanned(seed)).image));
    const pdf = Buffer.from(await scannerPdf(Array.from({ length: PAGES }, (_, i) => images[i % images.length]!)));
    const init = await api<{ file: { id: number }; url: string; headers: Record<string, string> }>(a!, '/files/upload-url', {
      token, method: 'POST', body: { fileName: '스캔.pdf', contentType: 'application/pdf', fileSize: pdf.length, kind: 'omr', weeklyLectureId: wlId },
    });
    const put = await fetch(init.url.startsWith('/') ? `${a!.url}${init.url}` : init.url, { method: 'PUT', body: new Uint8Array(pdf), headers: { 'content-type': 'application/octet-stream', ...init.headers } });
    expect(put.status).toBe(200);
    await api(a!, `/files/${init.file.id}/upload-done`, { token, method: 'PUT', body: { sha256: createHash('sha256').update(pdf).digest('hex') } });

    const batch = await api<{ id: number }>(a!, `/lectures/${lecture.id}/weekly-lectures/${wlId}/grade-omr`, { token, method: 'POST', body: { examId: exam.id, fileIds: [init.file.id] } });
    // Whichever instance took the job holds its lease: that one is killed, mid-read.
    let holder = '';
    await expect
      .poll(async () => {
        const [row] = await db<{ holder: string; done: number; status: string }>("select l.holder, b.done, b.status from job_leases l, omr_batches b where l.queue = 'omr.read' and b.id = $1", [batch.id]);
        holder = row && row.status === 'reading' && row.done > 0 ? row.holder : '';
        return holder;
      }, { timeout: 60_000, interval: 50 })
      .not.toBe('');
    const pid = holder.split('/')[1]!;
    const victim = (await Promise.all(running.map(async (i) => ((await pidsOf(i)).includes(pid) ? i : null)))).find(Boolean)!;
    const survivor = running.find((i) => i !== victim)!;
    await victim.kill9();
    running.splice(running.indexOf(victim), 1);
    const [cut] = await db<{ status: string; done: number; total: number }>('select status, done, total from omr_batches where id = $1', [batch.id]);
    expect(cut!.status).toBe('reading');
    expect(cut!.done).toBeLessThan(cut!.total);

    // Taken over within seconds: read to the end by the survivor, every page once.
    await expect
      .poll(async () => {
        const { status, done } = await api<{ status: string; done: number }>(survivor, `/omr/batches/${batch.id}`, { token });
        const jobs = await db("select state, retry_count, started_on from pgboss.job where name = 'omr.read'");
        const leases = await db('select holder, renewed_at, now() from job_leases');
        return { status, done, jobs, leases };
      }, { timeout: 120_000, interval: 500 })
      .toMatchObject({ status: 'review' });
    const detail = await api<{ done: number; total: number; sheetList: unknown[] }>(survivor, `/omr/batches/${batch.id}`, { token });
    expect(detail).toMatchObject({ done: PAGES, total: PAGES });
    expect(detail.sheetList).toHaveLength(PAGES);
    const [job] = await db<{ state: string; retry_count: number }>("select state, retry_count from pgboss.job where name = 'omr.read' and data->'data'->>'batchId' = $1", [String(batch.id)]);
    expect(job).toEqual({ state: 'completed', retry_count: 1 });
    expect(await db('select * from job_leases')).toEqual([]);
  }, 240_000);
});
