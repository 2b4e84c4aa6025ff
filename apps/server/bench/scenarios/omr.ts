import type { Question } from '@academy/contracts/grading';
import type { OmrExamSheet } from '@academy/contracts/omr';
import { buildExamLayout, createSheetGenerator, measureAccuracy, scannerPdf } from '../../src/modules/omr/omr.testkit.ts';
import { openEventStream } from '../../test/event-stream.ts';
import { type BenchEnv, type CustomResult, type Scenario, timeLoop } from '../types.ts';

/**
 * OMR figures (issue targets): accuracy on generated scanner-like and phone-like sheets, the
 * pages per minute of a 300-page scanner PDF read by the running server, and the API's p99 while
 * it reads them against its idle p99. `OMR_BENCH_SHEETS` sets the accuracy sample (default 500 of
 * each kind); the sheets are seeded, so a run is repeatable.
 */
const SHEETS = Number(process.env.OMR_BENCH_SHEETS ?? 500);
const PAGES = 300;
const json = { 'content-type': 'application/json' };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

function accuracy(kind: 'scanned' | 'photographed', seed: number): Scenario {
  return {
    kind: 'custom',
    name: `omr: accuracy, ${kind === 'scanned' ? 'scanner-like (200 dpi, skew, noise)' : 'phone-like (perspective ≤ 20°, any rotation, shadow, blur, JPEG 60)'}, ${SHEETS} sheets`,
    target: kind === 'scanned' ? 'bubbles ≥ 99.95 %, silent errors 0' : 'bubbles ≥ 99.5 %, silent errors 0',
    measure: async (): Promise<CustomResult> => {
      const { figures, tally, readMs } = await measureAccuracy({ kind, count: SHEETS, seed });
      for (const d of tally.silentDetails.slice(0, 20)) console.log(`    silent: ${d}`);
      const sorted = readMs.sort((a, b) => a - b);
      return { p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99), errors: tally.silent, extra: figures };
    },
  };
}

type Prepared = { lectureId: number; wlId: number; examId: number; fileId: number };

/** A lecture of the large seed with an exam keyed for OMR, and a 300-page scanner PDF of its sheets uploaded as kind omr. */
async function prepare(env: BenchEnv): Promise<Prepared> {
  const auth = { authorization: `Bearer ${env.tokens.ta}` };
  const [row] = await env.driver.query<{ lecture_id: number; weekly_lecture_id: number }>(
    `select p.weekly_lecture_id, w.lecture_id from weekly_lecture_participants p join weekly_lectures w on w.id = p.weekly_lecture_id
     group by p.weekly_lecture_id, w.lecture_id having count(*) >= 30 order by p.weekly_lecture_id desc limit 1`,
  );
  if (!row) throw new Error('no session with 30 participants in the large seed');
  const key: Question[] = [
    ...Array.from({ length: 30 }, (_, i): Question => ({ no: i + 1, kind: 'choice', answer: [(i % 5) + 1], points: 3 })),
    ...Array.from({ length: 2 }, (_, i): Question => ({ no: 31 + i, kind: 'short', answer: [String(100 + i)], points: 5 })),
  ];
  const exam = await call<{ id: number }>(env, 'POST', `/api/lectures/${row.lecture_id}/weekly-lectures/${row.weekly_lecture_id}/exams/new`, { title: 'OMR 벤치 주간테스트', questions: key });
  const sheet = await call<OmrExamSheet>(env, 'GET', `/api/wl-exam/${exam.id}/omr`);
  const students = sheet.candidates.slice(0, 30).map((c) => ({ userId: c.userId, name: c.name, candidateNumber: c.candidateNumber }));
  const gen = await createSheetGenerator({ layout: buildExamLayout(key), heading: { title: 'OMR 벤치 주간테스트', lecture: '', date: '', examId: exam.id }, students });
  // 30 different sheets make up the 300 pages: reading costs the same whether a page repeats or not.
  const pages: Uint8Array[] = [];
  for (const [i, s] of students.entries()) pages.push((await gen.scanned(900_000 + i, { student: s })).image);
  const pdf = await scannerPdf(Array.from({ length: PAGES }, (_, i) => pages[i % pages.length]!));
  const fileId = await upload(env, { bytes: pdf, weeklyLectureId: row.weekly_lecture_id, auth });
  return { lectureId: row.lecture_id, wlId: row.weekly_lecture_id, examId: exam.id, fileId };
}

async function call<T>(env: BenchEnv, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${env.baseUrl}${path}`, { method, headers: { ...json, authorization: `Bearer ${env.tokens.ta}` }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The browser's multipart upload, from Node: initiate, PUT every part to its signed URL, complete. */
async function upload(env: BenchEnv, o: { bytes: Uint8Array; weeklyLectureId: number; auth: Record<string, string> }): Promise<number> {
  const init = await call<{ uploadId: string; partSize: number; parts: { partNumber: number; size: number; url: string }[] }>(env, 'POST', '/api/files/multipart/initiate', {
    fileName: 'omr-bench.pdf', contentType: 'application/pdf', fileSize: o.bytes.length, kind: 'omr', weeklyLectureId: o.weeklyLectureId,
  });
  const parts: { partNumber: number; etag: string }[] = [];
  for (const p of init.parts) {
    const start = (p.partNumber - 1) * init.partSize;
    const url = p.url.startsWith('http') ? p.url : `${env.baseUrl}${p.url}`;
    const res = await fetch(url, { method: 'PUT', body: Buffer.from(o.bytes.subarray(start, start + p.size)) });
    if (!res.ok) throw new Error(`part ${p.partNumber}: ${res.status} ${await res.text()}`);
    parts.push({ partNumber: p.partNumber, etag: res.headers.get('etag') ?? '' });
  }
  const done = await call<{ id: number }>(env, 'POST', '/api/files/multipart/complete', { uploadId: init.uploadId, parts });
  return done.id;
}

let prepared: Promise<Prepared> | null = null;
const once = (env: BenchEnv) => (prepared ??= prepare(env));

/** Starts reading the uploaded PDF and resolves when the server says it is read (the realtime event), with the time it took. */
async function readPdf(env: BenchEnv, p: Prepared, during?: () => Promise<void>): Promise<{ seconds: number; sheets: number; unreadable: number }> {
  const stream = await openEventStream(`${env.baseUrl}/api/realtime/events?topics=lecture:${p.lectureId}`, env.tokens.ta);
  try {
    await stream.ready;
    const t0 = performance.now();
    const batch = await call<{ id: number }>(env, 'POST', `/api/lectures/${p.lectureId}/weekly-lectures/${p.wlId}/grade-omr`, { examId: p.examId, fileIds: [p.fileId] });
    const finished = stream.next((e) => e.type === 'omr' && (e.data as { batchId: number; status: string }).batchId === batch.id && (e.data as { status: string }).status !== 'reading' && (e.data as { status: string }).status !== 'queued');
    await during?.();
    const last = await finished;
    const seconds = (performance.now() - t0) / 1000;
    if ((last.data as { status: string }).status === 'failed') throw new Error('the batch failed');
    const detail = await call<{ sheetList: { status: string }[] }>(env, 'GET', `/api/omr/batches/${batch.id}`);
    return { seconds, sheets: detail.sheetList.length, unreadable: detail.sheetList.filter((s) => s.status === 'unreadable').length };
  } finally {
    stream.close();
  }
}

export const scenarios: Scenario[] = [
  accuracy('scanned', 1_000_000),
  accuracy('photographed', 2_000_000),
  {
    kind: 'custom',
    name: `omr: scanner PDF, ${PAGES} pages read by the server (worker threads)`,
    target: '≥ 600 sheets/min (OMRChecker ≈ 200/min)',
    measure: async (env): Promise<CustomResult> => {
      const p = await once(env);
      const r = await readPdf(env, p);
      return { extra: { 'sheets/min': Math.round((r.sheets / r.seconds) * 60), seconds: Number(r.seconds.toFixed(1)), sheets: r.sheets, unreadable: r.unreadable } };
    },
  },
  {
    kind: 'custom',
    name: `omr: API p99 while ${PAGES} pages are read, against idle`,
    target: 'busy p99 ≤ 2 × idle p99',
    measure: async (env): Promise<CustomResult> => {
      const p = await once(env);
      const path = `${env.baseUrl}/api/lectures/${p.lectureId}/weekly-lectures/${p.wlId}/exams`;
      const hit = async () => {
        const res = await fetch(path, { headers: { authorization: `Bearer ${env.tokens.ta}` } });
        if (!res.ok) throw new Error(String(res.status));
        await res.arrayBuffer();
      };
      const idle = await timeLoop({ concurrency: 2, durationMs: 8000, fn: hit });
      let busy: CustomResult = {};
      const r = await readPdf(env, p, async () => {
        busy = await timeLoop({ concurrency: 2, durationMs: 8000, fn: hit });
      });
      return {
        rps: busy.rps,
        p50Ms: busy.p50Ms,
        p99Ms: busy.p99Ms,
        errors: busy.errors,
        extra: { 'idle p99 ms': Number((idle.p99Ms ?? 0).toFixed(1)), 'idle p50 ms': Number((idle.p50Ms ?? 0).toFixed(1)), ratio: Number(((busy.p99Ms ?? 0) / Math.max(0.001, idle.p99Ms ?? 0)).toFixed(2)), 'read s': Number(r.seconds.toFixed(1)) },
      };
    },
  },
];
