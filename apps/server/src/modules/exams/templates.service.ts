import { EXAM_ERRORS, type ExamTemplate, type examTemplateBody } from '@academy/contracts/exams';
import { maxScoreOf, type Question } from '@academy/contracts/grading';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { appError } from '../../lib/errors.ts';
import type { ExamsDeps } from './exams.deps.ts';
import { examTemplates } from './exams.table.ts';

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

  async function row(id: number) {
    const [t] = await db.select().from(examTemplates).where(eq(examTemplates.id, id));
    if (!t) throw appError(EXAM_ERRORS.template_not_found, `시험 템플릿을 찾을 수 없습니다 (ID ${id})`);
    return t;
  }

  return {
    get: async (id: number) => mapTemplate(await row(id)),

    async create(opts: { input: Input; actorId: number }) {
      return db.transaction(async () => {
        const [t] = await db
          .insert(examTemplates)
          .values({ ...opts.input, questions: opts.input.questions as Question[], maxScore: maxScoreOf(opts.input.questions as Question[]), createdBy: opts.actorId, createdAt: ctx.now(), updatedAt: ctx.now() })
          .returning();
        await audit.record({ actorId: opts.actorId, action: 'exam_template.create', entity: 'exam_template', entityId: t!.id, after: mapTemplate(t!) });
        return mapTemplate(t!);
      });
    },

    async update(opts: { id: number; input: Input; actorId: number }) {
      return db.transaction(async () => {
        const before = await row(opts.id);
        const [t] = await db
          .update(examTemplates)
          .set({ ...opts.input, questions: opts.input.questions as Question[], maxScore: maxScoreOf(opts.input.questions as Question[]), updatedAt: ctx.now() })
          .where(eq(examTemplates.id, opts.id))
          .returning();
        await audit.record({ actorId: opts.actorId, action: 'exam_template.update', entity: 'exam_template', entityId: opts.id, before: mapTemplate(before), after: mapTemplate(t!) });
        return mapTemplate(t!);
      });
    },

    async delete(opts: { id: number; actorId: number }) {
      await db.transaction(async () => {
        const before = await row(opts.id);
        await db.delete(examTemplates).where(eq(examTemplates.id, opts.id));
        await audit.record({ actorId: opts.actorId, action: 'exam_template.delete', entity: 'exam_template', entityId: opts.id, before: mapTemplate(before) });
      });
      return { id: opts.id };
    },
  };
}
