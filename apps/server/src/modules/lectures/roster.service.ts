import { kstToday } from '@academy/contracts/dates';
import { LECTURE_ERRORS } from '@academy/contracts/lectures';
import type { EnrolClash } from '@academy/contracts/lectures';
import { and, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import type { LecturesDeps } from './lectures.deps.ts';
import { getActiveLectureRow, getLectureRow } from './lectures.rows.ts';
import { lectures, lectureStudents, weeklyLectureParticipants, weeklyLectures } from './lectures.table.ts';

export type RosterService = ReturnType<typeof createRosterService>;

/**
 * Who takes a lecture: enrolment (the student joins every session from today on), leaving, and
 * class transfer (반 이동). Records already made stay in the session where they were made.
 */
export function createRosterService(deps: LecturesDeps) {
  const { ctx, users } = deps;
  const { db, audit } = ctx;

  /**
   * The one clash rule (docs/lectures.md): a student clashes when they already take another enabled
   * lecture whose period overlaps this one's and one of whose weekly slots shares a weekday with a
   * slot of this one with overlapping times (touching ends, 19:00–21:00 then 21:00–22:00, do not clash).
   */
  async function clashes(lectureId: number, userIds: readonly number[]): Promise<EnrolClash[]> {
    const target = await getLectureRow(db, lectureId);
    if (userIds.length === 0 || target.schedule.length === 0) return [];
    const others = await db
      .select({ userId: lectureStudents.userId, lectureId: lectures.id, lectureName: lectures.name, schedule: lectures.schedule })
      .from(lectureStudents)
      .innerJoin(lectures, eq(lectures.id, lectureStudents.lectureId))
      .where(and(
        inArray(lectureStudents.userId, [...new Set(userIds)]), isNull(lectureStudents.leftAt), ne(lectures.id, lectureId), eq(lectures.disabled, false),
        sql`${lectures.startDate} <= ${target.endDate}`, sql`${lectures.endDate} >= ${target.startDate}`,
      ));
    if (others.length === 0) return [];
    const names = await users.directory([...new Set(others.map((o) => o.userId))]);
    const found: EnrolClash[] = [];
    for (const o of others) {
      for (const slot of o.schedule) {
        const hit = target.schedule.some((t) => t.dayOfWeek === slot.dayOfWeek && t.startTime < slot.endTime && slot.startTime < t.endTime);
        if (hit) found.push({ userId: o.userId, studentName: names.get(o.userId)?.name ?? '', lectureId: o.lectureId, lectureName: o.lectureName, dayOfWeek: slot.dayOfWeek, startTime: slot.startTime, endTime: slot.endTime });
      }
    }
    return found.sort((a, b) => a.studentName.localeCompare(b.studentName, 'ko') || a.dayOfWeek - b.dayOfWeek || a.startTime.localeCompare(b.startTime));
  }

  async function activeRoster(lectureId: number): Promise<number[]> {
    const rows = await db
      .select({ userId: lectureStudents.userId })
      .from(lectureStudents)
      .where(and(eq(lectureStudents.lectureId, lectureId), isNull(lectureStudents.leftAt)));
    return rows.map((r) => r.userId);
  }

  /** Makes students participants of the lecture's sessions dated on or after `fromDate` (or of the sessions named). */
  async function addToSessions(opts: { lectureId: number; userIds: readonly number[]; fromDate: string; weeklyLectureIds?: number[] }): Promise<number> {
    if (opts.userIds.length === 0) return 0;
    const sessions = await db
      .select({ id: weeklyLectures.id })
      .from(weeklyLectures)
      .where(
        opts.weeklyLectureIds
          ? and(eq(weeklyLectures.lectureId, opts.lectureId), inArray(weeklyLectures.id, opts.weeklyLectureIds.length ? opts.weeklyLectureIds : [-1]))
          : and(eq(weeklyLectures.lectureId, opts.lectureId), gte(weeklyLectures.date, opts.fromDate)),
      );
    if (sessions.length === 0) return 0;
    const values = sessions.flatMap((s) => opts.userIds.map((userId) => ({ weeklyLectureId: s.id, lectureId: opts.lectureId, userId })));
    const inserted = await db.insert(weeklyLectureParticipants).values(values).onConflictDoNothing().returning({ id: weeklyLectureParticipants.id });
    return inserted.length;
  }

  /** Roster + participation of sessions from `fromDate`. Used by enrolment, transfer and the demo seed. */
  async function join(opts: { lectureId: number; userIds: number[]; fromDate: string; at: Date }) {
    if (opts.userIds.length === 0) return { enrolled: 0, participations: 0 };
    await db
      .insert(lectureStudents)
      .values(opts.userIds.map((userId) => ({ lectureId: opts.lectureId, userId, enrolledAt: opts.at })))
      .onConflictDoUpdate({ target: [lectureStudents.lectureId, lectureStudents.userId], set: { leftAt: null, enrolledAt: opts.at }, setWhere: sql`${lectureStudents.leftAt} is not null` });
    const participations = await addToSessions({ lectureId: opts.lectureId, userIds: opts.userIds, fromDate: opts.fromDate });
    return { enrolled: opts.userIds.length, participations };
  }

  /**
   * Takes students off the roster. Their participation in sessions from today on is removed unless
   * a record was already made there (attendance); past sessions are untouched.
   */
  async function leave(opts: { lectureId: number; userIds: number[]; fromDate: string; at: Date }): Promise<number> {
    await db
      .update(lectureStudents)
      .set({ leftAt: opts.at })
      .where(and(eq(lectureStudents.lectureId, opts.lectureId), inArray(lectureStudents.userId, opts.userIds), isNull(lectureStudents.leftAt)));
    const future = db
      .select({ id: weeklyLectures.id })
      .from(weeklyLectures)
      .where(and(eq(weeklyLectures.lectureId, opts.lectureId), gte(weeklyLectures.date, opts.fromDate)));
    const removed = await db
      .delete(weeklyLectureParticipants)
      .where(
        and(
          eq(weeklyLectureParticipants.lectureId, opts.lectureId),
          inArray(weeklyLectureParticipants.userId, opts.userIds),
          inArray(weeklyLectureParticipants.weeklyLectureId, future),
          isNull(weeklyLectureParticipants.attTypeId),
        ),
      )
      .returning({ id: weeklyLectureParticipants.id });
    return removed.length;
  }

  return {
    activeRoster,
    addToSessions,
    join,

    clashes,

    /** The clashes staff are warned about before they enrol (nothing is written). */
    async enrolClashes(opts: { lectureId: number; userIds: number[] }) {
      await getActiveLectureRow(db, opts.lectureId);
      await users.requireStudents({ ids: opts.userIds, error: LECTURE_ERRORS.unknown_students });
      return { clashes: await clashes(opts.lectureId, opts.userIds) };
    },

    /** Enrols students; each becomes a participant of every session from today on. Clashes do not stop it: they come back as a warning. */
    async enrol(opts: { lectureId: number; userIds: number[]; actorId: number }) {
      return db.transaction(async () => {
        await getActiveLectureRow(db, opts.lectureId);
        await users.requireStudents({ ids: opts.userIds, error: LECTURE_ERRORS.unknown_students });
        const found = await clashes(opts.lectureId, opts.userIds);
        const result = await join({ lectureId: opts.lectureId, userIds: [...new Set(opts.userIds)], fromDate: kstToday(ctx.now()), at: ctx.now() });
        await audit.record({ actorId: opts.actorId, action: 'lecture.enrol', entity: 'lecture', entityId: opts.lectureId, after: { userIds: opts.userIds, ...result, clashes: found.length } });
        return { ...result, clashes: found };
      });
    },

    async unenrol(opts: { lectureId: number; userIds: number[]; actorId: number }) {
      return db.transaction(async () => {
        await getLectureRow(db, opts.lectureId);
        const enrolled = await activeRoster(opts.lectureId);
        const missing = opts.userIds.filter((id) => !enrolled.includes(id));
        if (missing.length) throw appError(LECTURE_ERRORS.not_enrolled, `이 강좌에 등록되지 않은 학생이 있습니다 (ID ${missing.join(', ')})`, { field: 'userIds' });
        const removed = await leave({ lectureId: opts.lectureId, userIds: opts.userIds, fromDate: kstToday(ctx.now()), at: ctx.now() });
        await audit.record({ actorId: opts.actorId, action: 'lecture.unenrol', entity: 'lecture', entityId: opts.lectureId, after: { userIds: opts.userIds, participationsRemoved: removed } });
        return { left: opts.userIds.length, participationsRemoved: removed };
      });
    },

    /**
     * 반 이동: student leaves lecture `fromId` and joins `toId` from the next session on. Records
     * already made (past sessions, attendance marked) stay in the lecture where they were made.
     */
    async transfer(opts: { fromId: number; userId: number; toId: number; actorId: number }) {
      if (opts.fromId === opts.toId) throw appError(LECTURE_ERRORS.transfer_same, '이동할 강좌가 현재 강좌와 같습니다');
      return db.transaction(async () => {
        const from = await getLectureRow(db, opts.fromId);
        const to = await getActiveLectureRow(db, opts.toId);
        await users.requireStudents({ ids: [opts.userId], error: LECTURE_ERRORS.unknown_students, field: 'a' });
        const name = (await users.directory([opts.userId])).get(opts.userId)!.name;
        if (!(await activeRoster(opts.fromId)).includes(opts.userId)) throw appError(LECTURE_ERRORS.not_enrolled, `${name} 학생은 ${from.name} 강좌에 등록되어 있지 않습니다`);
        if ((await activeRoster(opts.toId)).includes(opts.userId)) throw appError(LECTURE_ERRORS.already_enrolled, `${name} 학생은 이미 ${to.name} 강좌에 등록되어 있습니다`);
        const today = kstToday(ctx.now());
        const removed = await leave({ lectureId: opts.fromId, userIds: [opts.userId], fromDate: today, at: ctx.now() });
        const joined = await join({ lectureId: opts.toId, userIds: [opts.userId], fromDate: today, at: ctx.now() });
        await audit.record({
          actorId: opts.actorId,
          action: 'lecture.class_transfer',
          entity: 'user',
          entityId: opts.userId,
          before: { lectureId: from.id, lectureName: from.name },
          after: { lectureId: to.id, lectureName: to.name, fromDate: today, participationsRemoved: removed, participationsAdded: joined.participations },
        });
        return { userId: opts.userId, fromLectureId: from.id, toLectureId: to.id, fromDate: today, participationsRemoved: removed, participationsAdded: joined.participations };
      });
    },
  };
}
