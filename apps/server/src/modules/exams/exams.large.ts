import { parseAnswerKey } from '@academy/contracts/grading';
import { count, like, sql } from 'drizzle-orm';
import type { LargeSeedStep } from '../../db/seed/seed.ts';
import type { LecturesModule } from '../lectures/index.ts';
import { examLinkGroups, exams, scores } from './exams.table.ts';
import { regradeRanks } from './score-rules.ts';

/** Weekly tests of the generated center: every lecture's last sessions carry a 40-question test. */
export const LARGE_EXAMS = { questions: 40, bigLectureWeeks: 12, otherLectureWeeks: 4, linkedBigLectures: 4 } as const;

const KEY = parseAnswerKey(Array.from({ length: LARGE_EXAMS.questions }, (_, i) => String((i % 5) + 1)).join(','), { points: 100 / LARGE_EXAMS.questions }).questions;

/**
 * The exams step of `seed:large`: for the ten 300-student lectures a 40-question test in each of
 * their last 12 past sessions, for the other lectures in the last 4; every participant answered
 * (answers, marks and score generated in SQL from a fixed hash), clinic statuses and relative
 * grades computed; the latest test of four big lectures linked as one group (1,200 sheets).
 */
export function largeExamsStep(deps: { lectures: LecturesModule }): LargeSeedStep {
  return {
    name: 'exams: 40-question tests with answered sheets',
    run: async ({ db }) => {
      const [done] = await db.select({ n: count() }).from(exams).where(like(exams.title, '벤치 %'));
      if ((done?.n ?? 0) > 0) return;
      const all = (await deps.lectures.lectures.all()).filter((l) => l.name.startsWith('벤치 ') && !l.disabled);
      const latestOfBig: number[] = [];
      for (const l of all) {
        const sessions = (await deps.lectures.sessions.ofLecture({ lectureId: l.id, from: '2000-01-01', to: '2026-11-20' })).reverse();
        const participants = await deps.lectures.participation.participantsOfMany(sessions.slice(0, 1).map((s) => s.id));
        const big = (participants.get(sessions[0]?.id ?? -1)?.length ?? 0) >= 300;
        const chosen = sessions.slice(0, big ? LARGE_EXAMS.bigLectureWeeks : LARGE_EXAMS.otherLectureWeeks);
        if (chosen.length === 0) continue;
        const made = await db
          .insert(exams)
          .values(chosen.map((s) => ({
            lectureId: l.id, weeklyLectureId: s.id, seq: 1, title: `벤치 ${s.title} 주간 테스트`, questions: KEY, maxScore: 100, cutline: 60,
            gradeMode: 'relative9' as const, readyToShow: true,
          })))
          .returning({ id: exams.id, weeklyLectureId: exams.weeklyLectureId });
        if (big && latestOfBig.length < LARGE_EXAMS.linkedBigLectures) latestOfBig.push(made[0]!.id);
        const s = scores;
        const n = LARGE_EXAMS.questions;
        await db.execute(sql`
          insert into ${s} (exam_id, user_id, first, answers, marks, status, clinic)
          select e.id, p.user_id, g.first, g.answers, g.marks, 'taken', case when g.first < 60 then 'required' else 'none' end
          from unnest(${sql.param(made.map((m) => m.id))}::int[], ${sql.param(made.map((m) => m.weeklyLectureId))}::int[]) as e(id, wl)
          join weekly_lecture_participants p on p.weekly_lecture_id = e.wl
          cross join lateral (
            select jsonb_agg((case when x.h < x.skill then x.c else (x.c % 5) + 1 end)::text order by x.q) as answers,
                   string_agg(case when x.h < x.skill then '1' else '0' end, '' order by x.q) as marks,
                   sum(case when x.h < x.skill then ${100 / n}::numeric else 0 end) as first
            from (select q, ((q - 1) % 5) + 1 as c, ((p.user_id * 7919 + e.id * 104729 + q * 1299709) % 1000) / 1000.0 as h,
                         0.35 + (p.user_id % 60) / 100.0 as skill
                  from generate_series(1, ${n}::int) q) x
          ) g`);
        await regradeRanks(db, made.map((m) => m.id));
      }
      if (latestOfBig.length > 1) {
        const [group] = await db.insert(examLinkGroups).values({}).returning({ id: examLinkGroups.id });
        await db.execute(sql`update ${exams} set link_group_id = ${group!.id} where ${exams.id} = any(${sql.param(latestOfBig)}::int[])`);
        await regradeRanks(db, latestOfBig);
      }
      for (const table of [exams, scores]) await db.execute(sql`analyze ${table}`);
    },
  };
}
