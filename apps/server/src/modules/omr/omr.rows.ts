import { gradeSheet, type Question } from '@academy/contracts/grading';
import type { OmrBatch, OmrQuestion, OmrSheetSummary } from '@academy/contracts/omr';
import type { omrBatches, omrSheets } from './omr.table.ts';

export type BatchRow = typeof omrBatches.$inferSelect;
export type SheetRow = typeof omrSheets.$inferSelect;

/** The questions still waiting for a person. */
export const pendingOf = (questions: readonly OmrQuestion[]) => questions.filter((q) => q.flagged && !q.confirmed).map((q) => q.no);

/** A sheet's status from what is still missing: a student, and the confirmation of its doubtful questions. */
export function statusOf(row: Pick<SheetRow, 'status' | 'userId' | 'questions'>, opts: { duplicate?: boolean } = {}): SheetRow['status'] {
  if (row.status === 'unreadable') return 'unreadable';
  return row.userId !== null && !opts.duplicate && pendingOf(row.questions).length === 0 ? 'ready' : 'review';
}

/** The answers in exam order (questions the sheet has no bubbles for stay empty). */
export function answersOf(questions: readonly OmrQuestion[], count: number): (string | null)[] {
  const out: (string | null)[] = Array.from({ length: count }, () => null);
  for (const q of questions) if (q.no >= 1 && q.no <= count) out[q.no - 1] = q.answer;
  return out;
}

export function mapSheetSummary(row: SheetRow, o: { fileName: string; studentName: string | null; key: Question[] }): OmrSheetSummary {
  return {
    id: row.id,
    batchId: row.batchId,
    fileId: row.fileId,
    fileName: o.fileName,
    page: row.page + 1,
    status: row.status,
    reason: row.reason,
    userId: row.userId,
    studentName: o.studentName,
    candidateNumber: row.candidateNumber,
    idSource: row.idSource,
    flagged: pendingOf(row.questions),
    score: row.status === 'unreadable' || !o.key.length ? null : gradeSheet(o.key, answersOf(row.questions, o.key.length)).score,
  };
}

export function mapBatch(row: BatchRow, o: { files: { id: number; fileName: string }[]; counts: OmrBatch['sheets']; flagged: number; createdByName: string | null }): OmrBatch {
  return {
    id: row.id,
    examId: row.examId,
    lectureId: row.lectureId,
    weeklyLectureId: row.weeklyLectureId,
    status: row.status,
    files: o.files,
    total: row.total,
    done: row.done,
    sheets: o.counts,
    flaggedQuestions: o.flagged,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    createdByName: o.createdByName,
  };
}
