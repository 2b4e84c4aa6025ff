import type { AttendanceWeek, EnrollmentMonth, PeriodQuery } from '@academy/contracts/dashboard';
import { between, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { parseRows } from '../../db/sql.ts';
import type { LecturesDeps } from './lectures.deps.ts';
import { attendanceTypes, lectures, lectureStudents, weeklyLectureParticipants, weeklyLectures } from './lectures.table.ts';

/** The attendance type whose marks count as lateness in the figures (a default type). */
export const LATE_TYPE_NAME = '지각';

const enrollmentRow = z.object({
  month: z.string(), lectureId: z.number(), lectureName: z.string(), targetGrade: z.string().nullable(),
  active: z.coerce.number(), joined: z.coerce.number(), left: z.coerce.number(),
});
const attendanceRow = z.object({
  weekStart: z.string(), lectureId: z.number(), lectureName: z.string(),
  sessions: z.coerce.number(), marked: z.coerce.number(), present: z.coerce.number(), late: z.coerce.number(),
});

/**
 * The lectures area's figures for the dashboard, in Korea time. Each counts the rows of a list the
 * product already shows: the roster (lecture_students, its enrolment and leaving times) and the
 * attendance sheet (participants' marks), so a figure and its list always agree.
 */
export function createLectureStatistics({ ctx }: Pick<LecturesDeps, 'ctx'>) {
  return {
    /** The sessions dated in the period with their lecture's name, by date. */
    sessionsBetween: ({ startDate, endDate }: PeriodQuery) =>
      ctx.db
        .select({ id: weeklyLectures.id, lectureId: weeklyLectures.lectureId, lectureName: lectures.name, date: weeklyLectures.date, title: weeklyLectures.title })
        .from(weeklyLectures)
        .innerJoin(lectures, eq(lectures.id, weeklyLectures.lectureId))
        .where(between(weeklyLectures.date, startDate, endDate))
        .orderBy(weeklyLectures.date, weeklyLectures.startTime, weeklyLectures.id),

    /** Per month of the period and lecture: students on the roster during the month, joined, left. */
    async enrollmentByMonth({ startDate, endDate }: PeriodQuery): Promise<EnrollmentMonth[]> {
      const enrolled = sql`(${lectureStudents.enrolledAt} at time zone 'Asia/Seoul')::date`;
      const left = sql`(${lectureStudents.leftAt} at time zone 'Asia/Seoul')::date`;
      return parseRows(ctx.db, enrollmentRow, sql`
        with months as (
          select m::date as first, least((m + interval '1 month' - interval '1 day')::date, ${endDate}::date) as last,
                 greatest(m::date, ${startDate}::date) as since
          from generate_series(date_trunc('month', ${startDate}::date), ${endDate}::date, interval '1 month') m
        )
        select to_char(months.first, 'YYYY-MM') as "month", ${lectures.id} as "lectureId", ${lectures.name} as "lectureName",
               ${lectures.targetGrade} as "targetGrade",
               count(*) filter (where ${enrolled} <= months.last and (${lectureStudents.leftAt} is null or ${left} >= months.since)) as "active",
               count(*) filter (where ${enrolled} between months.since and months.last) as "joined",
               count(*) filter (where ${left} between months.since and months.last) as "left"
        from months
        join ${lectureStudents} on ${enrolled} <= months.last and (${lectureStudents.leftAt} is null or ${left} >= months.since)
        join ${lectures} on ${lectures.id} = ${lectureStudents.lectureId}
        group by months.first, ${lectures.id}, ${lectures.name}, ${lectures.targetGrade}
        order by months.first, ${lectures.name}, ${lectures.id}`);
    },

    /** Per week (Monday first) and lecture: sessions held in the period and the marks staff gave. */
    async attendanceByWeek({ startDate, endDate }: PeriodQuery): Promise<AttendanceWeek[]> {
      const rows = await parseRows(ctx.db, attendanceRow, sql`
        select to_char(date_trunc('week', ${weeklyLectures.date}::timestamp), 'YYYY-MM-DD') as "weekStart",
               ${lectures.id} as "lectureId", ${lectures.name} as "lectureName",
               count(distinct ${weeklyLectures.id}) as "sessions",
               count(${weeklyLectureParticipants.attTypeId}) as "marked",
               count(*) filter (where ${attendanceTypes.countsAsPresent}) as "present",
               count(*) filter (where ${attendanceTypes.name} = ${LATE_TYPE_NAME}) as "late"
        from ${weeklyLectures}
        join ${lectures} on ${lectures.id} = ${weeklyLectures.lectureId}
        left join ${weeklyLectureParticipants} on ${weeklyLectureParticipants.weeklyLectureId} = ${weeklyLectures.id}
        left join ${attendanceTypes} on ${attendanceTypes.id} = ${weeklyLectureParticipants.attTypeId}
        where ${weeklyLectures.date} between ${startDate} and ${endDate}
        group by 1, ${lectures.id}, ${lectures.name}
        order by 1, ${lectures.name}, ${lectures.id}`);
      return rows.map((r) => ({ ...r, rate: r.marked === 0 ? null : r.present / r.marked }));
    },
  };
}

