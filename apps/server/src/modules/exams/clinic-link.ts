import type { ClinicStatus, ScoreCell } from '@academy/contracts/exams';
import type { ExamsDeps } from './exams.deps.ts';
import { examQueries } from './exams.queries.ts';
import { mapCell, publishToGrid } from './exams.rows.ts';
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
 * clinic, and the writes a clinic makes: the status on booking and cancelling, and the retake that
 * closes it. The retake goes through `scoring.write` like every value. Booking only moves the clinic
 * status between 클리닉대상 and 예약완료, which no other rule (grade, rank, status) reads, so it is
 * one conditional UPDATE of that cell here, versioned, audited and pushed to open grids like every
 * other change — a burst of bookings at 21:00 must not recompute a whole exam's ranks per seat.
 */
export function createClinicLink(deps: ExamsDeps & { scoring: ScoringService }) {
  const { ctx, lectures, scoring, users } = deps;
  const { db, audit, realtime } = ctx;
  const q = examQueries(db);

  /**
   * Moves the clinic status of one cell `from` → `to` (the cell of `examId`, else the student's
   * oldest still at `from`); audited and published to the lecture's open grids. Returns the exam
   * whose cell moved, or null.
   */
  async function transition(opts: { userId: number; examId?: number; releasedOnly?: boolean; from: ClinicStatus; to: ClinicStatus; actor: Actor & { name?: string }; action: string }): Promise<number | null> {
    const row = await q.moveClinic({ userId: opts.userId, examId: opts.examId, releasedOnly: opts.releasedOnly, from: opts.from, to: opts.to, at: ctx.now(), actorId: opts.actor.id });
    if (!row) return null;
    await audit.record({ actorId: opts.actor.id, action: opts.action, entity: 'score', entityId: `${row.examId}:${opts.userId}`, before: { clinic: opts.from }, after: { clinic: opts.to } });
    const names = opts.actor.name === undefined ? await users.directory([opts.actor.id]) : new Map([[opts.actor.id, { name: opts.actor.name }]]);
    await publishToGrid(realtime, row.lectureId, { type: 'score', data: mapCell(row, names) });
    return row.examId;
  }

  return {
    /**
     * Scores of these students (optionally of these exams, with these clinic statuses; only
     * released exams when a student asks), oldest session first.
     */
    async scoresOf(opts: { userIds: readonly number[]; examIds?: readonly number[]; statuses?: readonly ClinicStatus[]; releasedOnly?: boolean }): Promise<ClinicScore[]> {
      if (opts.userIds.length === 0 || opts.examIds?.length === 0) return [];
      const rows = await q.clinicScores(opts);
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

    /**
     * Booking: the score asked for, else the student's oldest 클리닉대상 score (of a released exam
     * when a student books), becomes 예약완료. Returns its exam, or null when there is none (when
     * one was asked for, it was not 클리닉대상: the caller refuses). `actor.name`, when the caller
     * knows it, saves looking it up for the grid's "last changed by".
     */
    async book(opts: { userId: number; examId?: number; releasedOnly: boolean; actor: Actor & { name?: string } }): Promise<number | null> {
      return transition({ userId: opts.userId, examId: opts.examId, releasedOnly: opts.releasedOnly, from: 'required', to: 'booked', actor: opts.actor, action: 'clinic.book' });
    },

    /** A cancelled booking: 예약완료 goes back to 클리닉대상 (a status set otherwise meanwhile stays). */
    async unbook(opts: { examId: number; userId: number; actor: Actor }): Promise<void> {
      await transition({ userId: opts.userId, examId: opts.examId, from: 'booked', to: 'required', actor: opts.actor, action: 'clinic.cancel' });
    },

    /** The retake graded at the clinic: the 재시험 value, and the clinic 완료 (lock-aware, like the grid). */
    async submitRetake(opts: { examId: number; userId: number; value: number; actor: Actor }): Promise<ScoreCell> {
      const [cell] = await scoring.write({ writes: [{ examId: opts.examId, userId: opts.userId, change: { retake: opts.value, clinic: 'done' } }], actor: opts.actor, action: 'clinic.grade' });
      return cell!;
    },
  };
}

export type ClinicLink = ReturnType<typeof createClinicLink>;
