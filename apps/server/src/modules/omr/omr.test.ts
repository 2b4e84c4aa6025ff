import type { Question } from '@academy/contracts/grading';
import { scoresApi, wlExamApi } from '@academy/contracts/exams';
import { isValidCandidateNumber, omrApi } from '@academy/contracts/omr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, type TestApp } from '../../../test/harness.ts';
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
const cellOf = (userId: number) => ({ token: ta(), params: { examId, userId } });

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
    const sheet = await t.api(omrApi.exam, { token: ta(), params: { examId } });
    expect(sheet.omitted).toEqual([14]);
    expect(sheet.candidates.map((c) => c.userId).sort()).toEqual([...studentIds].sort());
    for (const c of sheet.candidates) expect(isValidCandidateNumber(c.candidateNumber)).toBe(true);
    // Numbers are the student's for good: asking again hands out the same ones.
    const again = await t.api(omrApi.exam, { token: ta(), params: { examId } });
    expect(again.candidates.map((c) => c.candidateNumber)).toEqual(sheet.candidates.map((c) => c.candidateNumber));

    const pdf = await t.call('GET', `/api/wl-exam/${examId}/omr/sheets.pdf?mode=students`, ta());
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.call<ApiError>('GET', `/api/wl-exam/${examId}/omr/sheets.pdf?mode=blank&copies=0`, ta())).json.message).toContain('인쇄 부수');
    expect((await t.apiError(omrApi.exam, { token: outsiderToken, params: { examId } })).status).toBe(403);
  });

  it('reads a scanned PDF and a photo, holds doubtful answers for a person, then writes scores', async () => {
    const info = await t.api(omrApi.exam, { token: ta(), params: { examId } });
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

    const started = await t.api(omrApi.start, { token: ta(), params: { id: lectureId, wlId }, body: { examId, fileIds: [pdfUpload.fileId, photoUpload.fileId] } });
    await t.modules.omr.idle();
    let batch = await t.api(omrApi.batch, { token: ta(), params: { batchId: started.id } });
    expect(batch).toMatchObject({ status: 'review', total: 4, done: 4 });
    expect(batch.sheetList.map((s) => s.page)).toEqual([1, 2, 3, 1]);

    // Nothing is a score before the apply.
    const before = await t.api(scoresApi.get, cellOf(scanned[0]!.truth.userId!));
    expect(before.answers).toBeNull();

    const truths = [...scanned, photo];
    for (const [i, summary] of batch.sheetList.entries()) {
      const truth = truths[i]!.truth;
      expect(summary.status).not.toBe('unreadable');
      const sheet = await t.api(omrApi.sheet, { token: ta(), params: { sheetId: summary.id } });
      expect(sheet.imageUrl).toBeTruthy();
      expect(sheet.fields.find((f) => f.id === 'q1')!.fills).toHaveLength(5);
      // Confirm as a person would: the flagged questions get the truth, the student when unknown.
      const answers = sheet.questions.filter((q) => q.flagged).map((q) => ({ no: q.no, answer: truthAnswer(truth.fields, q.no) }));
      const body = { answers, ...(sheet.userId === null ? { userId: truth.userId! } : {}) };
      if (summary.status === 'review') {
        const confirmed = await t.api(omrApi.confirm, { token: ta(), params: { sheetId: summary.id }, body });
        expect(confirmed.status).toBe('ready');
      }
      if (sheet.userId !== null) expect(sheet.userId).toBe(truth.userId);
    }
    const firstSheet = { token: ta(), params: { sheetId: batch.sheetList[0]!.id } };
    expect((await t.apiError(omrApi.confirm, { ...firstSheet, body: { answers: [{ no: 1, answer: '7' }] } })).message).toContain('1–5');
    expect((await t.apiError(omrApi.confirm, { ...firstSheet, body: { answers: [], userId: studentIds.length + 9999 } })).status).toBe(400);

    const applied = await t.api(omrApi.apply, { token: ta(), params: { batchId: batch.id }, body: {} });
    expect(applied).toEqual({ applied: 4, kept: 0, remaining: 0 });
    batch = await t.api(omrApi.batch, { token: ta(), params: { batchId: batch.id } });
    expect(batch.status).toBe('done');

    for (const s of truths) {
      const cell = await t.api(scoresApi.get, cellOf(s.truth.userId!));
      const want = KEY.map((q) => truthAnswer(s.truth.fields, q.no));
      expect(cell.answers).toEqual(want);
      expect(cell.first).toBe(KEY.reduce((sum, q, i) => sum + (q.kind === 'choice' && want[i] === String(q.answer[0]) ? q.points : q.kind === 'short' && want[i] === q.answer[0] ? q.points : 0), 0));
      const history = await t.api(scoresApi.history, cellOf(s.truth.userId!));
      expect(history.at(-1)!.action).toBe('score.omr');
    }

    // A key change re-grades OMR answers like any other.
    const target = truths[0]!.truth;
    const changedKey = KEY.map((q) => (q.no === 1 && q.kind === 'choice' ? { ...q, answer: [Number(truthAnswer(target.fields, 1) ?? 1)] } : q));
    await t.api(wlExamApi.setAnswers, { token: ta(), params: { examId }, body: { questions: changedKey } });
    const regraded = await t.api(scoresApi.get, cellOf(target.userId!));
    expect(regraded.marks![0]).toBe(truthAnswer(target.fields, 1) === null ? '0' : '1');

    // The sheet opens from the score; deleting it clears the score and leaves an audit entry.
    const fromScore = await t.api(omrApi.scoreSheet, cellOf(target.userId!));
    expect(fromScore.userId).toBe(target.userId);
    const deleted = await t.api(scoresApi.deleteOmr, cellOf(target.userId!));
    expect(deleted).toMatchObject({ answers: null, first: null });
    expect((await t.apiError(omrApi.scoreSheet, cellOf(target.userId!))).status).toBe(404);
    expect((await t.apiError(scoresApi.deleteOmr, cellOf(target.userId!))).code).toBe('exams.omr_not_found');
    const trail = await t.api(scoresApi.history, cellOf(target.userId!));
    expect(trail.at(-1)!.action).toBe('score.omr_delete');

    // Deleting the exam's OMR files removes the uploads; the other scores stay.
    const removed = await t.api(wlExamApi.deleteOmrFiles, { token: ta(), params: { examId } });
    expect(removed).toEqual({ deleted: 2 });
    expect((await t.apiError(omrApi.batch, { token: ta(), params: { batchId: batch.id } })).status).toBe(404);
    const kept = await t.api(scoresApi.get, cellOf(truths[1]!.truth.userId!));
    expect(kept.answers).not.toBeNull();
  }, 240_000);

  it('refuses files that are not this session\'s OMR uploads and keeps students out', async () => {
    const material = await uploadFile(t, { token: ta(), body: Buffer.from('%PDF-1.4\n%%EOF\n'), fileName: '자료.pdf', weeklyLectureId: wlId });
    const session = { id: lectureId, wlId };
    const res = await t.apiError(omrApi.start, { token: ta(), params: session, body: { examId, fileIds: [material.fileId] } });
    expect(res.status).toBe(404);
    expect(res.message).toContain('OMR 파일이 아닙니다');
    expect((await t.apiError(omrApi.start, { token: ta(), params: session, body: { examId, fileIds: [] } })).message).toContain('OMR 파일');
    expect((await t.apiError(omrApi.list, { token: outsiderToken, params: session })).status).toBe(403);
  });
});

/** The answer a student meant for question `no`, as the exam stores it. */
function truthAnswer(fields: Record<string, string[]>, no: number): string | null {
  const choice = fields[`q${no}`];
  if (choice) return choice.length ? choice.join(',') : null;
  const digits = [1, 2, 3].map((d) => fields[`q${no}_${d}`]?.[0] ?? '').join('');
  return digits === '' ? null : String(Number(digits));
}
