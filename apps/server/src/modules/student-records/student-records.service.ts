import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ActualExamScore, Consult, Memo, actualExamScoreBody, consultBody } from '@academy/contracts/students';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../../lib/audit/audit.ts';
import { users } from '../users/users.table.ts';
import { actualExamScores, studentConsults, studentMemos } from './student-records.table.ts';

type ConsultInput = z.infer<typeof consultBody>;
type ScoreInput = z.infer<typeof actualExamScoreBody>;
const counselors = alias(users, 'counselors');
const authors = alias(users, 'authors');

/** Consults, memos and 모의고사/내신 scores of one student (SPEC §7 student records). */
export function createStudentRecordsService(ctx: AppContext) {
  const { db } = ctx;

  /** Records hang off a live student; a deleted one keeps them but takes no new ones. */
  async function assertStudent(studentId: number): Promise<void> {
    const [u] = await db.select({ id: users.id, deletedAt: users.deletedAt }).from(users).where(and(eq(users.id, studentId), eq(users.userType, 'STUDENT')));
    if (!u || u.deletedAt) throw notFound('students.not_found', '학생을 찾을 수 없습니다');
  }

  async function assertStaff(userId: number): Promise<void> {
    const [u] = await db.select({ userType: users.userType }).from(users).where(eq(users.id, userId));
    if (!u || u.userType === 'STUDENT') throw badRequest('consults.counselor_unknown', 'counselorId: 직원(조교·관리자) 계정이 아닙니다');
  }

  // Consults
  async function listConsults(studentId: number): Promise<Consult[]> {
    await assertStudent(studentId);
    const rows = await db
      .select({ c: studentConsults, counselorName: counselors.name })
      .from(studentConsults)
      .leftJoin(counselors, eq(counselors.id, studentConsults.counselorId))
      .where(eq(studentConsults.studentId, studentId))
      .orderBy(desc(studentConsults.consultedAt), desc(studentConsults.id));
    return rows.map(({ c, counselorName }) => ({
      id: c.id,
      studentId: c.studentId,
      consultedAt: c.consultedAt.toISOString(),
      counselorId: c.counselorId,
      counselorName,
      consultType: c.consultType,
      content: c.content,
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
    }));
  }

  async function getConsult(opts: { studentId: number; consultId: number }): Promise<Consult> {
    const found = (await listConsults(opts.studentId)).find((c) => c.id === opts.consultId);
    if (!found) throw notFound('consults.not_found', '상담 기록을 찾을 수 없습니다');
    return found;
  }

  async function createConsult(input: { studentId: number; body: ConsultInput; actorId: number }): Promise<Consult> {
    await assertStudent(input.studentId);
    const counselorId = input.body.counselorId ?? input.actorId;
    await assertStaff(counselorId);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(studentConsults)
        .values({ studentId: input.studentId, consultedAt: new Date(input.body.consultedAt), counselorId, consultType: input.body.consultType, content: input.body.content, createdBy: input.actorId, createdAt: ctx.now(), updatedAt: ctx.now() })
        .returning({ id: studentConsults.id });
      await recordAudit(tx, { actorId: input.actorId, action: 'consult.create', entity: 'student_consult', entityId: row!.id, after: { studentId: input.studentId, ...input.body, counselorId } });
      return row!.id;
    });
    return getConsult({ studentId: input.studentId, consultId: id });
  }

  async function updateConsult(input: { studentId: number; consultId: number; body: ConsultInput; actorId: number }): Promise<Consult> {
    const before = await getConsult(input);
    const counselorId = input.body.counselorId === undefined ? before.counselorId : input.body.counselorId;
    if (counselorId) await assertStaff(counselorId);
    await db.transaction(async (tx) => {
      await tx
        .update(studentConsults)
        .set({ consultedAt: new Date(input.body.consultedAt), counselorId, consultType: input.body.consultType, content: input.body.content, updatedAt: ctx.now() })
        .where(eq(studentConsults.id, input.consultId));
      await recordAudit(tx, { actorId: input.actorId, action: 'consult.update', entity: 'student_consult', entityId: input.consultId, before, after: input.body });
    });
    return getConsult(input);
  }

  async function deleteConsult(input: { studentId: number; consultId: number; actorId: number }): Promise<{ id: number }> {
    const before = await getConsult(input);
    await db.transaction(async (tx) => {
      await tx.delete(studentConsults).where(eq(studentConsults.id, input.consultId));
      await recordAudit(tx, { actorId: input.actorId, action: 'consult.delete', entity: 'student_consult', entityId: input.consultId, before });
    });
    return { id: input.consultId };
  }

  // Memos: pinned first (most recently pinned on top), then newest.
  async function listMemos(studentId: number): Promise<Memo[]> {
    await assertStudent(studentId);
    const rows = await db
      .select({ m: studentMemos, createdByName: authors.name })
      .from(studentMemos)
      .leftJoin(authors, eq(authors.id, studentMemos.createdBy))
      .where(eq(studentMemos.studentId, studentId))
      .orderBy(desc(studentMemos.isPinned), sql`${studentMemos.pinnedAt} desc nulls last`, desc(studentMemos.createdAt), desc(studentMemos.id));
    return rows.map(({ m, createdByName }) => ({
      id: m.id,
      studentId: m.studentId,
      content: m.content,
      isPinned: m.isPinned,
      pinnedAt: m.pinnedAt?.toISOString() ?? null,
      createdByName,
      createdAt: m.createdAt.toISOString(),
      updatedAt: m.updatedAt.toISOString(),
    }));
  }

  async function getMemo(opts: { studentId: number; memoId: number }): Promise<Memo> {
    const found = (await listMemos(opts.studentId)).find((m) => m.id === opts.memoId);
    if (!found) throw notFound('memos.not_found', '메모를 찾을 수 없습니다');
    return found;
  }

  async function createMemo(input: { studentId: number; content: string; actorId: number }): Promise<Memo> {
    await assertStudent(input.studentId);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(studentMemos)
        .values({ studentId: input.studentId, content: input.content, createdBy: input.actorId, createdAt: ctx.now(), updatedAt: ctx.now() })
        .returning({ id: studentMemos.id });
      await recordAudit(tx, { actorId: input.actorId, action: 'memo.create', entity: 'student_memo', entityId: row!.id, after: { studentId: input.studentId, content: input.content } });
      return row!.id;
    });
    return getMemo({ studentId: input.studentId, memoId: id });
  }

  async function updateMemo(input: { studentId: number; memoId: number; content: string; actorId: number }): Promise<Memo> {
    const before = await getMemo(input);
    await db.transaction(async (tx) => {
      await tx.update(studentMemos).set({ content: input.content, updatedAt: ctx.now() }).where(eq(studentMemos.id, input.memoId));
      await recordAudit(tx, { actorId: input.actorId, action: 'memo.update', entity: 'student_memo', entityId: input.memoId, before: { content: before.content }, after: { content: input.content } });
    });
    return getMemo(input);
  }

  async function pinMemo(input: { studentId: number; memoId: number; pinned: boolean; actorId: number }): Promise<Memo[]> {
    const before = await getMemo(input);
    await db.transaction(async (tx) => {
      await tx
        .update(studentMemos)
        .set({ isPinned: input.pinned, pinnedAt: input.pinned ? ctx.now() : null, updatedAt: ctx.now() })
        .where(eq(studentMemos.id, input.memoId));
      await recordAudit(tx, { actorId: input.actorId, action: input.pinned ? 'memo.pin' : 'memo.unpin', entity: 'student_memo', entityId: input.memoId, before: { isPinned: before.isPinned }, after: { isPinned: input.pinned } });
    });
    return listMemos(input.studentId);
  }

  async function deleteMemo(input: { studentId: number; memoId: number; actorId: number }): Promise<{ id: number }> {
    const before = await getMemo(input);
    await db.transaction(async (tx) => {
      await tx.delete(studentMemos).where(eq(studentMemos.id, input.memoId));
      await recordAudit(tx, { actorId: input.actorId, action: 'memo.delete', entity: 'student_memo', entityId: input.memoId, before });
    });
    return { id: input.memoId };
  }

  // Actual exam scores (모의고사/내신), oldest first so a chart reads left to right.
  async function listScores(studentId: number): Promise<ActualExamScore[]> {
    await assertStudent(studentId);
    const rows = await db
      .select()
      .from(actualExamScores)
      .where(eq(actualExamScores.studentId, studentId))
      .orderBy(asc(actualExamScores.examDate), asc(actualExamScores.subject), asc(actualExamScores.id));
    return rows.map((s) => ({
      id: s.id,
      studentId: s.studentId,
      examType: s.examType,
      examName: s.examName,
      examDate: s.examDate,
      subject: s.subject,
      rawScore: s.rawScore == null ? null : Number(s.rawScore),
      grade: s.grade,
      percentile: s.percentile == null ? null : Number(s.percentile),
      createdAt: s.createdAt.toISOString(),
    }));
  }

  async function getScore(opts: { studentId: number; scoreId: number }): Promise<ActualExamScore> {
    const found = (await listScores(opts.studentId)).find((s) => s.id === opts.scoreId);
    if (!found) throw notFound('actual_exam_scores.not_found', '시험 성적을 찾을 수 없습니다');
    return found;
  }

  const scoreValues = (b: ScoreInput) => ({
    examType: b.examType,
    examName: b.examName,
    examDate: b.examDate,
    subject: b.subject,
    rawScore: b.rawScore ?? null,
    grade: b.grade ?? null,
    percentile: b.percentile ?? null,
  });

  async function createScore(input: { studentId: number; body: ScoreInput; actorId: number }): Promise<ActualExamScore> {
    await assertStudent(input.studentId);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(actualExamScores)
        .values({ studentId: input.studentId, ...scoreValues(input.body), createdBy: input.actorId, createdAt: ctx.now(), updatedAt: ctx.now() })
        .returning({ id: actualExamScores.id });
      await recordAudit(tx, { actorId: input.actorId, action: 'actual_exam_score.create', entity: 'actual_exam_score', entityId: row!.id, after: { studentId: input.studentId, ...input.body } });
      return row!.id;
    });
    return getScore({ studentId: input.studentId, scoreId: id });
  }

  async function updateScore(input: { studentId: number; scoreId: number; body: ScoreInput; actorId: number }): Promise<ActualExamScore> {
    const before = await getScore(input);
    await db.transaction(async (tx) => {
      await tx.update(actualExamScores).set({ ...scoreValues(input.body), updatedAt: ctx.now() }).where(eq(actualExamScores.id, input.scoreId));
      await recordAudit(tx, { actorId: input.actorId, action: 'actual_exam_score.update', entity: 'actual_exam_score', entityId: input.scoreId, before, after: input.body });
    });
    return getScore(input);
  }

  async function deleteScore(input: { studentId: number; scoreId: number; actorId: number }): Promise<{ id: number }> {
    const before = await getScore(input);
    await db.transaction(async (tx) => {
      await tx.delete(actualExamScores).where(eq(actualExamScores.id, input.scoreId));
      await recordAudit(tx, { actorId: input.actorId, action: 'actual_exam_score.delete', entity: 'actual_exam_score', entityId: input.scoreId, before });
    });
    return { id: input.scoreId };
  }

  return {
    listConsults, createConsult, updateConsult, deleteConsult,
    listMemos, createMemo, updateMemo, pinMemo, deleteMemo,
    listScores, createScore, updateScore, deleteScore,
  };
}
