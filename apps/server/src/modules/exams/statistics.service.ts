import type { ExamStatistics } from '@academy/contracts/exams';
import type { Question } from '@academy/contracts/grading';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/sql.ts';
import type { ExamsDeps } from './exams.deps.ts';
import { getExamRow, groupOf } from './exams.rows.ts';
import { scores } from './exams.table.ts';

const round = (v: number | string | null, digits = 2) => (v === null ? null : Math.round(Number(v) * 10 ** digits) / 10 ** digits);

/**
 * Statistics of an exam, or of its link group, computed in SQL over the takers (응시, with a
 * score): summary figures, a ten-bucket distribution, each question's correct rate and choice
 * rates with the most chosen wrong choice, figures per class, and the ranking with percentiles.
 */
export function createStatisticsService(deps: ExamsDeps) {
  const { ctx, lectures, users } = deps;
  const { db } = ctx;

  return {
    async of(opts: { examId: number; scope: 'exam' | 'group' }): Promise<ExamStatistics> {
      const exam = await getExamRow(db, opts.examId);
      const group = opts.scope === 'group' ? await groupOf(db, exam) : [exam];
      const ids = sql.param(group.map((e) => e.id));
      const takers = sql`select ${scores.examId} as exam_id, ${scores.userId} as user_id, ${scores.first}::float8 as first, ${scores.answers} as answers, ${scores.marks} as marks, ${scores.grade} as grade
        from ${scores} where ${scores.examId} = any(${ids}::int[]) and ${scores.status} = 'taken' and ${scores.first} is not null`;
      const questions = exam.questions as Question[];
      const n = questions.length;
      const top = exam.maxScore > 0 ? exam.maxScore : 1;

      const [[summary], buckets, perQuestion, perClass, ranking] = await Promise.all([
        selectRows<{ takers: number; average: number | null; max: number | null; min: number | null; stddev: number | null; median: number | null; below: number }>(db, sql`
          with s as (${takers})
          select count(*)::int as takers, avg(first)::float8 as average, max(first) as max, min(first) as min, stddev_pop(first)::float8 as stddev,
                 percentile_cont(0.5) within group (order by first)::float8 as median,
                 count(*) filter (where ${exam.cutline}::float8 is not null and first < ${exam.cutline}::float8)::int as below
          from s`),
        selectRows<{ bucket: number; count: number }>(db, sql`
          with s as (${takers})
          select least(width_bucket(first, 0, ${top}::float8, 10), 10) as bucket, count(*)::int as count from s group by 1 order by 1`),
        n === 0
          ? []
          : selectRows<{ idx: number; answered: number; correct: number; c1: number; c2: number; c3: number; c4: number; c5: number }>(db, sql`
              with s as (${takers})
              select x.idx::int as idx, count(*)::int as answered, count(*) filter (where x.mark = '1')::int as correct,
                     count(*) filter (where x.answer = '1')::int as c1, count(*) filter (where x.answer = '2')::int as c2, count(*) filter (where x.answer = '3')::int as c3,
                     count(*) filter (where x.answer = '4')::int as c4, count(*) filter (where x.answer = '5')::int as c5
              from s cross join lateral rows from (jsonb_array_elements_text(coalesce(s.answers, '[]'::jsonb)), unnest(string_to_array(s.marks, null))) with ordinality as x(answer, mark, idx)
              where s.marks is not null and x.idx <= ${n}
              group by x.idx order by x.idx`),
        selectRows<{ exam_id: number; takers: number; average: number | null; max: number | null; min: number | null }>(db, sql`
          with s as (${takers})
          select exam_id, count(*)::int as takers, avg(first)::float8 as average, max(first) as max, min(first) as min from s group by exam_id`),
        selectRows<{ user_id: number; exam_id: number; first: number; rank: number; percentile: number; grade: number | null }>(db, sql`
          with s as (${takers})
          select user_id, exam_id, first, rank() over (order by first desc)::int as rank, (cume_dist() over (order by first) * 100)::float8 as percentile, grade
          from s order by first desc, user_id`),
      ]);

      const [names, sessions, lectureNames] = await Promise.all([
        users.directory(ranking.map((r) => r.user_id)),
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
          const c = perClass.find((p) => p.exam_id === e.id);
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
          userId: r.user_id, name: names.get(r.user_id)?.name ?? '', examId: r.exam_id, score: Number(r.first), rank: r.rank, percentile: round(r.percentile, 1)!, grade: r.grade,
        })),
      };
    },
  };
}
