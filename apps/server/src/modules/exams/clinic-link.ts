import type { ClinicStatus, ScoreCell } from '@academy/contracts/exams';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ExamsDeps } from './exams.deps.ts';
import { mapCell, publishToGrid, type ScoreRow } from './exams.rows.ts';
import { selectRows } from '../../db/sql.ts';
import { exams, scores } from './exams.table.ts';
import type { ScoringService } from './scoring.service.ts';

type Actor = { id: number };
type CellRow = Omit<ScoreRow, 'id' | 'retakeAnswers' | 'retakeMarks' | 'submittedAt' | 'updatedAt'> & { updatedAt: string; lectureId: number };

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

  /**
   * Moves the clinic status of one cell `from` → `to` in one statement (the cell chosen by `pick`
   * among the student's cells still at `from`); audited and published to the lecture's open grids.
   * Returns the exam whose cell moved, or null.
   */
  async function transition(opts: { userId: number; pick: SQL; from: ClinicStatus; to: ClinicStatus; actor: Actor & { name?: string }; action: string }): Promise<number | null> {
    const [row] = await selectRows<CellRow>(db, sql`
      update ${scores} set clinic = ${opts.to}, version = ${scores.version} + 1, updated_at = ${ctx.now().toISOString()}, updated_by = ${opts.actor.id}
      from ${exams}
      where ${exams.id} = ${scores.examId} and ${scores.userId} = ${opts.userId} and ${scores.clinic} = ${opts.from}
        and ${scores.id} = (select s.id from ${scores} s join ${exams} e on e.id = s.exam_id
                            where s.user_id = ${opts.userId} and s.clinic = ${opts.from} and ${opts.pick} order by s.exam_id limit 1)
      returning ${scores.examId} as "examId", ${scores.userId} as "userId", ${scores.first}::float8 as "first", ${scores.retake}::float8 as "retake",
        ${scores.status} as "status", ${scores.clinic} as "clinic", ${scores.delivery} as "delivery", ${scores.grade} as "grade", ${scores.gradeManual} as "gradeManual",
        ${scores.memo} as "memo", ${scores.answers} as "answers", ${scores.marks} as "marks", ${scores.version} as "version", ${scores.updatedAt} as "updatedAt",
        ${scores.updatedBy} as "updatedBy", ${exams.lectureId} as "lectureId"`);
    if (!row) return null;
    await audit.record({ actorId: opts.actor.id, action: opts.action, entity: 'score', entityId: `${row.examId}:${opts.userId}`, before: { clinic: opts.from }, after: { clinic: opts.to } });
    const names = opts.actor.name === undefined ? await users.directory([opts.actor.id]) : new Map([[opts.actor.id, { name: opts.actor.name }]]);
    const cell = mapCell({ ...row, id: 0, retakeAnswers: null, retakeMarks: null, submittedAt: null, updatedAt: new Date(row.updatedAt) }, names);
    await publishToGrid(realtime, row.lectureId, { type: 'score', data: cell });
    return row.examId;
  }

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

    /**
     * Booking: the score asked for, else the student's oldest 클리닉대상 score (of a released exam
     * when a student books), becomes 예약완료. Returns its exam, or null when there is none (when
     * one was asked for, it was not 클리닉대상: the caller refuses). `actor.name`, when the caller
     * knows it, saves looking it up for the grid's "last changed by".
     */
    async book(opts: { userId: number; examId?: number; releasedOnly: boolean; actor: Actor & { name?: string } }): Promise<number | null> {
      const pick = sql.join([
        sql`true`,
        opts.examId === undefined ? sql`` : sql` and s.exam_id = ${opts.examId}`,
        opts.releasedOnly ? sql` and e.ready_to_show` : sql``,
      ], sql``);
      return transition({ userId: opts.userId, pick, from: 'required', to: 'booked', actor: opts.actor, action: 'clinic.book' });
    },

    /** A cancelled booking: 예약완료 goes back to 클리닉대상 (a status set otherwise meanwhile stays). */
    async unbook(opts: { examId: number; userId: number; actor: Actor }): Promise<void> {
      await transition({ userId: opts.userId, pick: sql`s.exam_id = ${opts.examId}`, from: 'booked', to: 'required', actor: opts.actor, action: 'clinic.cancel' });
    },

    /** The retake graded at the clinic: the 재시험 value, and the clinic 완료 (lock-aware, like the grid). */
    async submitRetake(opts: { examId: number; userId: number; value: number; actor: Actor }): Promise<ScoreCell> {
      const [cell] = await scoring.write({ writes: [{ examId: opts.examId, userId: opts.userId, change: { retake: opts.value, clinic: 'done' } }], actor: opts.actor, action: 'clinic.grade' });
      return cell!;
    },
  };
}

export type ClinicLink = ReturnType<typeof createClinicLink>;
