import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeLecture } from '../lectures/lectures.testkit.ts';
import { makeStaff, makeStudents, type TestAccount } from '../users/users.testkit.ts';
import { examQueries, type ExamQueries, type ScoreRow } from './exams.queries.ts';

/**
 * The exams area's statements, called directly on the database (no HTTP): what each returns, typed
 * by the builder or parsed by its schema, and the statements the write path depends on.
 */
let t: TestApp;
let q: ExamQueries;
let kids: TestAccount[];
let staff: Awaited<ReturnType<typeof makeStaff>>;
let session: { id: number; lectureId: number };

const at = new Date('2026-11-23T10:00:00.000Z');
const cell = (examId: number, userId: number, over: Partial<ScoreRow> = {}): ScoreRow => ({
  id: 0, examId, userId, first: null, retake: null, answers: null, marks: null, retakeAnswers: null, retakeMarks: null, status: 'not_taken', clinic: 'none',
  delivery: 'none', grade: null, gradeManual: false, memo: '', submittedAt: null, version: 1, updatedAt: at, updatedBy: null, ...over,
});

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  q = examQueries(t.ctx.db);
  staff = await makeStaff(t);
  kids = await makeStudents(t, 4);
  const lecture = await makeLecture(t, { adminToken: staff.admin.token, students: kids.map((k) => k.id) });
  session = { id: lecture.sessions[0]!.id, lectureId: lecture.id };
});
afterAll(async () => {
  await t?.close();
});

async function newExam(over: { title?: string; gradeMode?: 'none' | 'relative9'; cutline?: number | null } = {}) {
  const [row] = await q.insertExams([{ lectureId: session.lectureId, weeklyLectureId: session.id, seq: await q.nextSeq(session.id), title: over.title ?? '쿼리 시험', questions: [], maxScore: 100, cutline: over.cutline ?? null, gradeMode: over.gradeMode ?? 'none' }]);
  return row!;
}

describe('exams.queries', () => {
  it('upserts many cells in one statement, columns named by the table, and returns their ids in order', async () => {
    const exam = await newExam();
    const ids = await q.upsertScores(kids.map((k, i) => cell(exam.id, k.id, { first: 50 + i * 10.5, status: 'taken', answers: ['1', null], memo: `m${i}` })));
    expect(ids).toHaveLength(4);
    const again = await q.upsertScores([cell(exam.id, kids[1]!.id, { first: 99, status: 'taken', version: 2, updatedBy: staff.ta.id })]);
    expect(again).toEqual([ids[1]]);
    const rows = await q.scoresForWrite([exam.id], kids.map((k) => k.id));
    const byUser = new Map(rows.map((r) => [r.userId, r]));
    expect(byUser.get(kids[0]!.id)).toMatchObject({ first: 50, answers: ['1', null], memo: 'm0', status: 'taken', version: 1 });
    expect(byUser.get(kids[1]!.id)).toMatchObject({ first: 99, version: 2, updatedBy: staff.ta.id, memo: '' });
    expect(byUser.get(kids[2]!.id)!.first).toBe(71);
    expect(byUser.get(kids[0]!.id)!.updatedAt).toBeInstanceOf(Date);
  });

  it('ranks the takers into relative grades and returns only the cells whose grade moved', async () => {
    const exam = await newExam({ gradeMode: 'relative9' });
    await q.upsertScores(kids.map((k, i) => cell(exam.id, k.id, { first: 90 - i * 10, status: 'taken' })));
    const moved = await q.regradeRanks([exam.id]);
    expect(moved.map((m) => m.grade).sort()).toEqual([4, 5, 6, 9]);
    expect(moved.every((m) => m.examId === exam.id && typeof m.version === 'number')).toBe(true);
    expect(await q.regradeRanks([exam.id])).toEqual([]);
  });

  it('resettles the clinic of a whole exam when the cutline moves', async () => {
    const exam = await newExam({ cutline: 60 });
    await q.upsertScores([cell(exam.id, kids[0]!.id, { first: 40, status: 'taken' }), cell(exam.id, kids[1]!.id, { first: 80, status: 'taken', clinic: 'required' })]);
    const moved = await q.resettleClinic({ id: exam.id, cutline: 60 });
    expect(new Map(moved.map((m) => [m.userId, m.clinic]))).toEqual(new Map([[kids[0]!.id, 'required'], [kids[1]!.id, 'none']]));
  });

  it('moves one clinic status from → to, the asked exam or the oldest, and returns the cell with its lecture', async () => {
    const exam = await newExam();
    await q.upsertScores([cell(exam.id, kids[3]!.id, { clinic: 'required' })]);
    const booked = await q.moveClinic({ userId: kids[3]!.id, from: 'required', to: 'booked', examId: exam.id, at, actorId: staff.ta.id });
    expect(booked).toMatchObject({ examId: exam.id, userId: kids[3]!.id, clinic: 'booked', version: 2, updatedBy: staff.ta.id, lectureId: session.lectureId });
    expect(booked!.updatedAt).toBeInstanceOf(Date);
    expect(await q.moveClinic({ userId: kids[3]!.id, from: 'required', to: 'booked', examId: exam.id, at, actorId: staff.ta.id })).toBeUndefined();
  });

  it('takes a lock with a Date expiry, refuses a live one held by another, and claims a write: the writer\'s locks released, others\' reported', async () => {
    const exam = await newExam();
    const [a, b] = [kids[0]!.id, kids[1]!.id];
    const mine = await q.takeLock({ examId: exam.id, userId: a, holderId: staff.ta.id, holderName: '박조교', expiresAt: new Date(at.getTime() + 60_000), now: at });
    expect(mine!.expiresAt).toBeInstanceOf(Date);
    expect(mine!.expiresAt.toISOString()).toBe('2026-11-23T10:01:00.000Z');
    expect(await q.takeLock({ examId: exam.id, userId: a, holderId: staff.manager.id, holderName: '이실장', expiresAt: new Date(at.getTime() + 60_000), now: at })).toBeUndefined();
    // A lapsed lock is taken over.
    expect(await q.takeLock({ examId: exam.id, userId: a, holderId: staff.manager.id, holderName: '이실장', expiresAt: new Date(at.getTime() + 180_000), now: new Date(at.getTime() + 120_000) })).toMatchObject({ holderId: staff.manager.id });
    await q.takeLock({ examId: exam.id, userId: b, holderId: staff.ta.id, holderName: '박조교', expiresAt: new Date(at.getTime() + 60_000), now: at });

    const claim = await q.claimLocks([{ examId: exam.id, userId: a }, { examId: exam.id, userId: b }], staff.ta.id, at);
    expect(claim.released).toEqual([{ examId: exam.id, userId: b }]);
    expect(claim.held).toEqual([{ examId: exam.id, userId: a, holderId: staff.manager.id, holderName: '이실장', expiresAt: new Date(at.getTime() + 180_000) }]);
    expect(await q.lock({ examId: exam.id, userId: b })).toBeUndefined();
    expect((await q.liveLocks([exam.id], at)).map((l) => l.userId)).toEqual([a]);
  });

  it('reads a student\'s released results with the class figures, parsed by their schema', async () => {
    const exam = await newExam();
    await q.updateExam(exam.id, { readyToShow: true });
    await q.upsertScores(kids.map((k, i) => cell(exam.id, k.id, { first: 60 + i * 10, status: 'taken' })));
    expect(await q.releasedExamIdsOf(kids[2]!.id, [exam.id])).toEqual([exam.id]);
    const [r] = await q.results(kids[2]!.id, [exam.id]);
    expect(r).toMatchObject({ examId: exam.id, first: 80, maxScore: 100, average: 75, takers: 4, rank: 2, percentile: 75, status: 'taken' });
    const [summary, buckets, , byClass, ranking] = await q.statistics({ examIds: [exam.id], cutline: 70, top: 100, questions: 0 });
    expect(summary[0]).toMatchObject({ takers: 4, average: 75, max: 90, min: 60, below: 1 });
    expect(buckets.reduce((n, b) => n + b.count, 0)).toBe(4);
    expect(byClass).toEqual([{ examId: exam.id, takers: 4, average: 75, max: 90, min: 60 }]);
    expect(ranking.map((x) => x.first)).toEqual([90, 80, 70, 60]);
  });
});
