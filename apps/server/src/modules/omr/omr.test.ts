import type { Question } from '@academy/contracts/grading';
import { isValidCandidateNumber, type OmrBatchDetail, type OmrExamSheet, type OmrSheet } from '@academy/contracts/omr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeExam } from '../exams/exams.testkit.ts';
import { uploadFile } from '../files/files.testkit.ts';
import { makeLecture } from '../lectures/lectures.testkit.ts';
import { makeStaff, makeStudents } from '../users/users.testkit.ts';
import { buildExamLayout, createSheetGenerator, type GeneratedSheet, scannerPdf } from './omr.testkit.ts';

/**
 * The OMR flow through HTTP: print the exam's sheets, upload a scanned PDF and a phone photo made
 * from that very PDF, read them in worker threads, confirm what was doubtful, and only then see
 * the answers graded as scores; then open the score's sheet and delete it.
 */
const KEY: Question[] = [
  ...Array.from({ length: 12 }, (_, i): Question => ({ no: i + 1, kind: 'choice', answer: [(i % 5) + 1], points: 5 })),
  { no: 13, kind: 'short', answer: ['120'], points: 20 },
  { no: 14, kind: 'short', answer: ['x+1'], points: 20 },
];

let t: TestApp;
let staff: Awaited<ReturnType<typeof makeStaff>>;
let lectureId: number;
let wlId: number;
let examId: number;
let studentIds: number[];
let outsiderToken: string;
const ta = () => staff.ta.token;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  staff = await makeStaff(t);
  const students = await makeStudents(t, 4);
  const [outsider] = await makeStudents(t, 1);
  outsiderToken = outsider!.token;
  studentIds = students.map((s) => s.id);
  const lecture = await makeLecture(t, { adminToken: staff.admin.token, students: studentIds });
  lectureId = lecture.id;
  wlId = lecture.sessions.find((s) => s.participantCount > 0)!.id;
  examId = (await makeExam(t, { token: ta(), lectureId, weeklyLectureId: wlId, title: '3월 2주차 테스트', questions: KEY })).id;
}, 60_000);

afterAll(async () => {
  await t.app.close();
});

describe('omr', () => {
  it('lays out the exam, numbers every participant and prints their sheets', async () => {
    const sheet = (await t.call('GET', `/api/wl-exam/${examId}/omr`, ta())).json as OmrExamSheet;
    expect(sheet.omitted).toEqual([14]);
    expect(sheet.candidates.map((c) => c.userId).sort()).toEqual([...studentIds].sort());
    for (const c of sheet.candidates) expect(isValidCandidateNumber(c.candidateNumber)).toBe(true);
    // Numbers are the student's for good: asking again hands out the same ones.
    const again = (await t.call('GET', `/api/wl-exam/${examId}/omr`, ta())).json as OmrExamSheet;
    expect(again.candidates.map((c) => c.candidateNumber)).toEqual(sheet.candidates.map((c) => c.candidateNumber));

    const pdf = await t.call('GET', `/api/wl-exam/${examId}/omr/sheets.pdf?mode=students`, ta());
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.call('GET', `/api/wl-exam/${examId}/omr/sheets.pdf?mode=blank&copies=0`, ta())).json.message).toContain('인쇄 부수');
    expect((await t.call('GET', `/api/wl-exam/${examId}/omr`, outsiderToken)).status).toBe(403);
  });

  it('reads a scanned PDF and a photo, holds doubtful answers for a person, then writes scores', async () => {
    const info = (await t.call('GET', `/api/wl-exam/${examId}/omr`, ta())).json as OmrExamSheet;
    const layout = buildExamLayout(KEY);
    const gen = await createSheetGenerator({
      layout, heading: { title: '3월 2주차 테스트', lecture: '강좌', date: '2026. 3. 14.(토)', examId },
      students: info.candidates.map((c) => ({ userId: c.userId, name: c.name, candidateNumber: c.candidateNumber })),
    });
    const scanned: GeneratedSheet[] = [];
    for (let seed = 1; scanned.length < 3; seed++) {
      const s = await gen.scanned(seed);
      // One sheet per student, and every one identified (a blank page would ask a person for the student).
      if (!s.truth.blank && !scanned.some((x) => x.truth.userId === s.truth.userId)) scanned.push(s);
    }
    const photo = await (async () => {
      for (let seed = 100; ; seed++) {
        const p = await gen.photographed(seed);
        if (!p.truth.blank && !scanned.some((x) => x.truth.userId === p.truth.userId)) return p;
      }
    })();
    const pdfUpload = await uploadFile(t, { token: ta(), body: Buffer.from(await scannerPdf(scanned.map((s) => s.image))), fileName: '스캔.pdf', kind: 'omr', weeklyLectureId: wlId });
    const photoUpload = await uploadFile(t, { token: ta(), body: Buffer.from(photo.image), fileName: 'IMG_0001.jpg', contentType: 'image/jpeg', kind: 'omr', weeklyLectureId: wlId });

    const started = await t.call('POST', `/api/lectures/${lectureId}/weekly-lectures/${wlId}/grade-omr`, ta(), { examId, fileIds: [pdfUpload.fileId, photoUpload.fileId] });
    expect(started.status).toBe(200);
    await t.modules.omr.idle();
    let batch = (await t.call('GET', `/api/omr/batches/${started.json.id}`, ta())).json as OmrBatchDetail;
    expect(batch).toMatchObject({ status: 'review', total: 4, done: 4 });
    expect(batch.sheetList.map((s) => s.page)).toEqual([1, 2, 3, 1]);

    // Nothing is a score before the apply.
    const before = await t.call('GET', `/api/wl-score/${examId}/${scanned[0]!.truth.userId}`, ta());
    expect(before.json.answers).toBeNull();

    const truths = [...scanned, photo];
    for (const [i, summary] of batch.sheetList.entries()) {
      const truth = truths[i]!.truth;
      expect(summary.status).not.toBe('unreadable');
      const sheet = (await t.call('GET', `/api/omr/sheets/${summary.id}`, ta())).json as OmrSheet;
      expect(sheet.imageUrl).toBeTruthy();
      expect(sheet.fields.find((f) => f.id === 'q1')!.fills).toHaveLength(5);
      // Confirm as a person would: the flagged questions get the truth, the student when unknown.
      const answers = sheet.questions.filter((q) => q.flagged).map((q) => ({ no: q.no, answer: truthAnswer(truth.fields, q.no) }));
      const body = { answers, ...(sheet.userId === null ? { userId: truth.userId! } : {}) };
      if (summary.status === 'review') {
        const confirmed = await t.call('PUT', `/api/omr/sheets/${summary.id}/confirm`, ta(), body);
        expect(confirmed.json.status).toBe('ready');
      }
      if (sheet.userId !== null) expect(sheet.userId).toBe(truth.userId);
    }
    expect((await t.call('PUT', `/api/omr/sheets/${batch.sheetList[0]!.id}/confirm`, ta(), { answers: [{ no: 1, answer: '7' }] })).json.message).toContain('1–5');
    expect((await t.call('PUT', `/api/omr/sheets/${batch.sheetList[0]!.id}/confirm`, ta(), { answers: [], userId: studentIds.length + 9999 })).status).toBe(400);

    const applied = await t.call('POST', `/api/omr/batches/${batch.id}/apply`, ta(), {});
    expect(applied.json).toEqual({ applied: 4, kept: 0, remaining: 0 });
    batch = (await t.call('GET', `/api/omr/batches/${batch.id}`, ta())).json as OmrBatchDetail;
    expect(batch.status).toBe('done');

    for (const s of truths) {
      const cell = (await t.call('GET', `/api/wl-score/${examId}/${s.truth.userId}`, ta())).json;
      const want = KEY.map((q) => truthAnswer(s.truth.fields, q.no));
      expect(cell.answers).toEqual(want);
      expect(cell.first).toBe(KEY.reduce((sum, q, i) => sum + (q.kind === 'choice' && want[i] === String(q.answer[0]) ? q.points : q.kind === 'short' && want[i] === q.answer[0] ? q.points : 0), 0));
      const history = (await t.call('GET', `/api/wl-score/${examId}/${s.truth.userId}/history`, ta())).json as { action: string }[];
      expect(history.at(-1)!.action).toBe('score.omr');
    }

    // A key change re-grades OMR answers like any other.
    const target = truths[0]!.truth;
    const changedKey = KEY.map((q) => (q.no === 1 ? { ...q, answer: [Number(truthAnswer(target.fields, 1) ?? 1)] } : q));
    await t.call('PUT', `/api/wl-exam/${examId}/answers`, ta(), { questions: changedKey });
    const regraded = (await t.call('GET', `/api/wl-score/${examId}/${target.userId}`, ta())).json;
    expect(regraded.marks[0]).toBe(truthAnswer(target.fields, 1) === null ? '0' : '1');

    // The sheet opens from the score; deleting it clears the score and leaves an audit entry.
    const fromScore = await t.call('GET', `/api/wl-score/${examId}/${target.userId}/omr`, ta());
    expect(fromScore.json.userId).toBe(target.userId);
    const deleted = await t.call('DELETE', `/api/wl-score/${examId}/${target.userId}/omr`, ta());
    expect(deleted.json).toMatchObject({ answers: null, first: null });
    expect((await t.call('GET', `/api/wl-score/${examId}/${target.userId}/omr`, ta())).status).toBe(404);
    expect((await t.call('DELETE', `/api/wl-score/${examId}/${target.userId}/omr`, ta())).json.code).toBe('exams.omr_not_found');
    const trail = (await t.call('GET', `/api/wl-score/${examId}/${target.userId}/history`, ta())).json as { action: string }[];
    expect(trail.at(-1)!.action).toBe('score.omr_delete');

    // Deleting the exam's OMR files removes the uploads; the other scores stay.
    const removed = await t.call('DELETE', `/api/wl-exam/${examId}/omr-files`, ta());
    expect(removed.json).toEqual({ deleted: 2 });
    expect((await t.call('GET', `/api/omr/batches/${batch.id}`, ta())).status).toBe(404);
    const kept = (await t.call('GET', `/api/wl-score/${examId}/${truths[1]!.truth.userId}`, ta())).json;
    expect(kept.answers).not.toBeNull();
  }, 240_000);

  it('refuses files that are not this session\'s OMR uploads and keeps students out', async () => {
    const material = await uploadFile(t, { token: ta(), body: Buffer.from('%PDF-1.4\n%%EOF\n'), fileName: '자료.pdf', weeklyLectureId: wlId });
    const res = await t.call('POST', `/api/lectures/${lectureId}/weekly-lectures/${wlId}/grade-omr`, ta(), { examId, fileIds: [material.fileId] });
    expect(res.status).toBe(404);
    expect(res.json.message).toContain('OMR 파일이 아닙니다');
    expect((await t.call('POST', `/api/lectures/${lectureId}/weekly-lectures/${wlId}/grade-omr`, ta(), { examId, fileIds: [] })).json.message).toContain('OMR 파일');
    expect((await t.call('GET', `/api/lectures/${lectureId}/weekly-lectures/${wlId}/grade-omr`, outsiderToken)).status).toBe(403);
  });
});

/** The answer a student meant for question `no`, as the exam stores it. */
function truthAnswer(fields: Record<string, string[]>, no: number): string | null {
  const choice = fields[`q${no}`];
  if (choice) return choice.length ? choice.join(',') : null;
  const digits = [1, 2, 3].map((d) => fields[`q${no}_${d}`]?.[0] ?? '').join('');
  return digits === '' ? null : String(Number(digits));
}
