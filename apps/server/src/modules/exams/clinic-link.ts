import type { ClinicStatus, ScoreCell } from '@academy/contracts/exams';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { ExamsDeps } from './exams.deps.ts';
import { exams, scores } from './exams.table.ts';
import type { ScoringService } from './scoring.service.ts';

type Actor = { id: number };

/** A student's score as the clinic sees it: the exam it came from and where its clinic stands. */
export type ClinicScore = {
  examId: number;
  userId: number;
  title: string;
  lectureId: number;
  lectureName: string;
  sessionTitle: string;
  date: string;
  first: number | null;
  retake: number | null;
  maxScore: number;
  cutline: number | null;
  clinic: ClinicStatus;
};

/**
 * What the clinic module asks of scores (docs/clinic.md): which scores a student must clear in a
 * clinic, and the two writes a clinic makes — the status on booking and cancelling, and the retake
 * that closes it. Both go through `scoring.write`, so they are audited, versioned and pushed to
 * open grids like every other score change.
 */
export function createClinicLink(deps: ExamsDeps & { scoring: ScoringService }) {
  const { ctx, lectures, scoring } = deps;
  const { db } = ctx;

  return {
    /**
     * Scores of these students (optionally of these exams, with these clinic statuses; only
     * released exams when a student asks), oldest session first.
     */
    async scoresOf(opts: { userIds: readonly number[]; examIds?: readonly number[]; statuses?: readonly ClinicStatus[]; releasedOnly?: boolean }): Promise<ClinicScore[]> {
      if (opts.userIds.length === 0 || opts.examIds?.length === 0) return [];
      const where: (SQL | undefined)[] = [
        inArray(scores.userId, [...new Set(opts.userIds)]),
        opts.examIds ? inArray(scores.examId, [...new Set(opts.examIds)]) : undefined,
        opts.statuses ? inArray(scores.clinic, [...opts.statuses]) : undefined,
        opts.releasedOnly ? eq(exams.readyToShow, true) : undefined,
      ];
      const rows = await db
        .select({
          examId: scores.examId, userId: scores.userId, first: scores.first, retake: scores.retake, clinic: scores.clinic,
          title: exams.title, lectureId: exams.lectureId, weeklyLectureId: exams.weeklyLectureId, maxScore: exams.maxScore, cutline: exams.cutline,
        })
        .from(scores)
        .innerJoin(exams, eq(exams.id, scores.examId))
        .where(and(...where));
      if (rows.length === 0) return [];
      const [sessions, names] = await Promise.all([lectures.sessions.describe(rows.map((r) => r.weeklyLectureId)), lectures.lectures.names(rows.map((r) => r.lectureId))]);
      return rows
        .map(({ weeklyLectureId, ...r }) => ({
          ...r,
          lectureName: names.get(r.lectureId) ?? '',
          sessionTitle: sessions.get(weeklyLectureId)?.title ?? '',
          date: sessions.get(weeklyLectureId)?.date ?? '',
        }))
        .sort((a, b) => a.date.localeCompare(b.date) || a.examId - b.examId);
    },

    /** Booking (예약완료) or cancelling (back to 클리닉대상) a clinic: the cell's clinic status. */
    async setStatus(opts: { examId: number; userId: number; clinic: ClinicStatus; actor: Actor; action: string }): Promise<ScoreCell> {
      const [cell] = await scoring.write({ writes: [{ examId: opts.examId, userId: opts.userId, change: { clinic: opts.clinic } }], actor: opts.actor, action: opts.action, ignoreLocks: true });
      return cell!;
    },

    /** The retake graded at the clinic: the 재시험 value, and the clinic 완료 (lock-aware, like the grid). */
    async submitRetake(opts: { examId: number; userId: number; value: number; actor: Actor }): Promise<ScoreCell> {
      const [cell] = await scoring.write({ writes: [{ examId: opts.examId, userId: opts.userId, change: { retake: opts.value, clinic: 'done' } }], actor: opts.actor, action: 'clinic.grade' });
      return cell!;
    },
  };
}

export type ClinicLink = ReturnType<typeof createClinicLink>;
