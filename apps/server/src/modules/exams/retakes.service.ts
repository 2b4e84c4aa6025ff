import { EXAM_ERRORS, type Retake, type retakeBody } from '@academy/contracts/exams';
import { maxScoreOf, type Question } from '@academy/contracts/grading';
import type { z } from 'zod';
import { appError } from '../../lib/errors.ts';
import type { ExamsDeps } from './exams.deps.ts';
import { getExamRow, publishToGrid } from './exams.rows.ts';
import { examQueries } from './exams.queries.ts';
import type { examRetakes } from './exams.table.ts';

type Input = z.output<typeof retakeBody>;
type Actor = { id: number };

const mapRetake = (r: typeof examRetakes.$inferSelect): Retake => ({
  id: r.id, examId: r.examId, title: r.title, date: r.date, questions: r.questions as Question[], maxScore: r.maxScore, createdAt: r.createdAt.toISOString(),
});

/**
 * Retakes (재시험): a test for the students under the cutline, mapped to the original exam. It has
 * its own key (the original's when none is given); its results land on the original scores.
 */
export function createRetakeService(deps: Pick<ExamsDeps, 'ctx'>) {
  const { ctx } = deps;
  const { db, audit, realtime } = ctx;
  const q = examQueries(db);

  async function row(id: number) {
    const r = await q.retake(id);
    if (!r) throw appError(EXAM_ERRORS.retake_not_found, `재시험을 찾을 수 없습니다 (ID ${id})`);
    return r;
  }

  /** The key and full marks a retake gets: its own, or the original exam's. */
  async function keyOf(input: Input): Promise<{ questions: Question[]; maxScore: number }> {
    if (input.questions?.length) return { questions: input.questions as Question[], maxScore: maxScoreOf(input.questions as Question[]) };
    if (input.examId) {
      const exam = await getExamRow(q, input.examId);
      return { questions: exam.questions as Question[], maxScore: exam.maxScore };
    }
    return { questions: [], maxScore: 100 };
  }

  async function announce(examId: number | null) {
    if (examId === null) return;
    const exam = await getExamRow(q, examId);
    await publishToGrid(realtime, exam.lectureId, { type: 'exams', data: { weeklyLectureId: exam.weeklyLectureId } });
  }

  return {
    async list(opts: { examId?: number }) {
      return (await q.retakes(opts.examId)).map(mapRetake);
    },

    async create(opts: { input: Input; actor: Actor }) {
      if (opts.input.examId) await getExamRow(q, opts.input.examId);
      const key = await keyOf(opts.input);
      return db.transaction(async () => {
        const r = await q.insertRetake({ examId: opts.input.examId ?? null, title: opts.input.title, date: opts.input.date ?? null, ...key, createdBy: opts.actor.id, createdAt: ctx.now() });
        await audit.record({ actorId: opts.actor.id, action: 'retake.create', entity: 'exam_retake', entityId: r.id, after: mapRetake(r) });
        await announce(r.examId);
        return mapRetake(r);
      });
    },

    async update(opts: { id: number; input: Input; actor: Actor }) {
      const before = await row(opts.id);
      if (opts.input.examId) await getExamRow(q, opts.input.examId);
      const key = await keyOf({ ...opts.input, examId: opts.input.examId ?? before.examId });
      return db.transaction(async () => {
        const r = await q.updateRetake(opts.id, { examId: opts.input.examId === undefined ? before.examId : opts.input.examId, title: opts.input.title, date: opts.input.date ?? null, ...key });
        await audit.record({ actorId: opts.actor.id, action: 'retake.update', entity: 'exam_retake', entityId: opts.id, before: mapRetake(before), after: mapRetake(r) });
        await announce(r.examId);
        return mapRetake(r);
      });
    },

    async delete(opts: { id: number; actor: Actor }) {
      const before = await row(opts.id);
      await db.transaction(async () => {
        await q.deleteRetake(opts.id);
        await audit.record({ actorId: opts.actor.id, action: 'retake.delete', entity: 'exam_retake', entityId: opts.id, before: mapRetake(before) });
        await announce(before.examId);
      });
      return { id: opts.id };
    },

    async map(opts: { id: number; examId: number; actor: Actor }) {
      const before = await row(opts.id);
      const exam = await getExamRow(q, opts.examId);
      return db.transaction(async () => {
        const questions = before.questions.length ? before.questions : exam.questions;
        const r = await q.updateRetake(opts.id, { examId: exam.id, questions, maxScore: questions.length ? maxScoreOf(questions as Question[]) : exam.maxScore });
        await audit.record({ actorId: opts.actor.id, action: 'retake.map', entity: 'exam_retake', entityId: opts.id, before: { examId: before.examId }, after: { examId: exam.id } });
        await announce(exam.id);
        return mapRetake(r);
      });
    },

    async setAnswers(opts: { id: number; questions: Question[]; actor: Actor }) {
      const before = await row(opts.id);
      return db.transaction(async () => {
        const r = await q.updateRetake(opts.id, { questions: opts.questions, maxScore: maxScoreOf(opts.questions) });
        await audit.record({ actorId: opts.actor.id, action: 'retake.answers', entity: 'exam_retake', entityId: opts.id, before: { questions: before.questions }, after: { questions: opts.questions } });
        return mapRetake(r);
      });
    },
  };
}
