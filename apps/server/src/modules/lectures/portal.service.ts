import { addDays, ddayLabel, kstToday } from '@academy/contracts/dates';
import { PORTAL_ERRORS, type MyAnnouncement, type MyAttendance, type MyDday, type MyLecture, type MySession } from '@academy/contracts/lectures';
import { and, asc, between, desc, eq, inArray, isNull } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import type { LecturesDeps } from './lectures.deps.ts';
import { attendanceTypes, lectureDdays, lectures, lectureStudents, weeklyLectureAnnouncements, weeklyLectureParticipants, weeklyLectures } from './lectures.table.ts';

/**
 * The student portal's view of lectures. Every query is keyed by the signed-in student's own id:
 * a student never sees another student's lectures, sessions, attendance or D-days.
 */
export function createPortalService(deps: Pick<LecturesDeps, 'ctx'>) {
  const { ctx } = deps;
  const { db } = ctx;

  async function sessionsBetween(opts: { userId: number; from: string; to: string }): Promise<MySession[]> {
    const rows = await db
      .select({
        id: weeklyLectures.id,
        lectureId: weeklyLectures.lectureId,
        lectureName: lectures.name,
        color: lectures.color,
        room: lectures.room,
        title: weeklyLectures.title,
        specialName: weeklyLectures.specialName,
        date: weeklyLectures.date,
        startTime: weeklyLectures.startTime,
        endTime: weeklyLectures.endTime,
        attTypeId: weeklyLectureParticipants.attTypeId,
        attName: attendanceTypes.name,
        attColor: attendanceTypes.color,
        countsAsPresent: attendanceTypes.countsAsPresent,
      })
      .from(weeklyLectureParticipants)
      .innerJoin(weeklyLectures, eq(weeklyLectures.id, weeklyLectureParticipants.weeklyLectureId))
      .innerJoin(lectures, eq(lectures.id, weeklyLectures.lectureId))
      .leftJoin(attendanceTypes, eq(attendanceTypes.id, weeklyLectureParticipants.attTypeId))
      .where(and(eq(weeklyLectureParticipants.userId, opts.userId), between(weeklyLectures.date, opts.from, opts.to)))
      .orderBy(asc(weeklyLectures.date), asc(weeklyLectures.startTime));
    return rows.map(({ attTypeId, attName, attColor, countsAsPresent, ...r }) => ({
      ...r,
      attendance: attTypeId === null ? null : { attTypeId, name: attName!, color: attColor!, countsAsPresent: countsAsPresent! },
    }));
  }

  return {
    sessionsBetween,

    /** The announcements of some sessions, oldest first within a session. */
    async announcementsOf(weeklyLectureIds: readonly number[]): Promise<{ id: number; weeklyLectureId: number; title: string; content: string; createdAt: string }[]> {
      if (weeklyLectureIds.length === 0) return [];
      const rows = await db
        .select({ id: weeklyLectureAnnouncements.id, weeklyLectureId: weeklyLectureAnnouncements.weeklyLectureId, title: weeklyLectureAnnouncements.title, content: weeklyLectureAnnouncements.content, createdAt: weeklyLectureAnnouncements.createdAt })
        .from(weeklyLectureAnnouncements)
        .where(inArray(weeklyLectureAnnouncements.weeklyLectureId, [...weeklyLectureIds]))
        .orderBy(asc(weeklyLectureAnnouncements.weeklyLectureId), asc(weeklyLectureAnnouncements.createdAt), asc(weeklyLectureAnnouncements.id));
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },

    async lectures(userId: number): Promise<MyLecture[]> {
      return db
        .select({
          id: lectures.id, name: lectures.name, subject: lectures.subject, teacherName: lectures.teacherName, room: lectures.room, color: lectures.color,
          schedule: lectures.schedule, startDate: lectures.startDate, endDate: lectures.endDate,
        })
        .from(lectureStudents)
        .innerJoin(lectures, eq(lectures.id, lectureStudents.lectureId))
        .where(and(eq(lectureStudents.userId, userId), isNull(lectureStudents.leftAt), eq(lectures.disabled, false)))
        .orderBy(asc(lectures.name));
    },

    /** My sessions between two dates (default: two weeks from today), with my own attendance mark. */
    async sessions(opts: { userId: number; from?: string; to?: string }): Promise<MySession[]> {
      const from = opts.from ?? kstToday(ctx.now());
      const to = opts.to ?? addDays(from, 13);
      if (to < from) throw appError(PORTAL_ERRORS.range_invalid, `종료일(${to})이 시작일(${from})보다 빠릅니다`, { field: 'to' });
      return sessionsBetween({ userId: opts.userId, from, to });
    },

    /** Announcements of the sessions I take part in: pinned ones first, then newest first. */
    async announcements(userId: number): Promise<MyAnnouncement[]> {
      const rows = await db
        .select({
          id: weeklyLectureAnnouncements.id,
          title: weeklyLectureAnnouncements.title,
          content: weeklyLectureAnnouncements.content,
          pinned: weeklyLectureAnnouncements.pinned,
          createdAt: weeklyLectureAnnouncements.createdAt,
          weeklyLectureId: weeklyLectures.id,
          weeklyLectureTitle: weeklyLectures.title,
          date: weeklyLectures.date,
          lectureId: lectures.id,
          lectureName: lectures.name,
        })
        .from(weeklyLectureParticipants)
        .innerJoin(weeklyLectureAnnouncements, eq(weeklyLectureAnnouncements.weeklyLectureId, weeklyLectureParticipants.weeklyLectureId))
        .innerJoin(weeklyLectures, eq(weeklyLectures.id, weeklyLectureParticipants.weeklyLectureId))
        .innerJoin(lectures, eq(lectures.id, weeklyLectures.lectureId))
        .where(eq(weeklyLectureParticipants.userId, userId))
        .orderBy(desc(weeklyLectureAnnouncements.pinned), desc(weeklyLectureAnnouncements.createdAt), desc(weeklyLectureAnnouncements.id))
        .limit(100);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },

    /** My attendance per lecture: counts per type, sessions so far and the present rate. */
    async attendance(userId: number): Promise<MyAttendance> {
      const sessions = await sessionsBetween({ userId, from: '2000-01-01', to: kstToday(ctx.now()) });
      const byLecture = new Map<number, { lectureId: number; lectureName: string; color: string; total: number; marked: number; present: number; counts: Map<string, number> }>();
      for (const s of sessions) {
        const entry = byLecture.get(s.lectureId) ?? { lectureId: s.lectureId, lectureName: s.lectureName, color: s.color, total: 0, marked: 0, present: 0, counts: new Map() };
        entry.total += 1;
        if (s.attendance) {
          entry.marked += 1;
          if (s.attendance.countsAsPresent) entry.present += 1;
          entry.counts.set(s.attendance.name, (entry.counts.get(s.attendance.name) ?? 0) + 1);
        }
        byLecture.set(s.lectureId, entry);
      }
      return {
        lectures: [...byLecture.values()].map((e) => ({ ...e, counts: [...e.counts].map(([name, count]) => ({ name, count })) })),
        sessions: sessions.reverse(),
      };
    },

    /** D-days of my current lectures, soonest upcoming first, then the ones just passed. */
    async ddays(userId: number): Promise<MyDday[]> {
      const today = kstToday(ctx.now());
      const rows = await db
        .select({ id: lectureDdays.id, title: lectureDdays.title, date: lectureDdays.date, seq: lectureDdays.seq, lectureId: lectureDdays.lectureId, lectureName: lectures.name })
        .from(lectureStudents)
        .innerJoin(lectureDdays, eq(lectureDdays.lectureId, lectureStudents.lectureId))
        .innerJoin(lectures, eq(lectures.id, lectureDdays.lectureId))
        .where(and(eq(lectureStudents.userId, userId), isNull(lectureStudents.leftAt), eq(lectures.disabled, false)))
        .orderBy(asc(lectureDdays.lectureId), asc(lectureDdays.seq), asc(lectureDdays.id));
      return rows
        .map((d) => ({ ...d, label: ddayLabel({ today, date: d.date }), upcoming: d.date >= today }))
        .sort((a, b) => Number(b.upcoming) - Number(a.upcoming) || (a.upcoming ? a.date.localeCompare(b.date) : b.date.localeCompare(a.date)));
    },
  };
}
