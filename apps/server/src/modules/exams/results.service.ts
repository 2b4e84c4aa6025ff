import { EXAM_ERRORS, type MyResult, type MyResultDetail, type OpenExam } from '@academy/contracts/exams';
import { answerText, type Question } from '@academy/contracts/grading';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { selectRows } from '../../db/sql.ts';
import { appError } from '../../lib/errors.ts';
import type { ExamsDeps } from './exams.deps.ts';
import { getExamRow } from './exams.rows.ts';
import { exams, scores } from './exams.table.ts';
import type { ScoringService } from './scoring.service.ts';

type Row = {
  examId: number; title: string; lectureId: number; weeklyLectureId: number; maxScore: number; cutline: number | null;
  status: MyResult['status']; first: number | null; retake: number | null; grade: number | null; clinic: MyResult['clinic'];
  answers: (string | null)[] | null; marks: string | null; average: number | null; takers: number; rank: number | null; percentile: number | null; questions: Question[];
};

/**
 * What a student (and a parent, through a link) sees of weekly tests: only released exams, and
 * only their own results — score, class average, rank among the takers, percentile, grade, and
 * per question their answer against the key. Exams opened for online answers can be submitted
 * here and are graded at once; the score shows once the exam is released.
 */
export function createResultService(deps: ExamsDeps & { scoring: ScoringService }) {
  const { ctx, lectures, scoring } = deps;
  const { db } = ctx;

  /** The released results of one student, optionally of some exams only, with the class figures. */
  async function results(opts: { userId: number; examIds?: number[] }): Promise<Row[]> {
    // The student's released exams first, so the figures below read those exams' scores by index.
    const mine = await db
      .select({ id: scores.examId })
      .from(scores)
      .innerJoin(exams, eq(exams.id, scores.examId))
      .where(and(eq(scores.userId, opts.userId), eq(exams.readyToShow, true), opts.examIds ? inArray(exams.id, opts.examIds) : undefined));
    if (mine.length === 0) return [];
    const ids = sql.param(mine.map((m) => m.id));
    return selectRows<Row>(db, sql`
      with takers as (
        select ${scores.examId} as exam_id, ${scores.userId} as user_id, ${scores.first} as first,
               rank() over (partition by ${scores.examId} order by ${scores.first} desc)::int as rnk,
               (cume_dist() over (partition by ${scores.examId} order by ${scores.first}) * 100)::float8 as pct
        from ${scores}
        where ${scores.examId} = any(${ids}::int[]) and ${scores.status} = 'taken' and ${scores.first} is not null
      ), figures as (
        select exam_id, avg(first)::float8 as avg, count(*)::int as n from takers group by exam_id
      )
      select ${exams.id} as "examId", ${exams.title} as "title", ${exams.lectureId} as "lectureId", ${exams.weeklyLectureId} as "weeklyLectureId",
             ${exams.maxScore}::float8 as "maxScore", ${exams.cutline}::float8 as "cutline", ${exams.questions} as "questions",
             ${scores.status} as "status", ${scores.first}::float8 as "first", ${scores.retake}::float8 as "retake", ${scores.grade} as "grade", ${scores.clinic} as "clinic",
             ${scores.answers} as "answers", ${scores.marks} as "marks",
             f.avg as "average", coalesce(f.n, 0) as "takers", me.rnk as "rank", me.pct as "percentile"
      from ${scores}
      join ${exams} on ${exams.id} = ${scores.examId}
      left join figures f on f.exam_id = ${scores.examId}
      left join takers me on me.exam_id = ${scores.examId} and me.user_id = ${scores.userId}
      where ${scores.userId} = ${opts.userId} and ${scores.examId} = any(${ids}::int[])`);
  }

  async function describe(rows: Row[]): Promise<MyResult[]> {
    const [sessions, names] = await Promise.all([lectures.sessions.describe(rows.map((r) => r.weeklyLectureId)), lectures.lectures.names(rows.map((r) => r.lectureId))]);
    return rows
      .map((r) => ({
        examId: r.examId,
        title: r.title,
        lectureId: r.lectureId,
        lectureName: names.get(r.lectureId) ?? '',
        weeklyLectureTitle: sessions.get(r.weeklyLectureId)?.title ?? '',
        date: sessions.get(r.weeklyLectureId)?.date ?? '',
        status: r.status,
        score: r.first,
        retakeScore: r.retake,
        maxScore: r.maxScore,
        cutline: r.cutline,
        average: r.average === null ? null : Math.round(r.average * 10) / 10,
        takers: r.takers,
        rank: r.rank,
        percentile: r.percentile === null ? null : Math.round(r.percentile * 10) / 10,
        grade: r.grade,
        clinic: r.clinic,
      }))
      .sort((a, b) => b.date.localeCompare(a.date) || b.examId - a.examId);
  }

  /** Per-question class correct rates of an exam (takers with answers). */
  async function correctRates(examId: number, count: number): Promise<(number | null)[]> {
    if (count === 0) return [];
    const rows = await selectRows<{ idx: number; answered: number; correct: number }>(db, sql`
      select q.idx, count(*)::int as answered, count(*) filter (where substr(${scores.marks}, q.idx, 1) = '1')::int as correct
      from ${scores} cross join generate_series(1, ${count}::int) as q(idx)
      where ${scores.examId} = ${examId} and ${scores.status} = 'taken' and ${scores.marks} is not null
      group by q.idx`);
    return Array.from({ length: count }, (_, i) => {
      const r = rows.find((x) => x.idx === i + 1);
      return r && r.answered ? Math.round((r.correct / r.answered) * 1000) / 1000 : null;
    });
  }

  async function detail(opts: { userId: number; examId: number }): Promise<Omit<MyResultDetail, 'trend'>> {
    const [row] = await results({ userId: opts.userId, examIds: [opts.examId] });
    if (!row) throw appError(EXAM_ERRORS.not_released, '아직 공개되지 않았거나 볼 수 없는 성적입니다');
    const [result] = await describe([row]);
    const rates = await correctRates(row.examId, row.questions.length);
    const questions = row.answers
      ? row.questions.map((q, i) => ({
          no: q.no, kind: q.kind, points: q.points, tag: q.tag ?? null, answer: answerText(q), given: row.answers![i] ?? null, correct: row.marks?.[i] === '1', correctRate: rates[i] ?? null,
        }))
      : [];
    return { ...result!, questions };
  }

  return {
    async mine(userId: number) {
      return describe(await results({ userId }));
    },

    async mineDetail(opts: { userId: number; examId: number }): Promise<MyResultDetail> {
      const base = await detail(opts);
      const lectureExams = await db.select({ id: exams.id }).from(exams).where(and(eq(exams.lectureId, base.lectureId), eq(exams.readyToShow, true))).orderBy(desc(exams.id)).limit(50);
      const trendRows = await describe(await results({ userId: opts.userId, examIds: lectureExams.map((e) => e.id) }));
      const trend = trendRows.slice(0, 10).reverse().map((t) => ({ examId: t.examId, title: t.title, date: t.date, score: t.score, average: t.average, maxScore: t.maxScore }));
      return { ...base, trend };
    },

    /** For a parent's link: the one released result the link names. */
    detail,

    /** A student's released results of the exams of some sessions (the parent's week). */
    async ofSessions(opts: { userId: number; weeklyLectureIds: readonly number[] }): Promise<(MyResult & { weeklyLectureId: number })[]> {
      if (opts.weeklyLectureIds.length === 0) return [];
      const ids = await db.select({ id: exams.id, weeklyLectureId: exams.weeklyLectureId }).from(exams).where(and(inArray(exams.weeklyLectureId, [...opts.weeklyLectureIds]), eq(exams.readyToShow, true)));
      if (ids.length === 0) return [];
      const session = new Map(ids.map((e) => [e.id, e.weeklyLectureId]));
      return (await describe(await results({ userId: opts.userId, examIds: ids.map((e) => e.id) }))).map((r) => ({ ...r, weeklyLectureId: session.get(r.examId)! }));
    },

    /** The 1st scores of some students in one exam, released or not (staff texts: #{점수}). */
    async firstScores(opts: { examId: number; userIds: readonly number[] }): Promise<Map<number, number | null>> {
      if (opts.userIds.length === 0) return new Map();
      const rows = await db.select({ userId: scores.userId, first: scores.first }).from(scores).where(and(eq(scores.examId, opts.examId), inArray(scores.userId, [...opts.userIds])));
      return new Map(rows.map((r) => [r.userId, r.first]));
    },

    /** Who took an exam (status 응시), for the texts sent when it is released. */
    async takers(examId: number): Promise<number[]> {
      const rows = await db.select({ userId: scores.userId }).from(scores).where(and(eq(scores.examId, examId), eq(scores.status, 'taken')));
      return rows.map((r) => r.userId);
    },

    async openExams(userId: number): Promise<OpenExam[]> {
      const candidates = await db.select().from(exams).where(and(eq(exams.onlineSubmission, true), eq(exams.readyToShow, false)));
      if (candidates.length === 0) return [];
      const participants = await lectures.participation.participantsOfMany([...new Set(candidates.map((e) => e.weeklyLectureId))]);
      const open = candidates.filter((e) => e.questions.length > 0 && participants.get(e.weeklyLectureId)?.includes(userId));
      if (open.length === 0) return [];
      const [mine, sessions, names] = await Promise.all([
        db.select().from(scores).where(and(eq(scores.userId, userId), inArray(scores.examId, open.map((e) => e.id)))),
        lectures.sessions.describe(open.map((e) => e.weeklyLectureId)),
        lectures.lectures.names(open.map((e) => e.lectureId)),
      ]);
      return open
        .map((e) => {
          const s = mine.find((m) => m.examId === e.id);
          return {
            examId: e.id, title: e.title, lectureName: names.get(e.lectureId) ?? '', weeklyLectureTitle: sessions.get(e.weeklyLectureId)?.title ?? '',
            date: sessions.get(e.weeklyLectureId)?.date ?? '', questions: (e.questions as Question[]).map((q) => ({ no: q.no, kind: q.kind })),
            submitted: !!s?.submittedAt, answers: s?.submittedAt ? (s.answers ?? null) : null,
          };
        })
        .sort((a, b) => b.date.localeCompare(a.date));
    },

    async submit(opts: { userId: number; examId: number; answers: (string | null)[] }) {
      const exam = await getExamRow(db, opts.examId);
      if (!exam.onlineSubmission || exam.readyToShow) throw appError(EXAM_ERRORS.not_open, '지금은 온라인으로 답을 낼 수 없는 시험입니다');
      if (!(await lectures.participation.isParticipant({ userId: opts.userId, weeklyLectureId: exam.weeklyLectureId }))) {
        throw appError(EXAM_ERRORS.not_participant, '이 시험을 보는 수업의 학생이 아닙니다');
      }
      if (opts.answers.length !== exam.questions.length) {
        throw appError(EXAM_ERRORS.answers_invalid, `문항 ${exam.questions.length}개의 답을 모두 보내 주세요 (빈칸은 null)`, { field: 'answers' });
      }
      await scoring.write({ writes: [{ examId: exam.id, userId: opts.userId, change: { answers: opts.answers, submittedAt: ctx.now() } }], actor: { id: opts.userId }, action: 'score.online_submit' });
      return { submitted: true as const, answered: opts.answers.filter((a) => a !== null && a !== '').length };
    },
  };
}
