import type { AppContext } from '../../context.ts';
import { ddayLabel, kstToday } from '../lectures/lectures.schedule.ts';

/**
 * The student portal's view of lectures. Every query is keyed by the signed-in student's own id:
 * a student never sees another student's lectures, sessions, attendance or D-days.
 */

type LectureRow = {
  id: number; name: string; subject: string; teacher_name: string; room: string | null; color: string;
  schedule: { dayOfWeek: number; startTime: string; endTime: string }[]; start_date: string; end_date: string;
};

export async function myLectures(ctx: AppContext, userId: number) {
  const rows = await ctx.database.query<LectureRow>(
    `select l.id, l.name, l.subject, l.teacher_name, l.room, l.color, l.schedule,
            to_char(l.start_date, 'YYYY-MM-DD') as start_date, to_char(l.end_date, 'YYYY-MM-DD') as end_date
     from lecture_students ls join lectures l on l.id = ls.lecture_id
     where ls.user_id = $1 and ls.left_at is null and l.disabled = false order by l.name`,
    [userId],
  );
  return rows.map((l) => ({
    id: l.id, name: l.name, subject: l.subject, teacherName: l.teacher_name, room: l.room, color: l.color,
    schedule: l.schedule, startDate: l.start_date, endDate: l.end_date,
  }));
}

type SessionRow = {
  id: number; lecture_id: number; lecture_name: string; color: string; room: string | null; title: string; special_name: string | null;
  date: string; start_time: string; end_time: string; att_type_id: number | null; att_name: string | null; att_color: string | null; counts_as_present: boolean | null;
};

/** My sessions between two dates, with my own attendance mark. */
export async function mySessions(ctx: AppContext, opts: { userId: number; from: string; to: string }) {
  const rows = await ctx.database.query<SessionRow>(
    `select w.id, w.lecture_id, l.name as lecture_name, l.color, l.room, w.title, w.special_name,
            to_char(w.date, 'YYYY-MM-DD') as date, w.start_time, w.end_time,
            p.att_type_id, t.name as att_name, t.color as att_color, t.counts_as_present
     from weekly_lecture_participants p
     join weekly_lectures w on w.id = p.weekly_lecture_id
     join lectures l on l.id = w.lecture_id
     left join attendance_types t on t.id = p.att_type_id
     where p.user_id = $1 and w.date between $2 and $3
     order by w.date, w.start_time`,
    [opts.userId, opts.from, opts.to],
  );
  return rows.map((r) => ({
    id: r.id, lectureId: r.lecture_id, lectureName: r.lecture_name, color: r.color, room: r.room, title: r.title, specialName: r.special_name,
    date: r.date, startTime: r.start_time, endTime: r.end_time,
    attendance: r.att_type_id === null ? null : { attTypeId: r.att_type_id, name: r.att_name!, color: r.att_color!, countsAsPresent: r.counts_as_present! },
  }));
}

/** Announcements of the sessions I take part in, newest first. */
export async function myAnnouncements(ctx: AppContext, userId: number) {
  const rows = await ctx.database.query<{
    id: number; title: string; content: string; created_at: Date; weekly_lecture_id: number; wl_title: string; date: string; lecture_id: number; lecture_name: string;
  }>(
    `select a.id, a.title, a.content, a.created_at, a.weekly_lecture_id, w.title as wl_title, to_char(w.date, 'YYYY-MM-DD') as date,
            w.lecture_id, l.name as lecture_name
     from weekly_lecture_participants p
     join weekly_lecture_announcements a on a.weekly_lecture_id = p.weekly_lecture_id
     join weekly_lectures w on w.id = p.weekly_lecture_id
     join lectures l on l.id = w.lecture_id
     where p.user_id = $1
     order by a.created_at desc limit 100`,
    [userId],
  );
  return rows.map((r) => ({
    id: r.id, title: r.title, content: r.content, createdAt: new Date(r.created_at).toISOString(),
    weeklyLectureId: r.weekly_lecture_id, weeklyLectureTitle: r.wl_title, date: r.date, lectureId: r.lecture_id, lectureName: r.lecture_name,
  }));
}

/** My attendance per lecture: counts per type, sessions so far and the present rate. */
export async function myAttendance(ctx: AppContext, userId: number) {
  const today = kstToday(ctx.now());
  const sessions = await mySessions(ctx, { userId, from: '2000-01-01', to: today });
  const byLecture = new Map<number, { lectureId: number; lectureName: string; color: string; total: number; marked: number; present: number; counts: Record<string, number> }>();
  for (const s of sessions) {
    const entry = byLecture.get(s.lectureId) ?? { lectureId: s.lectureId, lectureName: s.lectureName, color: s.color, total: 0, marked: 0, present: 0, counts: {} };
    entry.total += 1;
    if (s.attendance) {
      entry.marked += 1;
      if (s.attendance.countsAsPresent) entry.present += 1;
      entry.counts[s.attendance.name] = (entry.counts[s.attendance.name] ?? 0) + 1;
    }
    byLecture.set(s.lectureId, entry);
  }
  return {
    lectures: [...byLecture.values()].map((e) => ({ ...e, counts: Object.entries(e.counts).map(([name, n]) => ({ name, count: n })) })),
    sessions: sessions.reverse(),
  };
}

/** D-days of my current lectures, soonest upcoming first, then the ones just passed. */
export async function myDdays(ctx: AppContext, userId: number) {
  const today = kstToday(ctx.now());
  const rows = await ctx.database.query<{ id: number; title: string; date: string; seq: number; lecture_id: number; lecture_name: string }>(
    `select d.id, d.title, to_char(d.date, 'YYYY-MM-DD') as date, d.seq, d.lecture_id, l.name as lecture_name
     from lecture_students ls join lecture_ddays d on d.lecture_id = ls.lecture_id join lectures l on l.id = d.lecture_id
     where ls.user_id = $1 and ls.left_at is null and l.disabled = false
     order by d.lecture_id, d.seq, d.id`,
    [userId],
  );
  return rows
    .map((d) => ({ id: d.id, lectureId: d.lecture_id, lectureName: d.lecture_name, title: d.title, date: d.date, seq: d.seq, label: ddayLabel({ today, date: d.date }), upcoming: d.date >= today }))
    .sort((a, b) => Number(b.upcoming) - Number(a.upcoming) || (a.upcoming ? a.date.localeCompare(b.date) : b.date.localeCompare(a.date)));
}
