import { EXAM_ERRORS, type ExamTemplate, type examTemplateBody } from '@academy/contracts/exams';
import { maxScoreOf, type Question } from '@academy/contracts/grading';
import type { z } from 'zod';
import { appError } from '../../lib/errors.ts';
import type { ExamsDeps } from './exams.deps.ts';
import { examQueries } from './exams.queries.ts';
import type { examTemplates } from './exams.table.ts';

type Input = z.output<typeof examTemplateBody>;

const mapTemplate = (t: typeof examTemplates.$inferSelect): ExamTemplate => ({
  id: t.id,
  title: t.title,
  subject: t.subject,
  description: t.description,
  questions: t.questions as Question[],
  questionCount: t.questions.length,
  maxScore: t.maxScore,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

/** Exam templates: reusable keys. Exams made from one keep their own copy of its questions. */
export function createTemplateService(deps: Pick<ExamsDeps, 'ctx'>) {
  const { ctx } = deps;
  const { db, audit } = ctx;
  const q = examQueries(db);

  async function row(id: number) {
    const t = await q.template(id);
    if (!t) throw appError(EXAM_ERRORS.template_not_found, `시험 템플릿을 찾을 수 없습니다 (ID ${id})`);
    return t;
  }

  return {
    get: async (id: number) => mapTemplate(await row(id)),

    async create(opts: { input: Input; actorId: number }) {
      return db.transaction(async () => {
        const t = await q.insertTemplate({ ...opts.input, questions: opts.input.questions as Question[], maxScore: maxScoreOf(opts.input.questions as Question[]), createdBy: opts.actorId, createdAt: ctx.now(), updatedAt: ctx.now() });
        await audit.record({ actorId: opts.actorId, action: 'exam_template.create', entity: 'exam_template', entityId: t.id, after: mapTemplate(t) });
        return mapTemplate(t);
      });
    },

    async update(opts: { id: number; input: Input; actorId: number }) {
      return db.transaction(async () => {
        const before = await row(opts.id);
        const t = await q.updateTemplate(opts.id, { ...opts.input, questions: opts.input.questions as Question[], maxScore: maxScoreOf(opts.input.questions as Question[]), updatedAt: ctx.now() });
        await audit.record({ actorId: opts.actorId, action: 'exam_template.update', entity: 'exam_template', entityId: opts.id, before: mapTemplate(before), after: mapTemplate(t) });
        return mapTemplate(t);
      });
    },

    async delete(opts: { id: number; actorId: number }) {
      await db.transaction(async () => {
        const before = await row(opts.id);
        await q.deleteTemplate(opts.id);
        await audit.record({ actorId: opts.actorId, action: 'exam_template.delete', entity: 'exam_template', entityId: opts.id, before: mapTemplate(before) });
      });
      return { id: opts.id };
    },
  };
}
