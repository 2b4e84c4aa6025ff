import { EXAM_ERRORS, type ScoreCell } from '@academy/contracts/exams';
import type { Question } from '@academy/contracts/grading';
import { OMR_ERRORS, type OmrSheet, type OmrSheetSummary } from '@academy/contracts/omr';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import type { OmrDeps } from './omr.deps.ts';
import { mapSheetSummary, type SheetRow, statusOf } from './omr.rows.ts';
import { omrBatches, omrSheets } from './omr.table.ts';
import type { PrintService } from './print.service.ts';

type Actor = { id: number };

/**
 * After reading: a person confirms the doubtful questions and the unidentified sheets; the
 * confirmed answers then become scores in apply.service.ts. Staff open a score's sheet from the grid;
 * deleting it removes the sheet, its image and its values, and clears the score, in one audited change.
 */
export function createReviewService(deps: OmrDeps & { print: PrintService }) {
  const { ctx, exams, lectures, users, files, print } = deps;
  const { db } = ctx;

  async function requireSheet(sheetId: number): Promise<SheetRow> {
    const [row] = await db.select().from(omrSheets).where(eq(omrSheets.id, sheetId));
    if (!row) throw appError(OMR_ERRORS.sheet_not_found, '답안지를 찾을 수 없습니다');
    return row;
  }

  async function summary(row: SheetRow): Promise<OmrSheetSummary> {
    const exam = await exams.exams.get(row.examId);
    const name = row.userId === null ? null : ((await users.directory([row.userId])).get(row.userId)?.name ?? null);
    const fileName = (await files.omrFiles.names([row.fileId])).get(row.fileId) ?? '';
    return mapSheetSummary(row, { fileName, studentName: name, key: exam.questions as Question[] });
  }

  async function detail(row: SheetRow): Promise<OmrSheet> {
    const base = await summary(row);
    const { layout } = await print.examLayout(row.examId);
    const imageUrl = row.imageKey ? await ctx.storage.presignGet({ key: row.imageKey, expiresInSec: 300, fileName: `omr-${row.id}.jpg`, contentType: 'image/jpeg', inline: true }) : null;
    const original = await files.omrFiles.url(row.fileId);
    return {
      ...base,
      examId: row.examId,
      questions: row.questions,
      fields: row.fields,
      imageUrl,
      originalUrl: original ? `${original}#page=${row.page + 1}` : null,
      scale: row.scale,
      layout: layout.layout,
    };
  }

  /** A confirmed answer must be something the question can hold: ①–⑤ (or two of them), or a whole number 0–999. */
  function checkAnswer(q: { fields: string[] }, answer: string | null, no: number) {
    if (answer === null) return;
    const numeric = q.fields.length > 1 || /_\d+$/.test(q.fields[0] ?? '');
    const ok = numeric ? /^\d{1,3}$/.test(answer) : /^[1-5](,[1-5])*$/.test(answer);
    if (!ok) throw appError(OMR_ERRORS.answer_invalid, numeric ? `${no}번은 0–999의 숫자로 입력해 주세요` : `${no}번은 1–5 중에서 골라 주세요`, { field: 'answers' });
  }

  return {
    async sheet(sheetId: number): Promise<OmrSheet> {
      return detail(await requireSheet(sheetId));
    },

    async confirm(opts: { sheetId: number; answers: { no: number; answer: string | null }[]; userId?: number; actor: Actor }): Promise<OmrSheetSummary> {
      return db.transaction(async () => {
        const [row] = await db.select().from(omrSheets).where(eq(omrSheets.id, opts.sheetId)).for('update');
        if (!row) throw appError(OMR_ERRORS.sheet_not_found, '답안지를 찾을 수 없습니다');
        if (row.status === 'unreadable' && opts.answers.length) throw appError(OMR_ERRORS.not_reviewed, '읽지 못한 답안지입니다. 점수는 성적표에서 직접 입력해 주세요');
        const questions = row.questions.map((q) => ({ ...q }));
        for (const a of opts.answers) {
          const q = questions.find((x) => x.no === a.no);
          if (!q) throw appError(OMR_ERRORS.answer_invalid, `답안지에 ${a.no}번 문항이 없습니다`, { field: 'answers' });
          checkAnswer(q, a.answer, a.no);
          q.answer = a.answer;
          q.confirmed = true;
        }
        let userId = row.userId;
        let idSource = row.idSource;
        if (opts.userId !== undefined) {
          const [batch] = await db.select().from(omrBatches).where(eq(omrBatches.id, row.batchId));
          if (!(await lectures.participation.participantsOf(batch!.weeklyLectureId)).includes(opts.userId)) {
            throw appError(OMR_ERRORS.student_invalid, '이 회차에 참여하는 학생이 아닙니다', { field: 'userId' });
          }
          userId = opts.userId;
          idSource = 'manual';
        }
        const duplicate = userId !== null && (await db.select({ id: omrSheets.id }).from(omrSheets).where(and(eq(omrSheets.batchId, row.batchId), eq(omrSheets.userId, userId)))).some((r) => r.id !== row.id);
        const status = statusOf({ status: row.status, userId, questions }, { duplicate });
        const reason = duplicate ? '같은 학생의 답안지가 여러 장입니다. 학생을 확인해 주세요' : status === 'review' ? (userId === null ? '학생을 골라 주세요' : row.reason) : null;
        const [updated] = await db
          .update(omrSheets)
          .set({ questions, userId, idSource, status, reason, confirmedBy: opts.actor.id, confirmedAt: ctx.now() })
          .where(eq(omrSheets.id, row.id))
          .returning();
        await ctx.audit.record({
          actorId: opts.actor.id, action: 'omr.confirm', entity: 'omr_sheet', entityId: row.id,
          before: { userId: row.userId, answers: opts.answers.map((a) => ({ no: a.no, answer: row.questions.find((q) => q.no === a.no)?.answer ?? null })) },
          after: { userId, answers: opts.answers },
        });
        return summary(updated!);
      });
    },

    /** The sheet behind a score: the one last applied to it. */
    async scoreSheet(opts: { examId: number; userId: number }): Promise<OmrSheet> {
      const [row] = await db.select().from(omrSheets).where(and(eq(omrSheets.examId, opts.examId), eq(omrSheets.userId, opts.userId), eq(omrSheets.status, 'applied'))).orderBy(desc(omrSheets.appliedAt)).limit(1);
      if (!row) throw appError(EXAM_ERRORS.omr_not_found, 'OMR 답안지가 없습니다');
      return detail(row);
    },

    /** Removes the score's OMR sheets (image and bubble values) and clears the answers they gave, audited. */
    async deleteScoreSheet(opts: { examId: number; userId: number; actor: Actor }): Promise<ScoreCell> {
      const { cell, keys } = await db.transaction(async () => {
        const rows = await db.select().from(omrSheets).where(and(eq(omrSheets.examId, opts.examId), eq(omrSheets.userId, opts.userId)));
        if (!rows.length) throw appError(EXAM_ERRORS.omr_not_found, 'OMR 답안지가 없습니다');
        await db.delete(omrSheets).where(inArray(omrSheets.id, rows.map((r) => r.id)));
        await ctx.audit.record(rows.map((r) => ({ actorId: opts.actor.id, action: 'omr.sheet_delete', entity: 'omr_sheet', entityId: r.id, before: { examId: r.examId, userId: r.userId, questions: r.questions, fields: r.fields } })));
        const applied = rows.some((r) => r.status === 'applied');
        const [written] = applied
          ? await exams.scores.write({ writes: [{ examId: opts.examId, userId: opts.userId, change: { answers: null, first: null } }], actor: opts.actor, action: 'score.omr_delete' })
          : [null];
        return { cell: written, keys: rows.flatMap((r) => (r.imageKey ? [r.imageKey] : [])) };
      });
      for (const key of keys) await ctx.storage.delete(key).catch(() => {});
      return cell ?? (await exams.scores.get({ examId: opts.examId, userId: opts.userId }));
    },

    /** Deletes every OMR upload of the exam with its sheets and images; the scores keep their values. */
    async deleteExamFiles(opts: { examId: number; actor: Actor }): Promise<{ deleted: number }> {
      await exams.exams.get(opts.examId);
      const { deleted, keys } = await db.transaction(async () => {
        const rows = await db.select().from(omrBatches).where(eq(omrBatches.examId, opts.examId));
        if (rows.some((r) => r.status === 'queued' || r.status === 'reading')) throw appError(OMR_ERRORS.busy, '아직 읽고 있는 OMR 파일이 있습니다. 끝난 뒤에 지워 주세요');
        const images = rows.length ? await db.select({ key: omrSheets.imageKey }).from(omrSheets).where(inArray(omrSheets.batchId, rows.map((r) => r.id))) : [];
        const removed = await files.omrFiles.remove({ fileIds: [...new Set(rows.flatMap((r) => r.fileIds))], actorId: opts.actor.id });
        if (rows.length) await db.delete(omrBatches).where(inArray(omrBatches.id, rows.map((r) => r.id)));
        await ctx.audit.record({ actorId: opts.actor.id, action: 'omr.files_delete', entity: 'exam', entityId: opts.examId, before: { batches: rows.map((r) => r.id), files: removed.deleted } });
        return { deleted: removed.deleted, keys: [...removed.keys, ...images.flatMap((i) => (i.key ? [i.key] : []))] };
      });
      for (const key of keys) await ctx.storage.delete(key).catch(() => {});
      return { deleted };
    },
  };
}
