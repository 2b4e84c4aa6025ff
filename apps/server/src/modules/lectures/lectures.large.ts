import { addDays, dayOfWeek } from '@academy/contracts/dates';
import { count, like, sql } from 'drizzle-orm';
import type { LargeSeedStep } from '../../db/seed/seed.ts';
import { attendanceTypes, lectures, lectureStudents, weeklyLectureParticipants, weeklyLectures } from './lectures.table.ts';

/** Size of the generated timetable: the first ones are the 300-student lectures the benchmarks use. */
export const LARGE_LECTURES = { count: 60, weeks: 40, bigLectures: 10, bigSize: 300, minSize: 120, maxSize: 250 } as const;

const SUBJECTS = ['수학', '국어', '영어', '과학', '사회'] as const;
const GRADES = ['중1', '중2', '중3', '고1', '고2', '고3'] as const;
const COLORS = ['#2e7d32', '#1565c0', '#ef6c00', '#6a1b9a', '#00838f', '#c62828', '#827717', '#455a64'] as const;

/**
 * The lectures step of `seed:large`: 60 lectures × 40 weekly sessions, each lecture with its
 * roster (the first ten with 300 students) as participants of every session, attendance marked
 * on past sessions. Written in set-based SQL, one statement per table per lecture; skipped when
 * the generated lectures already exist.
 */
export const largeLecturesStep: LargeSeedStep = {
  name: `lectures: ${LARGE_LECTURES.count} lectures × ${LARGE_LECTURES.weeks} weeks`,
  run: async ({ db, random, studentIds }) => {
    const [done] = await db.select({ n: count() }).from(lectures).where(like(lectures.name, '벤치 %'));
    if ((done?.n ?? 0) >= LARGE_LECTURES.count) return;
    const typeIds = (await db.select({ id: attendanceTypes.id }).from(attendanceTypes).orderBy(attendanceTypes.seq)).map((t) => t.id);
    // 30 weeks in the past, 10 to come, counted from 2026-11-21 (the demo's today).
    const firstMonday = addDays('2026-11-16', -30 * 7);
    for (let i = 0; i < LARGE_LECTURES.count; i++) {
      const subject = SUBJECTS[i % SUBJECTS.length]!;
      const grade = GRADES[i % GRADES.length]!;
      const start = addDays(firstMonday, i % 6);
      const end = addDays(start, (LARGE_LECTURES.weeks - 1) * 7);
      const dow = dayOfWeek(start);
      const hour = 15 + (i % 4) * 2;
      const startTime = `${String(hour).padStart(2, '0')}:00`;
      const endTime = `${String(hour + 2).padStart(2, '0')}:00`;
      const size = i < LARGE_LECTURES.bigLectures
        ? LARGE_LECTURES.bigSize
        : LARGE_LECTURES.minSize + Math.floor(random() * (LARGE_LECTURES.maxSize - LARGE_LECTURES.minSize));
      const offset = Math.floor(random() * Math.max(1, studentIds.length - size));
      const roster = studentIds.slice(offset, offset + size);
      const [lecture] = await db
        .insert(lectures)
        .values({
          name: `벤치 ${String(i + 1).padStart(2, '0')} ${grade} ${subject}`, subject, teacherName: `강사${String((i % 20) + 1).padStart(2, '0')}`, targetGrade: grade,
          schedule: [{ dayOfWeek: dow, startTime, endTime }], room: `${(i % 5) + 2}0${(i % 9) + 1}호`, startDate: start, endDate: end, color: COLORS[i % COLORS.length]!,
        })
        .returning({ id: lectures.id });
      const lectureId = lecture!.id;
      const w = weeklyLectures;
      await db.execute(sql`
        insert into ${w} (lecture_id, seq, title, date, start_time, end_time)
        select ${lectureId}, g, g || '주차', ${start}::date + (g - 1) * 7, ${startTime}, ${endTime} from generate_series(1, ${LARGE_LECTURES.weeks}::int) g`);
      await db.execute(sql`
        insert into ${lectureStudents} (lecture_id, user_id, enrolled_at)
        select ${lectureId}, u, ${start}::date from unnest(${sql.param(roster)}::int[]) u on conflict do nothing`);
      const h = sql`(u * 7919 + ${w.id} * 104729) % 100`;
      await db.execute(sql`
        insert into ${weeklyLectureParticipants} (weekly_lecture_id, lecture_id, user_id, att_type_id, att_locked)
        select ${w.id}, ${lectureId}, u,
               case when ${w.date} < date '2026-11-21' then (${sql.param(typeIds)}::int[])[1 + (case when ${h} < 85 then 0
                    when ${h} < 92 then 1 when ${h} < 94 then 2 when ${h} < 98 then 3 else 4 end)] end,
               ${w.date} < date '2026-11-07'
        from ${w} cross join unnest(${sql.param(roster)}::int[]) u where ${w.lectureId} = ${lectureId}`);
    }
    for (const table of [lectures, weeklyLectures, weeklyLectureParticipants, lectureStudents]) await db.execute(sql`analyze ${table}`);
  },
};
