import type { Question } from '@academy/contracts/grading';
import { lectureTopic } from '@academy/contracts/lectures';
import { filesApi, formatFileSize, OMR_MAX_BYTES } from '@academy/contracts/files';
import { omrApi } from '@academy/contracts/omr';
import { systemApi } from '@academy/contracts/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { objectStreamBomb, vectorPages } from '../../lib/pdf/pdf.testkit.ts';
import { residentMemory } from '../../lib/workers/capped.ts';
import { makeExam } from '../exams/exams.testkit.ts';
import { uploadFile } from '../files/files.testkit.ts';
import { makeLecture } from '../lectures/lectures.testkit.ts';
import { makeStaff, makeStudents } from '../users/users.testkit.ts';
import { buildExamLayout, createSheetGenerator, scannerPdf } from './omr.testkit.ts';
import { OMR_WORKER_LIMITS } from './worker-pool.ts';

/**
 * Hostile OMR uploads through HTTP: a small PDF whose object stream
 * inflates to hundreds of MB, and a PDF of 1,000 vector pages sharing one content stream of
 * 200,000 drawing commands. Each becomes unreadable sheets with a Korean reason; the server
 * answers, its memory does not grow, the worker processes stay under their cap; and a long batch
 * of one TA does not hold back another TA's batch.
 */
const MB = 1024 * 1024;
const KEY: Question[] = Array.from({ length: 10 }, (_, i): Question => ({ no: i + 1, kind: 'choice', answer: [(i % 5) + 1], points: 10 }));

let t: TestApp;
let staff: Awaited<ReturnType<typeof makeStaff>>;
let lectureId: number;
let wlId: number;
let examId: number;

/** Starts a batch of uploaded files as `token`; resolves with its id. */
async function startBatch(token: string, files: { body: Buffer; fileName: string }[]): Promise<number> {
  const fileIds: number[] = [];
  for (const f of files) fileIds.push((await uploadFile(t, { token, body: f.body, fileName: f.fileName, kind: 'omr', weeklyLectureId: wlId })).fileId);
  return (await t.api(omrApi.start, { token, params: { id: lectureId, wlId }, body: { examId, fileIds } })).id;
}

/** The worker processes' peak resident memory while `work` runs (sampled; /proc VmHWM). */
async function peakWorkerMemory(work: () => Promise<void>): Promise<number> {
  let peak = 0;
  const sample = () => {
    for (const pid of t.modules.omr.workerPids()) peak = Math.max(peak, residentMemory(pid)?.peak ?? 0);
  };
  const timer = setInterval(sample, 25);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  sample();
  return peak;
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  staff = await makeStaff(t);
  const students = await makeStudents(t, 2);
  const lecture = await makeLecture(t, { adminToken: staff.admin.token, students: students.map((s) => s.id) });
  lectureId = lecture.id;
  wlId = lecture.sessions.find((s) => s.participantCount > 0)!.id;
  examId = (await makeExam(t, { token: staff.ta.token, lectureId, weeklyLectureId: wlId, title: '4월 1주차 테스트', questions: KEY })).id;
}, 60_000);

afterAll(async () => {
  await t.app.close();
});

describe('hostile OMR uploads', () => {
  it('refuses an upload over the OMR cap the docs quote', async () => {
    const init = await t.apiError(filesApi.uploadUrl, { token: staff.ta.token, body: { fileName: '스캔.pdf', contentType: 'application/pdf', fileSize: OMR_MAX_BYTES + 1, kind: 'omr', weeklyLectureId: wlId } });
    expect(init.status).toBe(400);
    expect(init.message).toContain(`최대 ${formatFileSize(OMR_MAX_BYTES)}`);
  });

  it('an object stream that inflates to 300 MB is an unreadable sheet; the server and its memory are untouched', async () => {
    const bomb = await objectStreamBomb();
    expect(bomb.length).toBeLessThan(2 * MB);
    const rss = process.memoryUsage.rss();
    let batchId = 0;
    const peak = await peakWorkerMemory(async () => {
      batchId = await startBatch(staff.ta.token, [{ body: bomb, fileName: '폭탄.pdf' }]);
      await t.modules.omr.idle();
    });
    const batch = await t.api(omrApi.batch, { token: staff.ta.token, params: { batchId } });
    expect(batch).toMatchObject({ status: 'review', total: 1 });
    expect(batch.sheetList[0]).toMatchObject({ status: 'unreadable' });
    expect(batch.sheetList[0]!.reason).toContain('읽을 수 없는 PDF');
    expect(process.memoryUsage.rss() - rss).toBeLessThan(200 * MB);
    expect(peak).toBeLessThan(OMR_WORKER_LIMITS.memoryMb * MB);
    await t.api(systemApi.health);
  }, 120_000);

  it('1,000 vector pages of 200,000 commands each are refused page by page without drawing, and another TA\'s batch is not held back by a long one', async () => {
    const info = await t.api(omrApi.exam, { token: staff.ta.token, params: { examId } });
    const gen = await createSheetGenerator({
      layout: buildExamLayout(KEY), heading: { title: '4월 1주차 테스트', lecture: '강좌', date: '2026. 4. 4.(토)', examId },
      students: info.candidates.map((c) => ({ userId: c.userId, name: c.name, candidateNumber: c.candidateNumber })),
    });
    const scan = (await gen.scanned(3)).image;
    const long = Buffer.from(await scannerPdf(Array.from({ length: 30 }, () => scan)));
    const one = Buffer.from(await scannerPdf([scan]));

    const finished: number[] = [];
    const stop = t.ctx.realtime.subscribe([lectureTopic.of(lectureId).name], (e) => {
      const d = e.data as { batchId?: number; status?: string };
      if (e.type === 'omr' && d.status === 'review' && d.batchId && !finished.includes(d.batchId)) finished.push(d.batchId);
    });
    const rss = process.memoryUsage.rss();
    let hostile = 0;
    let slow = 0;
    let quick = 0;
    const peak = await peakWorkerMemory(async () => {
      hostile = await startBatch(staff.ta.token, [{ body: vectorPages(), fileName: '벡터.pdf' }]);
      slow = await startBatch(staff.ta.token, [{ body: long, fileName: '스캔 30쪽.pdf' }]);
      quick = await startBatch(staff.manager.token, [{ body: one, fileName: '스캔 1쪽.pdf' }]);
      await t.modules.omr.idle();
    });
    stop();

    const vector = await t.api(omrApi.batch, { token: staff.ta.token, params: { batchId: hostile } });
    expect(vector).toMatchObject({ status: 'review', total: 1000, done: 1000 });
    expect(vector.sheetList.every((s) => s.status === 'unreadable' && s.reason!.includes('스캔한 답안지가 아닙니다'))).toBe(true);
    const read = await t.api(omrApi.batch, { token: staff.manager.token, params: { batchId: quick } });
    expect(read.sheetList[0]!.status).not.toBe('unreadable');
    // The one-page batch started after the 30-page one and was read while it was still going.
    expect(finished.indexOf(quick)).toBeLessThan(finished.indexOf(slow));
    expect(finished).toHaveLength(3);
    expect(process.memoryUsage.rss() - rss).toBeLessThan(300 * MB);
    expect(peak).toBeLessThan(OMR_WORKER_LIMITS.memoryMb * MB);
  }, 240_000);
});
