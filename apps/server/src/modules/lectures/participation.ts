import { LECTURE_ERRORS, WEEKLY_LECTURE_ERRORS, type WeeklyLecture } from '@academy/contracts/lectures';
import { and, asc, between, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import { missingIds } from '../../db/exists.ts';
import { selectRows } from '../../db/sql.ts';
import { appError } from '../../lib/errors.ts';
import type { RelationFilter } from '../../plugins/graphql/registry.ts';
import { mapWeeklyLecture } from './lectures.rows.ts';
import { lectures, lectureStudents, weeklyLectureParticipants, weeklyLectures } from './lectures.table.ts';

/**
 * The rules other modules ask the lectures module about: who takes part in a session or a
 * lecture, and which sessions and lectures exist. One function per rule; files, exams, clinic and
 * videos all ask here instead of reading the roster tables.
 */
export function createParticipation({ ctx }: { ctx: AppContext }) {
  const { db } = ctx;

  async function isParticipant(opts: { userId: number; weeklyLectureId: number }): Promise<boolean> {
    const [p] = await db
      .select({ id: weeklyLectureParticipants.id })
      .from(weeklyLectureParticipants)
      .where(and(eq(weeklyLectureParticipants.weeklyLectureId, opts.weeklyLectureId), eq(weeklyLectureParticipants.userId, opts.userId)));
    return !!p;
  }

  async function isEnrolled(opts: { userId: number; lectureId: number }): Promise<boolean> {
    const [e] = await db
      .select({ userId: lectureStudents.userId })
      .from(lectureStudents)
      .where(and(eq(lectureStudents.lectureId, opts.lectureId), eq(lectureStudents.userId, opts.userId), isNull(lectureStudents.leftAt)));
    return !!e;
  }

  async function findSession(weeklyLectureId: number): Promise<WeeklyLecture | null> {
    const [row] = await db.select().from(weeklyLectures).where(eq(weeklyLectures.id, weeklyLectureId));
    return row ? mapWeeklyLecture(row) : null;
  }

  return {
    participation: {
      isParticipant,
      isEnrolled,
      /** A student takes part in a session when they are its participant or enrolled in its lecture now. */
      async takesPart(opts: { userId: number; session: Pick<WeeklyLecture, 'id' | 'lectureId'> }): Promise<boolean> {
        return (await isParticipant({ userId: opts.userId, weeklyLectureId: opts.session.id })) || isEnrolled({ userId: opts.userId, lectureId: opts.session.lectureId });
      },
      /** The sessions a student takes part in (as `takesPart` decides, for every session at once). */
      async sessionsTakenBy(userId: number): Promise<number[]> {
        const rows = await selectRows<{ id: number }>(db, sql`
          select ${weeklyLectureParticipants.weeklyLectureId} as id from ${weeklyLectureParticipants} where ${weeklyLectureParticipants.userId} = ${userId}
          union
          select ${weeklyLectures.id} as id from ${weeklyLectures}
            join ${lectureStudents} on ${lectureStudents.lectureId} = ${weeklyLectures.lectureId}
          where ${lectureStudents.userId} = ${userId} and ${lectureStudents.leftAt} is null`);
        return rows.map((r) => r.id);
      },
      /** The participants of a session (user ids). */
      async participantsOf(weeklyLectureId: number): Promise<number[]> {
        const rows = await db.select({ userId: weeklyLectureParticipants.userId }).from(weeklyLectureParticipants).where(eq(weeklyLectureParticipants.weeklyLectureId, weeklyLectureId));
        return rows.map((r) => r.userId);
      },
      /** The participants of several sessions at once: session id → user ids. */
      async participantsOfMany(weeklyLectureIds: readonly number[]): Promise<Map<number, number[]>> {
        const out = new Map<number, number[]>(weeklyLectureIds.map((id) => [id, []]));
        if (weeklyLectureIds.length === 0) return out;
        const rows = await db
          .select({ wlId: weeklyLectureParticipants.weeklyLectureId, userId: weeklyLectureParticipants.userId })
          .from(weeklyLectureParticipants)
          .where(inArray(weeklyLectureParticipants.weeklyLectureId, [...weeklyLectureIds]));
        for (const r of rows) out.get(r.wlId)?.push(r.userId);
        return out;
      },
      /** The participant memos of a session (the note beside a student on that session's sheets). */
      async memosOf(weeklyLectureId: number): Promise<Map<number, string | null>> {
        const rows = await db
          .select({ userId: weeklyLectureParticipants.userId, memo: weeklyLectureParticipants.memo })
          .from(weeklyLectureParticipants)
          .where(eq(weeklyLectureParticipants.weeklyLectureId, weeklyLectureId));
        return new Map(rows.map((r) => [r.userId, r.memo]));
      },
      /** Writes a participant's memo; false when the student is not a participant of the session. */
      async setMemo(opts: { weeklyLectureId: number; userId: number; memo: string }): Promise<boolean> {
        const updated = await db
          .update(weeklyLectureParticipants)
          .set({ memo: opts.memo })
          .where(and(eq(weeklyLectureParticipants.weeklyLectureId, opts.weeklyLectureId), eq(weeklyLectureParticipants.userId, opts.userId)))
          .returning({ id: weeklyLectureParticipants.id });
        return updated.length > 0;
      },
      /** The lectures a student is enrolled in now (lecture ids). */
      async lecturesOf(userId: number): Promise<number[]> {
        const rows = await db
          .select({ lectureId: lectureStudents.lectureId })
          .from(lectureStudents)
          .where(and(eq(lectureStudents.userId, userId), isNull(lectureStudents.leftAt)));
        return rows.map((r) => r.lectureId);
      },
      /** The students enrolled in a lecture now (user ids). */
      async rosterOf(lectureId: number): Promise<number[]> {
        const rows = await db
          .select({ userId: lectureStudents.userId })
          .from(lectureStudents)
          .where(and(eq(lectureStudents.lectureId, lectureId), isNull(lectureStudents.leftAt)));
        return rows.map((r) => r.userId);
      },
      /**
       * GraphQL relation filter "enrolled now in these lectures" (`{ lectures: { id: { in: [1] } } }`)
       * for a resource whose rows are users (`userId` is that column): the students grid filters by
       * lecture without reading the roster tables.
       */
      enrolmentFilter(userId: AnyPgColumn): RelationFilter {
        return {
          description: '수강 강좌로 거르기: { lectures: { id: { in: [1] } } }',
          fields: { id: { type: 'ID', column: lectureStudents.lectureId, filterable: true } },
          exists: (cond) => sql`exists (select 1 from ${lectureStudents} where ${lectureStudents.userId} = ${userId} and ${lectureStudents.leftAt} is null and ${cond})`,
        };
      },
    },

    sessions: {
      find: findSession,
      /** The session, or a 404 naming the field; with `lectureId`, it must belong to that lecture. */
      async require(opts: { weeklyLectureId: number; lectureId?: number; field?: string }): Promise<WeeklyLecture> {
        const s = await findSession(opts.weeklyLectureId);
        if (!s || (opts.lectureId !== undefined && s.lectureId !== opts.lectureId)) {
          throw appError(WEEKLY_LECTURE_ERRORS.not_found, '회차를 찾을 수 없습니다', opts.field ? { field: opts.field } : {});
        }
        return s;
      },
      /** A lecture's sessions dated between two days (inclusive), in time order. */
      async ofLecture(opts: { lectureId: number; from: string; to: string }): Promise<WeeklyLecture[]> {
        const rows = await db
          .select()
          .from(weeklyLectures)
          .where(and(eq(weeklyLectures.lectureId, opts.lectureId), between(weeklyLectures.date, opts.from, opts.to)))
          .orderBy(asc(weeklyLectures.date), asc(weeklyLectures.startTime), asc(weeklyLectures.id));
        return rows.map(mapWeeklyLecture);
      },
      /** Titles and dates of sessions by id, for lists that show which session a row belongs to. */
      async describe(ids: readonly number[]): Promise<Map<number, WeeklyLecture>> {
        if (ids.length === 0) return new Map();
        const rows = await db.select().from(weeklyLectures).where(inArray(weeklyLectures.id, [...new Set(ids)]));
        return new Map(rows.map((r) => [r.id, mapWeeklyLecture(r)]));
      },
    },

    lectures: {
      /** Every id must be an existing lecture; otherwise the caller's error naming the unknown ids. */
      async requireIds(opts: { ids: readonly number[]; field: string }): Promise<void> {
        const missing = await missingIds(db, { from: lectures, id: lectures.id, ids: opts.ids });
        if (missing.length) throw appError(LECTURE_ERRORS.unknown, `존재하지 않는 강좌입니다: ${missing.join(', ')}`, { field: opts.field });
      },
      /** The lecture, or a 404 (checks ids that come from a path). */
      async require(id: number): Promise<{ id: number; name: string; disabled: boolean }> {
        const [row] = await db.select({ id: lectures.id, name: lectures.name, disabled: lectures.disabled }).from(lectures).where(eq(lectures.id, id));
        if (!row) throw appError(LECTURE_ERRORS.not_found, `강좌를 찾을 수 없습니다 (ID ${id})`);
        return row;
      },
      /** Every lecture (id, name, whether disabled), by name. */
      async all(): Promise<{ id: number; name: string; disabled: boolean }[]> {
        return db.select({ id: lectures.id, name: lectures.name, disabled: lectures.disabled }).from(lectures).orderBy(asc(lectures.name));
      },
      /** Names of lectures by id. */
      async names(ids: readonly number[]): Promise<Map<number, string>> {
        if (ids.length === 0) return new Map();
        const rows = await db.select({ id: lectures.id, name: lectures.name }).from(lectures).where(inArray(lectures.id, [...new Set(ids)]));
        return new Map(rows.map((r) => [r.id, r.name]));
      },
    },
  };
}
