/**
 * For tests and the bench: realistic filled sheets made from our own printed PDF (scanned or
 * photographed), the exam layout they are made from, and the accuracy measurement; and ready
 * batches stored straight in the tables for the apply tests.
 */
import type { AppContext } from '../../context.ts';
import { omrBatches, omrSheets } from './omr.table.ts';
export { ACCURACY_QUESTIONS, measureAccuracy } from './engine/accuracy.ts';
export { createSheetGenerator, scannerPdf, type GeneratedSheet, type Student } from './engine/generator.ts';
export { buildExamLayout } from './engine/layout.ts';

/**
 * A batch already read and confirmed, stored straight in the tables: one ready sheet per student
 * with the given choice answers (①–⑤ as '1'–'5', null for blank), so apply tests need no reading.
 */
export async function makeReadyBatch(t: { ctx: Pick<AppContext, 'db'> }, opts: { examId: number; lectureId: number; weeklyLectureId: number; createdBy: number; sheets: { userId: number; answers: (string | null)[] }[] }) {
  const db = t.ctx.db;
  const [batch] = await db
    .insert(omrBatches)
    .values({ examId: opts.examId, lectureId: opts.lectureId, weeklyLectureId: opts.weeklyLectureId, status: 'review', fileIds: [], total: opts.sheets.length, done: opts.sheets.length, createdBy: opts.createdBy })
    .returning();
  const sheets = await db
    .insert(omrSheets)
    .values(opts.sheets.map((s, page) => ({
      batchId: batch!.id, examId: opts.examId, fileId: 0, page, status: 'ready' as const, userId: s.userId, idSource: 'qr' as const,
      questions: s.answers.map((answer, i) => ({ no: i + 1, answer, read: answer, flagged: false, confirmed: false, fields: [`q${i + 1}`] })),
    })))
    .returning({ id: omrSheets.id, userId: omrSheets.userId });
  return { batchId: batch!.id, sheetOf: (userId: number) => sheets.find((s) => s.userId === userId)!.id };
}
