import { addDays, kstToday } from '@academy/contracts/dates';
import { examsApi, type GradeChange, portalExamsApi, scoresApi, wlExamApi } from '@academy/contracts/exams';
import { topicOf } from '@academy/contracts/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeLecture } from '../lectures/lectures.testkit.ts';
import { makeStaff, makeStudents, type TestAccount } from '../users/users.testkit.ts';
import { choiceKey, makeExam, sheet } from './exams.testkit.ts';

let t: TestApp;
let staff: Awaited<ReturnType<typeof makeStaff>>;
let kids: TestAccount[];
let lectureId: number;
let wlId: number;
const cell = (examId: number, userId: number) => ({ examId, userId });

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  staff = await makeStaff(t);
  kids = await makeStudents(t, 6);
  const today = kstToday(t.clock.now);
  const lecture = await makeLecture(t, { adminToken: staff.admin.token, students: kids.map((k) => k.id), startDate: today, endDate: addDays(today, 27) });
  lectureId = lecture.id;
  wlId = lecture.sessions[0]!.id;
}, 60_000);
afterAll(() => t.close());

describe('scores', () => {
  it('a typed score marks the student present, under the cutline makes them 클리닉대상, and is audited', async () => {
    const exam = await makeExam(t, { token: staff.ta.token, lectureId, weeklyLectureId: wlId, cutline: 60 });
    const low = await t.api(scoresApi.setValue, { token: staff.ta.token, params: cell(exam.id, kids[0]!.id), body: { scoreValue: 45 } });
    expect(low).toMatchObject({ first: 45, status: 'taken', clinic: 'required', version: 1, updatedByName: '박조교' });
    const fixed = await t.api(scoresApi.setValue, { token: staff.ta.token, params: cell(exam.id, kids[0]!.id), body: { scoreValue: 75, version: 1 } });
    expect(fixed).toMatchObject({ first: 75, clinic: 'none', version: 2 });
    const history = await t.api(scoresApi.history, { token: staff.ta.token, params: cell(exam.id, kids[0]!.id) });
    const firsts = history.map((h) => [(h.before as { first: number } | null)?.first ?? null, (h.after as { first: number }).first]);
    expect(firsts).toEqual([[null, 45], [45, 75]]);
    expect(history[0]!.actorName).toBe('박조교');
    const over = await t.apiError(scoresApi.setValue, { token: staff.ta.token, params: cell(exam.id, kids[0]!.id), body: { scoreValue: 101 } });
    expect(over.status).toBe(400);
    expect(over.code).toBe('exams.value_out_of_range');
  });

  it('refuses a write from an outdated screen instead of overwriting', async () => {
    const exam = await makeExam(t, { token: staff.ta.token, lectureId, weeklyLectureId: wlId });
    await t.api(scoresApi.setValue, { token: staff.ta.token, params: cell(exam.id, kids[1]!.id), body: { scoreValue: 80, version: 0 } });
    const stale = await t.apiError(scoresApi.setValue, { token: staff.manager.token, params: cell(exam.id, kids[1]!.id), body: { scoreValue: 90, version: 0 } });
    expect(stale.status).toBe(409);
    expect(stale.code).toBe('exams.version_conflict');
    expect((await t.api(scoresApi.get, { token: staff.ta.token, params: cell(exam.id, kids[1]!.id) })).first).toBe(80);
  });

  it('manual entry grades the answers against the key at once', async () => {
    const key = choiceKey(10, 10);
    const exam = await makeExam(t, { token: staff.ta.token, lectureId, weeklyLectureId: wlId, questions: key });
    const res = await t.api(scoresApi.manualEntry, { token: staff.ta.token, params: cell(exam.id, kids[2]!.id), body: { answers: sheet(key, 7) } });
    expect(res).toMatchObject({ first: 70, marks: '1111111000', status: 'taken' });
  });

  it('locks: a second TA is refused while the first types, and cannot write the cell; release frees it', async () => {
    const exam = await makeExam(t, { token: staff.ta.token, lectureId, weeklyLectureId: wlId });
    const lock = await t.api(scoresApi.lock, { token: staff.ta.token, params: cell(exam.id, kids[3]!.id) });
    expect(lock).toMatchObject({ holderName: '박조교' });
    const second = await t.apiError(scoresApi.lock, { token: staff.manager.token, params: cell(exam.id, kids[3]!.id) });
    expect(second.status).toBe(409);
    expect(second.message).toContain('박조교 님이 입력 중');
    const write = await t.apiError(scoresApi.setValue, { token: staff.manager.token, params: cell(exam.id, kids[3]!.id), body: { scoreValue: 50 } });
    expect(write.status).toBe(409);
    expect(write.code).toBe('exams.cell_locked');
    // The holder's write releases the lock in its transaction: nothing is left to release.
    await t.api(scoresApi.setValue, { token: staff.ta.token, params: cell(exam.id, kids[3]!.id), body: { scoreValue: 88 } });
    expect(await t.api(scoresApi.unlock, { token: staff.ta.token, params: cell(exam.id, kids[3]!.id) })).toEqual({ released: false });
    await t.api(scoresApi.lock, { token: staff.manager.token, params: cell(exam.id, kids[3]!.id) });
    expect(await t.api(scoresApi.unlock, { token: staff.manager.token, params: cell(exam.id, kids[3]!.id) })).toEqual({ released: true });
    // An abandoned lock lapses after a minute.
    t.clock.advance(61_000);
    await t.api(scoresApi.lock, { token: staff.ta.token, params: cell(exam.id, kids[3]!.id) });
  });

  it('batch update is all-or-nothing', async () => {
    const exam = await makeExam(t, { token: staff.ta.token, lectureId, weeklyLectureId: wlId });
    const items = kids.slice(0, 5).map((k, i) => ({ examId: exam.id, userId: k.id, scoreValue: 60 + i }));
    const outsider = (await makeStudents(t, 1))[0]!;
    const bad = await t.apiError(scoresApi.batch, { token: staff.ta.token, body: { items: [...items, { examId: exam.id, userId: outsider.id, scoreValue: 50 }] } });
    expect(bad.status).toBe(400);
    expect(bad.code).toBe('exams.not_participant');
    expect((await t.api(scoresApi.get, { token: staff.ta.token, params: cell(exam.id, kids[0]!.id) })).version).toBe(0);
    const ok = await t.api(scoresApi.batch, { token: staff.ta.token, body: { items } });
    expect(ok.updated).toBe(5);
    const grid = await t.api(examsApi.grid, { token: staff.ta.token, params: { id: lectureId, wlId } });
    const col = grid.exams.findIndex((e) => e.id === exam.id);
    expect(grid.students.find((s) => s.userId === kids[4]!.id)!.first[col]).toBe(64);
  });

  it('grades by rank: ties share the better grade; a student cannot see unreleased scores', async () => {
    const exam = await makeExam(t, { token: staff.ta.token, lectureId, weeklyLectureId: wlId, gradeMode: 'relative5', maxScore: 100, questions: [] });
    const values = [100, 90, 90, 70, 50, 30];
    await t.api(scoresApi.batch, { token: staff.ta.token, body: { items: kids.map((k, i) => ({ examId: exam.id, userId: k.id, scoreValue: values[i] })) } });
    const grades = await Promise.all(kids.map(async (k) => (await t.api(scoresApi.get, { token: staff.ta.token, params: cell(exam.id, k.id) })).grade));
    // 6 takers, 5 grades (10/34/66/90/100 %): ranks 1,2,2,4,5,6 → shares 16.7, 33.3, 33.3, 66.7, 83.3, 100.
    expect(grades).toEqual([2, 2, 2, 4, 4, 5]);
    expect(await t.api(portalExamsApi.results, { token: kids[0]!.token })).toEqual([]);
    expect((await t.apiError(portalExamsApi.result, { token: kids[0]!.token, params: { examId: exam.id } })).status).toBe(403);
    await t.api(wlExamApi.readyToShow, { token: staff.ta.token, params: { examId: exam.id }, body: { readyToShow: true } });
    const mine = await t.api(portalExamsApi.results, { token: kids[1]!.token });
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ score: 90, rank: 2, takers: 6, grade: 2 });
  });

  it('a write that moves other students\' grades announces their new versions, so their screens can write next', async () => {
    const exam = await makeExam(t, { token: staff.ta.token, lectureId, weeklyLectureId: wlId, gradeMode: 'relative5', maxScore: 100, questions: [] });
    await t.api(scoresApi.batch, { token: staff.ta.token, body: { items: kids.slice(0, 5).map((k, i) => ({ examId: exam.id, userId: k.id, scoreValue: 100 - i * 10 })) } });
    const topics = [topicOf('lecture', lectureId)];
    const seen = (await t.ctx.realtime.since({ topics, after: 0, now: t.clock.now })).at(-1)?.id ?? 0;
    await t.api(scoresApi.setValue, { token: staff.ta.token, params: cell(exam.id, kids[5]!.id), body: { scoreValue: 95 } });
    const event = (await t.ctx.realtime.since({ topics, after: seen, now: t.clock.now })).find((e) => e.type === 'scores');
    const moved = (event!.data as { grades: GradeChange[] }).grades;
    expect(moved.length).toBeGreaterThan(0);
    for (const g of moved) {
      const now = await t.api(scoresApi.get, { token: staff.ta.token, params: cell(g.examId, g.userId) });
      expect({ grade: now.grade, version: now.version }).toEqual({ grade: g.grade, version: g.version });
    }
    await t.api(scoresApi.setValue, { token: staff.manager.token, params: cell(exam.id, moved[0]!.userId), body: { scoreValue: 55, version: moved[0]!.version } });
  });

  it('a typed score is one request: on a free cell one event, and the holder\'s write releases its lock, told to the grids', async () => {
    const exam = await makeExam(t, { token: staff.ta.token, lectureId, weeklyLectureId: wlId, maxScore: 100, questions: [] });
    const topics = [topicOf('lecture', lectureId)];
    const after = async () => (await t.ctx.realtime.since({ topics, after: 0, now: t.clock.now })).at(-1)?.id ?? 0;
    const since = async (id: number) => (await t.ctx.realtime.since({ topics, after: id, now: t.clock.now })).map((e) => e.type);

    let mark = await after();
    await t.api(scoresApi.setValue, { token: staff.ta.token, params: cell(exam.id, kids[0]!.id), body: { scoreValue: 80, version: 0 } });
    expect(await since(mark)).toEqual(['score']);

    await t.api(scoresApi.lock, { token: staff.ta.token, params: cell(exam.id, kids[1]!.id) });
    mark = await after();
    await t.api(scoresApi.setValue, { token: staff.ta.token, params: cell(exam.id, kids[1]!.id), body: { scoreValue: 70, version: 0 } });
    expect(await since(mark)).toEqual(['unlock', 'score']);
    const grid = await t.api(examsApi.grid, { token: staff.ta.token, params: { id: lectureId, wlId } });
    expect(grid.locks.filter((l) => l.examId === exam.id)).toEqual([]);

    // Two TAs typing into the same free cell: the second write carries the version it saw and is refused.
    await t.api(scoresApi.setValue, { token: staff.ta.token, params: cell(exam.id, kids[2]!.id), body: { scoreValue: 60, version: 0 } });
    const late = await t.apiError(scoresApi.setValue, { token: staff.manager.token, params: cell(exam.id, kids[2]!.id), body: { scoreValue: 65, version: 0 } });
    expect(late.code).toBe('exams.version_conflict');
    expect((await t.api(scoresApi.get, { token: staff.ta.token, params: cell(exam.id, kids[2]!.id) })).first).toBe(60);
  });

  it('a memo write does not re-rank the group; a score write does', async () => {
    const exam = await makeExam(t, { token: staff.ta.token, lectureId, weeklyLectureId: wlId, gradeMode: 'relative9', maxScore: 100, questions: [] });
    await t.api(scoresApi.batch, { token: staff.ta.token, body: { items: kids.map((k, i) => ({ examId: exam.id, userId: k.id, scoreValue: 90 - i * 10 })) } });
    const statements: string[] = [];
    const stop = t.database.observe((s) => statements.push(s));
    await t.api(scoresApi.setMemo, { token: staff.ta.token, params: cell(exam.id, kids[0]!.id), body: { memo: '오답노트 확인' } });
    stop();
    expect(statements.some((s) => /rank\(\) over/i.test(s))).toBe(false);
    const again: string[] = [];
    const stop2 = t.database.observe((s) => again.push(s));
    await t.api(scoresApi.setValue, { token: staff.ta.token, params: cell(exam.id, kids[0]!.id), body: { scoreValue: 20 } });
    stop2();
    expect(again.some((s) => /rank\(\) over/i.test(s))).toBe(true);
    expect((await t.api(scoresApi.get, { token: staff.ta.token, params: cell(exam.id, kids[0]!.id) })).grade).toBe(9);
  });

  it('a retake score over the full marks is refused, by cell and in a batch', async () => {
    const exam = await makeExam(t, { token: staff.ta.token, lectureId, weeklyLectureId: wlId, maxScore: 50, questions: [] });
    const one = await t.apiError(scoresApi.setValue, { token: staff.ta.token, params: cell(exam.id, kids[0]!.id), body: { scoreValue: 60, attemptType: 'retake' } });
    expect(one.status).toBe(400);
    expect(one).toMatchObject({ code: 'exams.value_out_of_range', message: expect.stringContaining('만점(50점)') });
    const batch = await t.apiError(scoresApi.batch, { token: staff.ta.token, body: { items: [{ examId: exam.id, userId: kids[1]!.id, scoreValue: 51, attemptType: 'retake' }] } });
    expect(batch.status).toBe(400);
    expect((await t.api(scoresApi.setValue, { token: staff.ta.token, params: cell(exam.id, kids[0]!.id), body: { scoreValue: 50, attemptType: 'retake' } })).retake).toBe(50);
  });
});
