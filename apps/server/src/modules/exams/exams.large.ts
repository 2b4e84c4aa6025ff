import { parseAnswerKey } from '@academy/contracts/grading';
import type { LargeSeedStep } from '../../db/seed/seed.ts';
import type { LecturesModule } from '../lectures/index.ts';
import { examQueries } from './exams.queries.ts';

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
      const q = examQueries(db);
      if ((await q.seedExamCount()) > 0) return;
      const all = (await deps.lectures.lectures.all()).filter((l) => l.name.startsWith('벤치 ') && !l.disabled);
      const latestOfBig: number[] = [];
      for (const l of all) {
        const sessions = (await deps.lectures.sessions.ofLecture({ lectureId: l.id, from: '2000-01-01', to: '2026-11-20' })).reverse();
        const participants = await deps.lectures.participation.participantsOfMany(sessions.slice(0, 1).map((s) => s.id));
        const big = (participants.get(sessions[0]?.id ?? -1)?.length ?? 0) >= 300;
        const chosen = sessions.slice(0, big ? LARGE_EXAMS.bigLectureWeeks : LARGE_EXAMS.otherLectureWeeks);
        if (chosen.length === 0) continue;
        const made = await q.insertExams(chosen.map((s) => ({
          lectureId: l.id, weeklyLectureId: s.id, seq: 1, title: `벤치 ${s.title} 주간 테스트`, questions: KEY, maxScore: 100, cutline: 60,
          gradeMode: 'relative9' as const, readyToShow: true,
        })));
        if (big && latestOfBig.length < LARGE_EXAMS.linkedBigLectures) latestOfBig.push(made[0]!.id);
        const takers = await deps.lectures.participation.participantsOfMany(made.map((m) => m.weeklyLectureId));
        await q.seedSheets(made.flatMap((m) => (takers.get(m.weeklyLectureId) ?? []).map((userId) => ({ examId: m.id, userId }))), { questions: LARGE_EXAMS.questions, cutline: 60 });
        await q.regradeRanks(made.map((m) => m.id));
      }
      if (latestOfBig.length > 1) {
        await q.setLinkGroup(latestOfBig, await q.newLinkGroup());
        await q.regradeRanks(latestOfBig);
      }
      await q.analyze();
    },
  };
}
