import type { ExamStatistics } from '@academy/contracts/exams';
import type { Question } from '@academy/contracts/grading';
import type { ExamsDeps } from './exams.deps.ts';
import { getExamRow, groupOf } from './exams.rows.ts';
import { examQueries } from './exams.queries.ts';

const round = (v: number | string | null, digits = 2) => (v === null ? null : Math.round(Number(v) * 10 ** digits) / 10 ** digits);

/**
 * Statistics of an exam, or of its link group, computed in SQL over the takers (응시, with a
 * score): summary figures, a ten-bucket distribution, each question's correct rate and choice
 * rates with the most chosen wrong choice, figures per class, and the ranking with percentiles.
 */
export function createStatisticsService(deps: ExamsDeps) {
  const { ctx, lectures, users } = deps;
  const { db } = ctx;
  const q = examQueries(db);

  return {
    async of(opts: { examId: number; scope: 'exam' | 'group' }): Promise<ExamStatistics> {
      const exam = await getExamRow(q, opts.examId);
      const group = opts.scope === 'group' ? await groupOf(q, exam) : [exam];
      const questions = exam.questions as Question[];
      const top = exam.maxScore > 0 ? exam.maxScore : 1;
      const [[summary], buckets, perQuestion, perClass, ranking] = await q.statistics({ examIds: group.map((e) => e.id), cutline: exam.cutline, top, questions: questions.length });

      const [names, sessions, lectureNames] = await Promise.all([
        users.directory(ranking.map((r) => r.userId)),
        lectures.sessions.describe(group.map((e) => e.weeklyLectureId)),
        lectures.lectures.names(group.map((e) => e.lectureId)),
      ]);
      const bucketWidth = top / 10;
      return {
        scope: opts.scope,
        examIds: group.map((e) => e.id),
        maxScore: exam.maxScore,
        cutline: exam.cutline,
        takers: summary?.takers ?? 0,
        average: round(summary?.average ?? null),
        max: round(summary?.max ?? null),
        min: round(summary?.min ?? null),
        stddev: round(summary?.stddev ?? null),
        median: round(summary?.median ?? null),
        belowCutline: summary?.below ?? 0,
        distribution: Array.from({ length: 10 }, (_, i) => ({
          from: round(i * bucketWidth)!,
          to: round((i + 1) * bucketWidth)!,
          count: buckets.filter((b) => Math.max(1, b.bucket) === i + 1).reduce((a, b) => a + b.count, 0),
        })),
        questions: questions.map((q, i) => {
          const row = perQuestion.find((p) => p.idx === i + 1);
          const answered = row?.answered ?? 0;
          const picks = row ? [row.c1, row.c2, row.c3, row.c4, row.c5] : [0, 0, 0, 0, 0];
          const wrong = q.kind === 'choice' ? picks.map((count, k) => ({ choice: k + 1, count })).filter((p) => !q.answer.includes(p.choice)).sort((a, b) => b.count - a.count)[0] : undefined;
          return {
            no: q.no,
            kind: q.kind,
            tag: q.tag ?? null,
            points: q.points,
            answered,
            correctRate: answered ? round(row!.correct / answered, 4) : null,
            choiceRates: q.kind === 'choice' && answered ? picks.map((c) => round(c / answered, 4)!) : null,
            topWrongChoice: wrong && wrong.count > 0 ? wrong.choice : null,
            topWrongRate: wrong && wrong.count > 0 && answered ? round(wrong.count / answered, 4) : null,
          };
        }),
        byClass: group.map((e) => {
          const c = perClass.find((p) => p.examId === e.id);
          return {
            examId: e.id,
            lectureId: e.lectureId,
            lectureName: lectureNames.get(e.lectureId) ?? '',
            weeklyLectureTitle: sessions.get(e.weeklyLectureId)?.title ?? '',
            takers: c?.takers ?? 0,
            average: round(c?.average ?? null),
            max: round(c?.max ?? null),
            min: round(c?.min ?? null),
          };
        }),
        ranking: ranking.map((r) => ({
          userId: r.userId, name: names.get(r.userId)?.name ?? '', examId: r.examId, score: r.first, rank: r.rank, percentile: round(r.percentile, 1)!, grade: r.grade,
        })),
      };
    },
  };
}
