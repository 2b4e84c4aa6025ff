import { SCORE_ERRORS, type ActualExamScore, type ActualExamScoreInput } from '@academy/contracts/student-records';
import { asc, eq } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import type { StudentRecordsDeps } from './student-records.deps.ts';
import { actualExamScores } from './student-records.table.ts';

const scoreValues = (b: ActualExamScoreInput) => ({
  examType: b.examType,
  examName: b.examName,
  examDate: b.examDate,
  subject: b.subject,
  rawScore: b.rawScore ?? null,
  grade: b.grade ?? null,
  percentile: b.percentile ?? null,
});

/** 모의고사/내신 results of a student, oldest first so a chart reads left to right. */
export function createScoreService({ ctx, students }: StudentRecordsDeps) {
  const { db, audit } = ctx;

  async function list(studentId: number): Promise<ActualExamScore[]> {
    await students.requireLive(studentId);
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

  async function get(opts: { studentId: number; scoreId: number }): Promise<ActualExamScore> {
    const found = (await list(opts.studentId)).find((s) => s.id === opts.scoreId);
    if (!found) throw appError(SCORE_ERRORS.not_found, '시험 성적을 찾을 수 없습니다');
    return found;
  }

  return {
    list,

    async create(input: { studentId: number; body: ActualExamScoreInput; actorId: number }): Promise<ActualExamScore> {
      await students.requireLive(input.studentId);
      const id = await db.transaction(async () => {
        const [row] = await db
          .insert(actualExamScores)
          .values({ studentId: input.studentId, ...scoreValues(input.body), createdBy: input.actorId, createdAt: ctx.now(), updatedAt: ctx.now() })
          .returning({ id: actualExamScores.id });
        await audit.record({ actorId: input.actorId, action: 'actual_exam_score.create', entity: 'actual_exam_score', entityId: row!.id, after: { studentId: input.studentId, ...input.body } });
        return row!.id;
      });
      return get({ studentId: input.studentId, scoreId: id });
    },

    async update(input: { studentId: number; scoreId: number; body: ActualExamScoreInput; actorId: number }): Promise<ActualExamScore> {
      const before = await get(input);
      await db.transaction(async () => {
        await db.update(actualExamScores).set({ ...scoreValues(input.body), updatedAt: ctx.now() }).where(eq(actualExamScores.id, input.scoreId));
        await audit.record({ actorId: input.actorId, action: 'actual_exam_score.update', entity: 'actual_exam_score', entityId: input.scoreId, before, after: input.body });
      });
      return get(input);
    },

    async remove(input: { studentId: number; scoreId: number; actorId: number }): Promise<{ id: number }> {
      const before = await get(input);
      await db.transaction(async () => {
        await db.delete(actualExamScores).where(eq(actualExamScores.id, input.scoreId));
        await audit.record({ actorId: input.actorId, action: 'actual_exam_score.delete', entity: 'actual_exam_score', entityId: input.scoreId, before });
      });
      return { id: input.scoreId };
    },
  };
}
