import type { LargeSeedStep } from '../../db/seed/large.ts';
import { addDays, dayOfWeek } from './lectures.schedule.ts';

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
  run: async ({ database, random, studentIds }) => {
    const [done] = await database.query<{ n: number }>("select count(*)::int as n from lectures where name like '벤치 %'");
    if ((done?.n ?? 0) >= LARGE_LECTURES.count) return;
    const [types] = await database.query<{ ids: number[] }>("select array_agg(id order by seq) as ids from attendance_types");
    const typeIds = types?.ids ?? [];
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
      const [lecture] = await database.query<{ id: number }>(
        `insert into lectures (name, subject, teacher_name, target_grade, schedule, room, start_date, end_date, color)
         values ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9) returning id`,
        [
          `벤치 ${String(i + 1).padStart(2, '0')} ${grade} ${subject}`, subject, `강사${String((i % 20) + 1).padStart(2, '0')}`, grade,
          JSON.stringify([{ dayOfWeek: dow, startTime, endTime }]), `${(i % 5) + 2}0${(i % 9) + 1}호`, start, end, COLORS[i % COLORS.length],
        ],
      );
      const lectureId = lecture!.id;
      await database.query(
        `insert into weekly_lectures (lecture_id, seq, title, date, start_time, end_time)
         select $1, g, g || '주차', $2::date + (g - 1) * 7, $3, $4 from generate_series(1, $5::int) g`,
        [lectureId, start, startTime, endTime, LARGE_LECTURES.weeks],
      );
      await database.query(
        `insert into lecture_students (lecture_id, user_id, enrolled_at) select $1, u, $2::date from unnest($3::int[]) u on conflict do nothing`,
        [lectureId, start, roster],
      );
      await database.query(
        `insert into weekly_lecture_participants (weekly_lecture_id, lecture_id, user_id, att_type_id, att_locked)
         select w.id, $1, u,
                case when w.date < date '2026-11-21' then ($3::int[])[1 + (case when (u * 7919 + w.id * 104729) % 100 < 85 then 0
                     when (u * 7919 + w.id * 104729) % 100 < 92 then 1 when (u * 7919 + w.id * 104729) % 100 < 94 then 2
                     when (u * 7919 + w.id * 104729) % 100 < 98 then 3 else 4 end)] end,
                w.date < date '2026-11-07'
         from weekly_lectures w cross join unnest($2::int[]) u where w.lecture_id = $1`,
        [lectureId, roster, typeIds],
      );
    }
    for (const table of ['lectures', 'weekly_lectures', 'weekly_lecture_participants', 'lecture_students']) await database.query(`analyze ${table}`);
  },
};
