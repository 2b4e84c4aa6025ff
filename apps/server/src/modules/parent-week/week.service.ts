import { addDays, dayOfWeek, kstToday } from '@academy/contracts/dates';
import { PUBLIC_LINK_ERRORS } from '@academy/contracts/links';
import { WEEK_LINK_PAST_WEEKS, type WeekView } from '@academy/contracts/parent-week';
import { appError } from '../../lib/errors.ts';
import type { ParentWeekDeps } from './parent-week.deps.ts';

export const WEEK_PURPOSE = 'week';

/** The Monday of the week a date is in. */
export const mondayOf = (isoDate: string) => addDays(isoDate, 1 - dayOfWeek(isoDate));

/**
 * What a parent sees from a week link: one student (the token's), one week (this one, or one of
 * the four before), and only what is meant for parents — the student's own sessions and marks,
 * released results, files with parent access, the sessions' announcements. Every read is keyed by
 * the token's student; nothing in the request can name another.
 */
export function createWeekService(deps: ParentWeekDeps) {
  const { ctx, lectures, exams, files, students, bookedClinicSlots } = deps;

  async function open(token: string) {
    const link = await ctx.links.open({ purpose: WEEK_PURPOSE, token, now: ctx.now() });
    if (link.studentId === null) throw appError(PUBLIC_LINK_ERRORS.not_found, '링크를 찾을 수 없습니다. 받은 문자의 주소를 다시 확인해 주세요');
    return { link, studentId: link.studentId };
  }

  /** The week asked for, kept within this week and the four before it. */
  function weekRange(week: string | undefined) {
    const current = mondayOf(kstToday(ctx.now()));
    const earliest = addDays(current, -7 * WEEK_LINK_PAST_WEEKS);
    let start = week ? mondayOf(week) : current;
    if (start > current) start = current;
    if (start < earliest) start = earliest;
    return { start, end: addDays(start, 6), previous: start > earliest ? addDays(start, -7) : null, next: start < current ? addDays(start, 7) : null };
  }

  return {
    async view(opts: { token: string; week?: string }): Promise<WeekView> {
      const { link, studentId } = await open(opts.token);
      const range = weekRange(opts.week);
      const sessions = await lectures.studentWeek.sessions({ userId: studentId, from: range.start, to: range.end });
      const ids = sessions.map((s) => s.id);
      const [announcements, results, shared, contacts, slots] = await Promise.all([
        lectures.studentWeek.announcements(ids),
        exams.results.ofSessions({ userId: studentId, weeklyLectureIds: ids }),
        files.parentFiles.ofSessions(ids),
        students.contactsOf([studentId]),
        bookedClinicSlots ? bookedClinicSlots({ studentId, from: range.start, to: range.end }) : Promise.resolve([]),
      ]);
      await ctx.links.recordOpen({ id: link.id, now: ctx.now() });
      const clinicOf = (status: string) => results.filter((r) => r.clinic === status).length;
      return {
        studentName: contacts.get(studentId)?.name ?? '',
        weekStart: range.start,
        weekEnd: range.end,
        previousWeek: range.previous,
        nextWeek: range.next,
        sessions: sessions.map((s) => ({
          weeklyLectureId: s.id,
          lectureName: s.lectureName,
          color: s.color,
          title: s.specialName ? `${s.title} (${s.specialName})` : s.title,
          date: s.date,
          startTime: s.startTime,
          endTime: s.endTime,
          attendance: s.attendance ? { name: s.attendance.name, color: s.attendance.color, countsAsPresent: s.attendance.countsAsPresent } : null,
          announcements: announcements.filter((a) => a.weeklyLectureId === s.id).map((a) => ({ title: a.title, content: a.content, createdAt: a.createdAt })),
          exams: results
            .filter((r) => r.weeklyLectureId === s.id)
            .map((r) => ({ title: r.title, status: r.status, score: r.score, retakeScore: r.retakeScore, maxScore: r.maxScore, average: r.average, takers: r.takers, rank: r.rank, clinic: r.clinic })),
          files: shared.filter((f) => f.weeklyLectureId === s.id).map((f) => ({ id: f.id, fileName: f.fileName, contentType: f.contentType, size: f.size })),
        })),
        clinic: { required: clinicOf('required'), booked: clinicOf('booked'), done: clinicOf('done'), slots },
        expiresAt: link.expiresAt.toISOString(),
      };
    },

    /** A shared file of the student's sessions in the weeks the link shows; anything else is 404. */
    async file(opts: { token: string; fileId: number }) {
      const { studentId } = await open(opts.token);
      const current = mondayOf(kstToday(ctx.now()));
      const sessions = await lectures.studentWeek.sessions({ userId: studentId, from: addDays(current, -7 * WEEK_LINK_PAST_WEEKS), to: addDays(current, 6) });
      const download = await files.parentFiles.download({ fileId: opts.fileId, weeklyLectureIds: sessions.map((s) => s.id), studentId });
      if (!download) throw appError(PUBLIC_LINK_ERRORS.not_found, '자료를 받을 수 없습니다. 필요하시면 학원에 문의해 주세요');
      return { url: download.url, expiresAt: download.expiresAt, fileName: download.fileName };
    },
  };
}
