import { EXAM_ERRORS, type Exam, type ExamDetail, type ScoreCell } from '@academy/contracts/exams';
import type { Question } from '@academy/contracts/grading';
import { lectureTopic } from '@academy/contracts/lectures';
import type { scoreGridEvents } from '@academy/contracts/exams';
import type { TopicEventInput, TopicSpec } from '@academy/contracts/realtime';
import { appError } from '../../lib/errors.ts';
import type { Realtime } from '../../lib/realtime/realtime.ts';
import type { ExamQueries, ExamRow, ScoreRow } from './exams.queries.ts';

/** Row loaders and mappers shared by the services of this module (not part of its public face). */

export type { ExamRow, ScoreRow };

/** An event of the score grid, the part of the lecture topic's events that exams owns. */
export type ScoreGridEventInput = TopicEventInput<TopicSpec<'lecture', typeof scoreGridEvents>>;

/** Publishes a score-grid event on the lecture's topic (owned by lectures; exams publishes only its own events). */
export const publishToGrid = (realtime: Pick<Realtime, 'publish'>, lectureId: number, event: ScoreGridEventInput) => realtime.publish(lectureTopic.of(lectureId), event);

export async function getExamRow(q: ExamQueries, id: number): Promise<ExamRow> {
  const row = await q.exam(id);
  if (!row) throw appError(EXAM_ERRORS.not_found, `시험을 찾을 수 없습니다 (ID ${id})`);
  return row;
}

/** The exam, checked to belong to the session in the path. */
export async function getSessionExamRow(q: ExamQueries, opts: { weeklyLectureId: number; examId: number }): Promise<ExamRow> {
  const row = await getExamRow(q, opts.examId);
  if (row.weeklyLectureId !== opts.weeklyLectureId) throw appError(EXAM_ERRORS.not_found, `이 회차의 시험이 아닙니다 (ID ${opts.examId})`);
  return row;
}

/** The exams of a link group (the exam itself when it is not linked). */
export async function groupOf(q: ExamQueries, exam: ExamRow): Promise<ExamRow[]> {
  if (exam.linkGroupId === null) return [exam];
  return q.examsOfGroup(exam.linkGroupId);
}

/**
 * Maps exam rows with what the list shows beside each: linked exams, retakes, number of takers.
 * A caller that has read the exams' scores already passes `takers` and saves the count.
 */
export async function mapExams(q: ExamQueries, rows: readonly ExamRow[], known: { takers?: Map<number, number> } = {}): Promise<Exam[]> {
  if (rows.length === 0) return [];
  const groups = [...new Set(rows.map((r) => r.linkGroupId).filter((g): g is number => g !== null))];
  const { linked, retakes, takers } = await q.listExtras(rows.map((r) => r.id), groups, !known.takers);
  const takersBy = known.takers ?? takers;
  return rows.map((r) => ({
    id: r.id,
    lectureId: r.lectureId,
    weeklyLectureId: r.weeklyLectureId,
    seq: r.seq,
    title: r.title,
    templateId: r.templateId,
    questionCount: r.questions.length,
    maxScore: r.maxScore,
    cutline: r.cutline,
    gradeMode: r.gradeMode,
    gradeCutoffs: r.gradeCutoffs,
    readyToShow: r.readyToShow,
    onlineSubmission: r.onlineSubmission,
    linkGroupId: r.linkGroupId,
    linkedExamIds: linked.filter((l) => l.group === r.linkGroupId && l.id !== r.id).map((l) => l.id),
    retakes: retakes.filter((x) => x.examId === r.id).map((x) => ({ id: x.id, title: x.title, date: x.date })),
    takers: takersBy.get(r.id) ?? 0,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function mapExamDetail(q: ExamQueries, row: ExamRow): Promise<ExamDetail> {
  const [exam] = await mapExams(q, [row]);
  return { ...exam!, questions: row.questions as Question[] };
}

export function mapCell(row: ScoreRow, names: Map<number, { name: string }> = new Map()): ScoreCell {
  return {
    examId: row.examId,
    userId: row.userId,
    first: row.first,
    retake: row.retake,
    status: row.status,
    clinic: row.clinic,
    delivery: row.delivery,
    grade: row.grade,
    gradeManual: row.gradeManual,
    memo: row.memo,
    answers: row.answers ?? null,
    marks: row.marks,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedByName: row.updatedBy === null ? null : (names.get(row.updatedBy)?.name ?? null),
  };
}

/** A cell nobody has written yet, as the grid shows it. */
export function emptyCell(opts: { examId: number; userId: number }): ScoreCell {
  return {
    examId: opts.examId, userId: opts.userId, first: null, retake: null, status: 'not_taken', clinic: 'none', delivery: 'none',
    grade: null, gradeManual: false, memo: '', answers: null, marks: null, version: 0, updatedAt: null, updatedByName: null,
  };
}
