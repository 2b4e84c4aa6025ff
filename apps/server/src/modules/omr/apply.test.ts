import type { Question } from '@academy/contracts/grading';
import { scoresApi } from '@academy/contracts/exams';
import { omrApi } from '@academy/contracts/omr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeExam } from '../exams/exams.testkit.ts';
import { makeLecture } from '../lectures/lectures.testkit.ts';
import { makeStaff, makeStudents } from '../users/users.testkit.ts';
import { makeReadyBatch } from './omr.testkit.ts';

/**
 * "점수로 반영" never overwrites a score silently: a student who already has a different score
 * (typed in the grid) waits for the TA's choice, shown beside the clinic state it would change.
 */
const KEY: Question[] = Array.from({ length: 10 }, (_, i): Question => ({ no: i + 1, kind: 'choice', answer: [1], points: 10 }));
/** Answers that grade to `score` (10 points a question). */
const scoring = (score: number) => KEY.map((_, i) => (i < score / 10 ? '1' : '2'));

let t: TestApp;
let staff: Awaited<ReturnType<typeof makeStaff>>;
let lectureId: number;
let wlId: number;
let examId: number;
let typed: { id: number; name: string };
let fresh: { id: number; name: string };
let same: { id: number; name: string };
const ta = () => staff.ta.token;
const cell = (userId: number) => t.api(scoresApi.get, { token: ta(), params: { examId, userId } });
const newBatch = (sheets: { userId: number; score: number }[]) =>
  makeReadyBatch(t, { examId, lectureId, weeklyLectureId: wlId, createdBy: staff.ta.id, sheets: sheets.map((s) => ({ userId: s.userId, answers: scoring(s.score) })) });

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  staff = await makeStaff(t);
  const students = await makeStudents(t, 3);
  [typed, fresh, same] = students.map((s) => ({ id: s.id, name: s.name })) as [typeof typed, typeof fresh, typeof same];
  const lecture = await makeLecture(t, { adminToken: staff.admin.token, students: students.map((s) => s.id) });
  lectureId = lecture.id;
  wlId = lecture.sessions.find((s) => s.participantCount > 0)!.id;
  examId = (await makeExam(t, { token: ta(), lectureId, weeklyLectureId: wlId, title: '12월 1주차 테스트', questions: KEY, cutline: 60 })).id;
  // Typed in the grid before the sheets come back: 55 is under the cutline, so 클리닉대상.
  await t.api(scoresApi.setValue, { token: ta(), params: { examId, userId: typed.id }, body: { scoreValue: 55 } });
  await t.api(scoresApi.setValue, { token: ta(), params: { examId, userId: same.id }, body: { scoreValue: 80 } });
}, 60_000);

afterAll(async () => {
  await t.app.close();
});

describe('omr apply', () => {
  it('previews every sheet against the score it would replace, and asks before overwriting a typed score', async () => {
    const { batchId, sheetOf } = await newBatch([{ userId: typed.id, score: 60 }, { userId: fresh.id, score: 90 }, { userId: same.id, score: 80 }]);
    expect((await cell(typed.id))).toMatchObject({ first: 55, clinic: 'required' });

    const batch = { token: ta(), params: { batchId } };
    const preview = await t.api(omrApi.applyPreview, batch);
    expect(preview).toMatchObject({ batchId, maxScore: 100, cutline: 60 });
    expect(preview.items).toEqual([
      { sheetId: sheetOf(typed.id), userId: typed.id, studentName: typed.name, currentScore: 55, currentClinic: 'required', omrScore: 60, differs: true },
      { sheetId: sheetOf(fresh.id), userId: fresh.id, studentName: fresh.name, currentScore: null, currentClinic: 'none', omrScore: 90, differs: false },
      { sheetId: sheetOf(same.id), userId: same.id, studentName: same.name, currentScore: 80, currentClinic: 'none', omrScore: 80, differs: false },
    ]);

    // Without a choice for the differing sheet nothing is written, and the message names the student.
    const refused = await t.apiError(omrApi.apply, { ...batch, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('omr.choice_required');
    expect(refused.message).toContain(`${typed.name} (지금 55점, 클리닉대상 → OMR 60점)`);
    expect(refused.message).toContain('골라 주세요');
    expect(await cell(typed.id)).toMatchObject({ first: 55, clinic: 'required' });
    expect((await cell(fresh.id)).first).toBeNull();

    // Bad choices are refused in Korean, naming the field by its Korean name.
    // A choice the contract does not know, sent by hand.
    const badUse = await t.call<ApiError>('POST', `/api/omr/batches/${batchId}/apply`, ta(), { choices: [{ sheetId: sheetOf(typed.id), use: 'both' }] });
    expect(badUse.status).toBe(400);
    expect(badUse.json.message).toContain('반영할 점수');
    expect(badUse.json.message).not.toMatch(/\buse\b|choices/);
    const stranger = await t.apiError(omrApi.apply, { ...batch, body: { choices: [{ sheetId: 999_999, use: 'omr' }] } });
    expect(stranger.status).toBe(404);
    expect(stranger.code).toBe('omr.sheet_not_found');

    // Keeping the typed score: 55 and 클리닉대상 stay; the others are written.
    const applied = await t.api(omrApi.apply, { ...batch, body: { choices: [{ sheetId: sheetOf(typed.id), use: 'current' }] } });
    expect(applied).toEqual({ applied: 2, kept: 1, remaining: 0 });
    expect(await cell(typed.id)).toMatchObject({ first: 55, clinic: 'required', answers: null });
    expect(await cell(fresh.id)).toMatchObject({ first: 90, clinic: 'none' });
    expect((await cell(same.id)).first).toBe(80);
    const done = await t.api(omrApi.batch, batch);
    expect(done.status).toBe('done');
    expect(done.sheets).toMatchObject({ applied: 2, kept: 1, ready: 0 });
    expect(done.sheetList.find((s) => s.userId === typed.id)).toMatchObject({ status: 'kept', reason: '기존 점수 55점을 유지했습니다 (OMR 60점)' });
    // The kept sheet is not the score's sheet.
    expect((await t.apiError(omrApi.scoreSheet, { token: ta(), params: { examId, userId: typed.id } })).status).toBe(404);
    expect((await t.api(omrApi.applyPreview, batch)).items).toEqual([]);
  });

  it('writes the OMR score over a typed one when the TA chooses it, and the clinic follows the score', async () => {
    const { batchId, sheetOf } = await newBatch([{ userId: typed.id, score: 60 }]);
    const applied = await t.api(omrApi.apply, { token: ta(), params: { batchId }, body: { choices: [{ sheetId: sheetOf(typed.id), use: 'omr' }] } });
    expect(applied).toEqual({ applied: 1, kept: 0, remaining: 0 });
    expect(await cell(typed.id)).toMatchObject({ first: 60, clinic: 'none' });
    const history = await t.api(scoresApi.history, { token: ta(), params: { examId, userId: typed.id } });
    expect(history.at(-1)!.action).toBe('score.omr');
  });
});
