import { CLINIC_STATUS_LABEL } from '@academy/contracts/exams';
import { gradeSheet, type Question } from '@academy/contracts/grading';
import { OMR_ERRORS, type OmrApplyChoice, type OmrApplyItem, type OmrApplyPreview } from '@academy/contracts/omr';
import { and, eq, inArray } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import type { BatchService } from './batches.service.ts';
import type { OmrDeps } from './omr.deps.ts';
import { answersOf } from './omr.rows.ts';
import { omrBatches, omrSheets } from './omr.table.ts';

type Actor = { id: number };

/**
 * "점수로 반영": every ready sheet of a batch becomes its student's score through the exams module's
 * one score write. A student who already has a different 1st score (typed in the grid, or from an
 * earlier sheet) is never overwritten silently: the preview shows both scores with the clinic
 * state, and the write needs the TA's choice for each such sheet (`omr` writes the sheet's answers,
 * `current` keeps the score and marks the sheet `kept`). Sheets of students without a score just apply.
 */
export function createApplyService(deps: OmrDeps & { batches: BatchService }) {
  const { ctx, exams, users, batches } = deps;
  const { db } = ctx;

  async function plan(batchId: number, opts: { lock: boolean }) {
    const batch = await batches.requireBatch(batchId);
    if (batch.status === 'queued' || batch.status === 'reading') throw appError(OMR_ERRORS.busy, '아직 답안지를 읽는 중입니다');
    const exam = await exams.exams.get(batch.examId);
    const query = db.select().from(omrSheets).where(and(eq(omrSheets.batchId, batch.id), eq(omrSheets.status, 'ready'))).orderBy(omrSheets.fileId, omrSheets.page);
    const ready = opts.lock ? await query.for('update') : await query;
    const userIds = ready.map((s) => s.userId!);
    const [cells, names] = await Promise.all([exams.scores.ofExam({ examId: exam.id, userIds }), users.directory(userIds)]);
    const key = exam.questions as Question[];
    const items = ready.map((sheet): OmrApplyItem & { answers: (string | null)[] } => {
      const userId = sheet.userId!;
      const cell = cells.get(userId)!;
      const answers = answersOf(sheet.questions, key.length);
      const omrScore = gradeSheet(key, answers).score;
      return {
        answers, sheetId: sheet.id, userId, studentName: names.get(userId)?.name ?? `ID ${userId}`,
        currentScore: cell.first, currentClinic: cell.clinic, omrScore,
        differs: cell.first !== null && cell.first !== omrScore,
      };
    });
    return { batch, exam, items };
  }

  return {
    async preview(batchId: number): Promise<OmrApplyPreview> {
      const { batch, exam, items } = await plan(batchId, { lock: false });
      return {
        batchId: batch.id, maxScore: exam.maxScore, cutline: exam.cutline,
        items: items.map((i) => ({ sheetId: i.sheetId, userId: i.userId, studentName: i.studentName, currentScore: i.currentScore, currentClinic: i.currentClinic, omrScore: i.omrScore, differs: i.differs })),
      };
    },

    async apply(opts: { batchId: number; choices: { sheetId: number; use: OmrApplyChoice }[]; actor: Actor }) {
      return db.transaction(async () => {
        const { batch, exam, items } = await plan(opts.batchId, { lock: true });
        const chosen = new Map(opts.choices.map((c) => [c.sheetId, c.use]));
        const foreign = opts.choices.filter((c) => !items.some((i) => i.sheetId === c.sheetId));
        if (foreign.length) {
          const ofBatch = await db.select({ id: omrSheets.id }).from(omrSheets).where(and(eq(omrSheets.batchId, batch.id), inArray(omrSheets.id, foreign.map((c) => c.sheetId))));
          const stranger = foreign.find((c) => !ofBatch.some((r) => r.id === c.sheetId));
          if (stranger) throw appError(OMR_ERRORS.sheet_not_found, `이 채점의 답안지가 아닙니다 (ID ${stranger.sheetId})`, { field: 'choices' });
        }
        const undecided = items.filter((i) => i.differs && !chosen.has(i.sheetId));
        if (undecided.length) {
          const list = undecided.map((i) => `${i.studentName} (지금 ${i.currentScore}점${i.currentClinic === 'none' ? '' : `, ${CLINIC_STATUS_LABEL[i.currentClinic]}`} → OMR ${i.omrScore}점)`).join(', ');
          throw appError(OMR_ERRORS.choice_required, `이미 다른 점수가 있는 학생이 있습니다: ${list}. 학생마다 OMR 점수로 바꿀지 기존 점수를 유지할지 골라 주세요. 아무것도 반영하지 않았습니다`, { field: 'choices' });
        }
        const write = items.filter((i) => !i.differs || chosen.get(i.sheetId) === 'omr');
        const keep = items.filter((i) => i.differs && chosen.get(i.sheetId) === 'current');
        if (write.length) {
          await exams.scores.write({
            writes: write.map((i) => ({ examId: exam.id, userId: i.userId, change: { answers: i.answers } })),
            actor: opts.actor,
            action: 'score.omr',
          });
          await db.update(omrSheets).set({ status: 'applied', appliedAt: ctx.now(), reason: null }).where(inArray(omrSheets.id, write.map((i) => i.sheetId)));
        }
        for (const i of keep) {
          await db.update(omrSheets).set({ status: 'kept', reason: `기존 점수 ${i.currentScore}점을 유지했습니다 (OMR ${i.omrScore}점)` }).where(eq(omrSheets.id, i.sheetId));
        }
        const left = await db.select({ status: omrSheets.status }).from(omrSheets).where(eq(omrSheets.batchId, batch.id));
        const remaining = left.filter((s) => s.status === 'review' || s.status === 'ready').length;
        const [row] = await db.update(omrBatches).set({ status: remaining ? 'review' : 'done' }).where(eq(omrBatches.id, batch.id)).returning();
        await ctx.audit.record({
          actorId: opts.actor.id, action: 'omr.apply', entity: 'omr_batch', entityId: batch.id,
          after: {
            examId: exam.id,
            applied: write.map((i) => ({ sheetId: i.sheetId, userId: i.userId, before: i.currentScore, score: i.omrScore })),
            kept: keep.map((i) => ({ sheetId: i.sheetId, userId: i.userId, score: i.currentScore, omrScore: i.omrScore })),
          },
        });
        await batches.publish(row!);
        return { applied: write.length, kept: keep.length, remaining };
      });
    },
  };
}
