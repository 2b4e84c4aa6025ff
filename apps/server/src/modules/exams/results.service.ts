import { EXAM_ERRORS, MIN_RATE_ANSWERS, type MyResult, type MyResultDetail, type OpenExam } from '@academy/contracts/exams';
import { answerText, type Question } from '@academy/contracts/grading';
import { appError } from '../../lib/errors.ts';
import type { ExamsDeps } from './exams.deps.ts';
import { getExamRow } from './exams.rows.ts';
import { examQueries, type ResultRow } from './exams.queries.ts';
import type { ScoringService } from './scoring.service.ts';

type Row = ResultRow & { questions: Question[] };

/**
 * What a student (and a parent, through a link) sees of weekly tests: only released exams, and
 * only their own results — score, class average, rank among the takers, percentile, grade, and
 * per question their answer against the key. Exams opened for online answers can be submitted
 * here and are graded at once; the score shows once the exam is released.
 */
export function createResultService(deps: ExamsDeps & { scoring: ScoringService }) {
  const { ctx, lectures, scoring } = deps;
  const { db } = ctx;
  const q = examQueries(db);

  /** The released results of one student, optionally of some exams only, with the class figures. */
  async function results(opts: { userId: number; examIds?: number[] }): Promise<Row[]> {
    // The student's released exams first, so the figures below read those exams' scores by index.
    const mine = await q.releasedExamIdsOf(opts.userId, opts.examIds);
    if (mine.length === 0) return [];
    return (await q.results(opts.userId, mine)).map((r) => ({ ...r, questions: r.questions as Question[] }));
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

  /**
   * Per-question class correct rates of an exam (takers with answers) with how many answered; the
   * rate only from MIN_RATE_ANSWERS answers on, so one answer is never "반 정답률 0%".
   */
  async function correctRates(examId: number, count: number): Promise<{ rate: number | null; answered: number }[]> {
    if (count === 0) return [];
    const rows = await q.correctCounts(examId, count);
    return Array.from({ length: count }, (_, i) => {
      const r = rows.find((x) => x.idx === i + 1);
      const answered = r?.answered ?? 0;
      return { rate: r && answered >= MIN_RATE_ANSWERS ? Math.round((r.correct / answered) * 1000) / 1000 : null, answered };
    });
  }

  async function detail(opts: { userId: number; examId: number }): Promise<Omit<MyResultDetail, 'trend'>> {
    const [row] = await results({ userId: opts.userId, examIds: [opts.examId] });
    if (!row) throw appError(EXAM_ERRORS.not_released, '아직 공개되지 않았거나 볼 수 없는 성적입니다');
    const [result] = await describe([row]);
    const rates = await correctRates(row.examId, row.questions.length);
    const questions = row.answers
      ? row.questions.map((q, i) => ({
          no: q.no, kind: q.kind, points: q.points, tag: q.tag ?? null, answer: answerText(q), given: row.answers![i] ?? null, correct: row.marks?.[i] === '1', correctRate: rates[i]?.rate ?? null, answered: rates[i]?.answered ?? 0,
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
      const lectureExams = await q.releasedExamIdsOfLecture(base.lectureId, 50);
      const trendRows = await describe(await results({ userId: opts.userId, examIds: lectureExams }));
      const trend = trendRows.slice(0, 10).reverse().map((t) => ({ examId: t.examId, title: t.title, date: t.date, score: t.score, average: t.average, maxScore: t.maxScore }));
      return { ...base, trend };
    },

    /** For a parent's link: the one released result the link names. */
    detail,

    /** A student's released results of the exams of some sessions (the parent's week). */
    async ofSessions(opts: { userId: number; weeklyLectureIds: readonly number[] }): Promise<(MyResult & { weeklyLectureId: number })[]> {
      if (opts.weeklyLectureIds.length === 0) return [];
      const ids = await q.releasedExamsOfSessions(opts.weeklyLectureIds);
      if (ids.length === 0) return [];
      const session = new Map(ids.map((e) => [e.id, e.weeklyLectureId]));
      return (await describe(await results({ userId: opts.userId, examIds: ids.map((e) => e.id) }))).map((r) => ({ ...r, weeklyLectureId: session.get(r.examId)! }));
    },

    /** The 1st scores of some students in one exam, released or not (staff texts: #{점수}). */
    async firstScores(opts: { examId: number; userIds: readonly number[] }): Promise<Map<number, number | null>> {
      if (opts.userIds.length === 0) return new Map();
      const rows = await q.firstScores(opts.examId, opts.userIds);
      return new Map(rows.map((r) => [r.userId, r.first]));
    },

    /** Who took an exam (status 응시), for the texts sent when it is released. */
    async takers(examId: number): Promise<number[]> {
      return q.takers(examId);
    },

    async openExams(userId: number): Promise<OpenExam[]> {
      const candidates = await q.onlineExams();
      if (candidates.length === 0) return [];
      const participants = await lectures.participation.participantsOfMany([...new Set(candidates.map((e) => e.weeklyLectureId))]);
      const open = candidates.filter((e) => e.questions.length > 0 && participants.get(e.weeklyLectureId)?.includes(userId));
      if (open.length === 0) return [];
      const [mine, sessions, names] = await Promise.all([
        q.scoresOfUser(userId, open.map((e) => e.id)),
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
      const exam = await getExamRow(q, opts.examId);
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
