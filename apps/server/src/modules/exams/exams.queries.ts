import { CLINIC_STATUSES, SCORE_STATUSES, type ClinicStatus } from '@academy/contracts/exams';
import { GRADE_SCALES } from '@academy/contracts/grading';
import { and, asc, count, desc, eq, getTableColumns, gt, inArray, isNotNull, like, max, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { insertRows, parseRows } from '../../db/sql.ts';
import { examLinkGroups, examRetakes, exams, examTemplates, scoreLocks, scores, scoreSheetMemos } from './exams.table.ts';

export type ExamRow = typeof exams.$inferSelect;
export type ScoreRow = typeof scores.$inferSelect;
export type LockRow = typeof scoreLocks.$inferSelect;
type NewExam = typeof exams.$inferInsert;
type ExamChange = Partial<Omit<NewExam, 'id'>>;
type Cell = { examId: number; userId: number };

/** The columns a score write stores (all but the id), in one statement whatever the number of cells. */
const SCORE_COLUMNS = [
  scores.examId, scores.userId, scores.first, scores.retake, scores.answers, scores.marks, scores.retakeAnswers, scores.retakeMarks, scores.status, scores.clinic,
  scores.delivery, scores.grade, scores.gradeManual, scores.memo, scores.submittedAt, scores.version, scores.updatedAt, scores.updatedBy,
] as const;
const scoreValues = (r: ScoreRow) => [r.examId, r.userId, r.first, r.retake, r.answers, r.marks, r.retakeAnswers, r.retakeMarks, r.status, r.clinic, r.delivery, r.grade, r.gradeManual, r.memo, r.submittedAt, r.version, r.updatedAt, r.updatedBy];

const num = z.coerce.number();
const numOrNull = z.union([z.null(), z.coerce.number()]);

const gradeChange = z.object({ examId: z.number(), userId: z.number(), grade: z.number().nullable(), version: z.number() });
const resultRow = z.object({
  examId: z.number(), title: z.string(), lectureId: z.number(), weeklyLectureId: z.number(), maxScore: num, cutline: numOrNull,
  status: z.enum(SCORE_STATUSES), first: numOrNull, retake: numOrNull, grade: z.number().nullable(), clinic: z.enum(CLINIC_STATUSES),
  answers: z.array(z.string().nullable()).nullable(), marks: z.string().nullable(), average: numOrNull, takers: z.number(), rank: z.number().nullable(), percentile: numOrNull,
  questions: z.array(z.any()),
});
export type ResultRow = z.output<typeof resultRow>;
const rateRow = z.object({ idx: z.number(), answered: z.number(), correct: z.number() });
const summaryRow = z.object({ takers: z.number(), average: numOrNull, max: numOrNull, min: numOrNull, stddev: numOrNull, median: numOrNull, below: z.number() });
const bucketRow = z.object({ bucket: z.number(), count: z.number() });
const questionRow = z.object({ idx: z.number(), answered: z.number(), correct: z.number(), c1: z.number(), c2: z.number(), c3: z.number(), c4: z.number(), c5: z.number() });
const trendRow = z.object({ examId: z.number(), lectureId: z.number(), weeklyLectureId: z.number(), title: z.string(), maxScore: num, cutline: numOrNull, takers: z.number(), average: numOrNull, below: z.number() });
const classRow = z.object({ examId: z.number(), takers: z.number(), average: numOrNull, max: numOrNull, min: numOrNull });
const claimRow = z.object({ held: z.boolean(), examId: z.number(), userId: z.number(), holderId: z.number().nullable(), holderName: z.string().nullable(), expiresAt: z.coerce.date().nullable() });
const rankRow = z.object({ userId: z.number(), examId: z.number(), first: num, rank: z.number(), percentile: num, grade: z.number().nullable() });

// The scales are constants of this file, written into the statement as numbers (parameters would be
// typed as text in a CASE).
const scaleCase = (scale: readonly number[], share: SQL): SQL =>
  sql.join([sql`case`, ...scale.map((cum, i) => sql`when ${share} <= ${sql.raw(String(Number(cum)))} then ${sql.raw(String(i + 1))}`), sql`else ${sql.raw(String(scale.length))} end`], sql` `);

/** The column name in a SET list or a CTE's select, from the table object. */
const col = (c: { name: string }) => sql.identifier(c.name);

/**
 * Every statement on the exams area's tables (exams, templates, retakes, link groups, scores, score
 * locks, sheet memos): the only file with SQL for them. Columns come from the table objects; rows are
 * typed by the query builder, or parsed by a schema where a statement needs raw SQL (window
 * functions, UPDATE … FROM a CTE). Rules and transactions stay in the services: these functions
 * run in whatever transaction their caller opened (`db` joins it).
 */
export function examQueries(db: DbOrTx) {
  return {
    // ─── exams ─────────────────────────────────────────────────────────────────────────────────
    exam: async (id: number): Promise<ExamRow | undefined> => (await db.select().from(exams).where(eq(exams.id, id)))[0],
    examsByIds: (ids: readonly number[]) => (ids.length ? db.select().from(exams).where(inArray(exams.id, [...ids])) : Promise.resolve([])),
    /** A session's exams, or several sessions', in their order. */
    examsOfSessions: (weeklyLectureIds: readonly number[]) =>
      weeklyLectureIds.length ? db.select().from(exams).where(inArray(exams.weeklyLectureId, [...weeklyLectureIds])).orderBy(asc(exams.seq), asc(exams.id)) : Promise.resolve([]),
    examIdsOfSession: async (weeklyLectureId: number) => (await db.select({ id: exams.id }).from(exams).where(eq(exams.weeklyLectureId, weeklyLectureId))).map((r) => r.id),
    examsOfGroup: (linkGroupId: number) => db.select().from(exams).where(eq(exams.linkGroupId, linkGroupId)).orderBy(asc(exams.id)),
    examIdsOfGroup: async (linkGroupId: number) => (await db.select({ id: exams.id }).from(exams).where(eq(exams.linkGroupId, linkGroupId))).map((r) => r.id),
    async nextSeq(weeklyLectureId: number): Promise<number> {
      const [row] = await db.select({ m: max(exams.seq) }).from(exams).where(eq(exams.weeklyLectureId, weeklyLectureId));
      return (row?.m ?? 0) + 1;
    },
    insertExams: (rows: NewExam[]) => db.insert(exams).values(rows).returning(),
    updateExam: async (id: number, set: ExamChange): Promise<ExamRow> => (await db.update(exams).set(set).where(eq(exams.id, id)).returning())[0]!,
    deleteExam: (id: number) => db.delete(exams).where(eq(exams.id, id)),
    /** The exams in this order get seq 1, 2, 3 … */
    async setSequence(ids: readonly number[]) {
      await db.execute(sql`
        update ${exams} set ${col(exams.seq)} = v.seq
        from (select unnest(${sql.param([...ids])}::int[]) as id, generate_series(1, ${ids.length}) as seq) v
        where ${exams.id} = v.id`);
    },
    newLinkGroup: async () => (await db.insert(examLinkGroups).values({}).returning({ id: examLinkGroups.id }))[0]!.id,
    setLinkGroup: (ids: readonly number[], linkGroupId: number | null) => db.update(exams).set({ linkGroupId }).where(inArray(exams.id, [...ids])),
    moveGroups: (from: readonly number[], linkGroupId: number) => db.update(exams).set({ linkGroupId }).where(inArray(exams.linkGroupId, [...from])),
    /** What the exam list shows beside each exam: the exams linked to it, its retakes, its takers. */
    async listExtras(ids: readonly number[], groups: readonly number[], withTakers: boolean) {
      const [linked, retakes, takers] = await Promise.all([
        groups.length ? db.select({ id: exams.id, group: exams.linkGroupId }).from(exams).where(inArray(exams.linkGroupId, [...groups])) : [],
        db.select({ id: examRetakes.id, examId: examRetakes.examId, title: examRetakes.title, date: examRetakes.date }).from(examRetakes).where(inArray(examRetakes.examId, [...ids])).orderBy(asc(examRetakes.id)),
        withTakers ? db.select({ examId: scores.examId, n: count() }).from(scores).where(and(inArray(scores.examId, [...ids]), eq(scores.status, 'taken'), isNotNull(scores.first))).groupBy(scores.examId) : [],
      ]);
      return { linked, retakes, takers: new Map(takers.map((t) => [t.examId, t.n])) };
    },
    releasedExamIdsOfLecture: async (lectureId: number, limit: number) =>
      (await db.select({ id: exams.id }).from(exams).where(and(eq(exams.lectureId, lectureId), eq(exams.readyToShow, true))).orderBy(desc(exams.id)).limit(limit)).map((e) => e.id),
    releasedExamsOfSessions: (weeklyLectureIds: readonly number[]) =>
      db.select({ id: exams.id, weeklyLectureId: exams.weeklyLectureId }).from(exams).where(and(inArray(exams.weeklyLectureId, [...weeklyLectureIds]), eq(exams.readyToShow, true))),
    /** Exams open for online answers (not released yet). */
    onlineExams: () => db.select().from(exams).where(and(eq(exams.onlineSubmission, true), eq(exams.readyToShow, false))),

    // ─── templates, retakes, sheet memos ───────────────────────────────────────────────────────
    template: async (id: number) => (await db.select().from(examTemplates).where(eq(examTemplates.id, id)))[0],
    insertTemplate: async (row: typeof examTemplates.$inferInsert) => (await db.insert(examTemplates).values(row).returning())[0]!,
    updateTemplate: async (id: number, set: Partial<typeof examTemplates.$inferInsert>) => (await db.update(examTemplates).set(set).where(eq(examTemplates.id, id)).returning())[0]!,
    deleteTemplate: (id: number) => db.delete(examTemplates).where(eq(examTemplates.id, id)),
    retake: async (id: number) => (await db.select().from(examRetakes).where(eq(examRetakes.id, id)))[0],
    retakes: (examId?: number) => db.select().from(examRetakes).where(examId === undefined ? undefined : eq(examRetakes.examId, examId)).orderBy(asc(examRetakes.id)),
    insertRetake: async (row: typeof examRetakes.$inferInsert) => (await db.insert(examRetakes).values(row).returning())[0]!,
    updateRetake: async (id: number, set: Partial<typeof examRetakes.$inferInsert>) => (await db.update(examRetakes).set(set).where(eq(examRetakes.id, id)).returning())[0]!,
    deleteRetake: (id: number) => db.delete(examRetakes).where(eq(examRetakes.id, id)),
    sheetMemo: async (weeklyLectureId: number) => (await db.select().from(scoreSheetMemos).where(eq(scoreSheetMemos.weeklyLectureId, weeklyLectureId)))[0],
    saveSheetMemo: (row: { weeklyLectureId: number; memo: string; updatedBy: number; updatedAt: Date }) =>
      db.insert(scoreSheetMemos).values(row).onConflictDoUpdate({ target: scoreSheetMemos.weeklyLectureId, set: { memo: row.memo, updatedBy: row.updatedBy, updatedAt: row.updatedAt } }),

    // ─── scores ────────────────────────────────────────────────────────────────────────────────
    score: async (c: Cell): Promise<ScoreRow | undefined> => (await db.select().from(scores).where(and(eq(scores.examId, c.examId), eq(scores.userId, c.userId))))[0],
    /** The cells of these exams and students, locked for the write that follows (FOR UPDATE). */
    scoresForWrite: (examIds: readonly number[], userIds: readonly number[]) =>
      db.select().from(scores).where(and(inArray(scores.examId, [...examIds]), inArray(scores.userId, [...userIds]))).for('update'),
    scoresOfExam: (examId: number) => db.select().from(scores).where(eq(scores.examId, examId)),
    scoresOfUser: (userId: number, examIds: readonly number[]) => db.select().from(scores).where(and(eq(scores.userId, userId), inArray(scores.examId, [...examIds]))),
    /** Stores cells (insert or update) in one statement, whatever their number; their ids in the rows' order. */
    async upsertScores(rows: readonly ScoreRow[]): Promise<number[]> {
      if (rows.length === 0) return [];
      const saved = await insertRows<{ id: number }>(db, scores, SCORE_COLUMNS, rows.map(scoreValues), { id: scores.id }, { target: [scores.examId, scores.userId], update: SCORE_COLUMNS.slice(2) });
      return saved.map((r) => r.id);
    },
    /** The grid's cells of these exams. */
    gridScores: (examIds: readonly number[]) =>
      examIds.length
        ? db
            .select({
              examId: scores.examId, userId: scores.userId, first: scores.first, retake: scores.retake, status: scores.status, clinic: scores.clinic, delivery: scores.delivery,
              grade: scores.grade, memo: scores.memo, hasAnswers: sql<boolean>`${scores.marks} is not null`.mapWith(Boolean), version: scores.version,
            })
            .from(scores)
            .where(inArray(scores.examId, [...examIds]))
        : Promise.resolve([]),
    sheetsWithAnswers: (examId: number) => db.select().from(scores).where(and(eq(scores.examId, examId), isNotNull(scores.answers))).for('update'),
    /** Sheets graded again: new score and marks, one statement. */
    async setRegraded(rows: readonly { id: number; first: number; marks: string }[], by: { at: Date; actorId: number }) {
      if (rows.length === 0) return;
      await db.execute(sql`
        update ${scores} set ${col(scores.first)} = v.first, ${col(scores.marks)} = v.marks,
               ${col(scores.version)} = ${scores.version} + 1, ${col(scores.updatedAt)} = ${by.at}, ${col(scores.updatedBy)} = ${by.actorId}
        from (select unnest(${sql.param(rows.map((r) => r.id))}::int[]) as id, unnest(${sql.param(rows.map((r) => r.first))}::numeric[]) as first,
                     unnest(${sql.param(rows.map((r) => r.marks))}::text[]) as marks) v
        where ${scores.id} = v.id`);
    },
    firstScores: (examId: number, userIds: readonly number[]) => db.select({ userId: scores.userId, first: scores.first }).from(scores).where(and(eq(scores.examId, examId), inArray(scores.userId, [...userIds]))),
    takers: async (examId: number) => (await db.select({ userId: scores.userId }).from(scores).where(and(eq(scores.examId, examId), eq(scores.status, 'taken')))).map((r) => r.userId),

    /** The released exams a student has a cell in (optionally among these). */
    releasedExamIdsOf: async (userId: number, examIds?: readonly number[]) =>
      (await db.select({ id: scores.examId }).from(scores).innerJoin(exams, eq(exams.id, scores.examId)).where(and(eq(scores.userId, userId), eq(exams.readyToShow, true), examIds ? inArray(exams.id, [...examIds]) : undefined))).map((m) => m.id),
    /** A student's results in these exams with the class figures: average, takers, rank, percentile. */
    results: (userId: number, examIds: readonly number[]) => {
      const ids = sql.param([...examIds]);
      return parseRows(db, resultRow, sql`
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
        where ${scores.userId} = ${userId} and ${scores.examId} = any(${ids}::int[])`);
    },
    /** Per exam of these sessions: the class average of the 1st scores of its takers, and how many fell under its cutline (the dashboard). */
    classTrends: (weeklyLectureIds: readonly number[]) =>
      parseRows(db, trendRow, sql`
        select ${exams.id} as "examId", ${exams.lectureId} as "lectureId", ${exams.weeklyLectureId} as "weeklyLectureId", ${exams.title} as "title",
               ${exams.maxScore}::float8 as "maxScore", ${exams.cutline}::float8 as "cutline",
               count(${scores.id})::int as "takers", avg(${scores.first})::float8 as "average",
               count(*) filter (where ${exams.cutline} is not null and ${scores.first} < ${exams.cutline})::int as "below"
        from ${exams}
        left join ${scores} on ${scores.examId} = ${exams.id} and ${scores.status} = 'taken' and ${scores.first} is not null
        where ${exams.weeklyLectureId} = any(${sql.param([...weeklyLectureIds])}::int[])
        group by ${exams.id}
        order by ${exams.weeklyLectureId}, ${exams.seq}, ${exams.id}`),
    /** Per question (1-based `idx`) of an exam: the takers with answers, and how many got it right. */
    correctCounts: (examId: number, questions: number) =>
      parseRows(db, rateRow, sql`
        select q.idx, count(*)::int as answered, count(*) filter (where substr(${scores.marks}, q.idx, 1) = '1')::int as correct
        from ${scores} cross join generate_series(1, ${questions}::int) as q(idx)
        where ${scores.examId} = ${examId} and ${scores.status} = 'taken' and ${scores.marks} is not null
        group by q.idx`),

    /** The figures of the statistics screen over the takers of these exams (one exam, or a link group). */
    statistics(o: { examIds: readonly number[]; cutline: number | null; top: number; questions: number }) {
      const ids = sql.param([...o.examIds]);
      const takers = sql`select ${scores.examId} as exam_id, ${scores.userId} as user_id, ${scores.first}::float8 as first, ${scores.answers} as answers, ${scores.marks} as marks, ${scores.grade} as grade
        from ${scores} where ${scores.examId} = any(${ids}::int[]) and ${scores.status} = 'taken' and ${scores.first} is not null`;
      return Promise.all([
        parseRows(db, summaryRow, sql`
          with s as (${takers})
          select count(*)::int as takers, avg(first)::float8 as average, max(first) as max, min(first) as min, stddev_pop(first)::float8 as stddev,
                 percentile_cont(0.5) within group (order by first)::float8 as median,
                 count(*) filter (where ${o.cutline}::float8 is not null and first < ${o.cutline}::float8)::int as below
          from s`),
        parseRows(db, bucketRow, sql`
          with s as (${takers})
          select least(width_bucket(first, 0, ${o.top}::float8, 10), 10) as bucket, count(*)::int as count from s group by 1 order by 1`),
        o.questions === 0
          ? Promise.resolve([])
          : parseRows(db, questionRow, sql`
              with s as (${takers})
              select x.idx::int as idx, count(*)::int as answered, count(*) filter (where x.mark = '1')::int as correct,
                     count(*) filter (where x.answer = '1')::int as c1, count(*) filter (where x.answer = '2')::int as c2, count(*) filter (where x.answer = '3')::int as c3,
                     count(*) filter (where x.answer = '4')::int as c4, count(*) filter (where x.answer = '5')::int as c5
              from s cross join lateral rows from (jsonb_array_elements_text(coalesce(s.answers, '[]'::jsonb)), unnest(string_to_array(s.marks, null))) with ordinality as x(answer, mark, idx)
              where s.marks is not null and x.idx <= ${o.questions}
              group by x.idx order by x.idx`),
        parseRows(db, classRow, sql`
          with s as (${takers})
          select exam_id as "examId", count(*)::int as takers, avg(first)::float8 as average, max(first) as max, min(first) as min from s group by exam_id`),
        parseRows(db, rankRow, sql`
          with s as (${takers})
          select user_id as "userId", exam_id as "examId", first, rank() over (order by first desc)::int as rank, (cume_dist() over (order by first) * 100)::float8 as percentile, grade
          from s order by first desc, user_id`),
      ]);
    },

    /** Scores of these students with their exams (the clinic's view), filtered as asked. */
    clinicScores: (o: { userIds: readonly number[]; examIds?: readonly number[]; statuses?: readonly ClinicStatus[]; releasedOnly?: boolean }) =>
      db
        .select({
          examId: scores.examId, userId: scores.userId, first: scores.first, retake: scores.retake, clinic: scores.clinic,
          title: exams.title, lectureId: exams.lectureId, weeklyLectureId: exams.weeklyLectureId, maxScore: exams.maxScore, cutline: exams.cutline,
        })
        .from(scores)
        .innerJoin(exams, eq(exams.id, scores.examId))
        .where(and(
          inArray(scores.userId, [...new Set(o.userIds)]),
          o.examIds ? inArray(scores.examId, [...new Set(o.examIds)]) : undefined,
          o.statuses ? inArray(scores.clinic, [...o.statuses]) : undefined,
          o.releasedOnly ? eq(exams.readyToShow, true) : undefined,
        )),
    /**
     * Moves the clinic status of one of a student's cells `from` → `to` in one statement: the cell
     * of `examId` when given, else the oldest exam's (of a released exam with `releasedOnly`).
     * Returns the moved cell with its lecture, or undefined when no cell was at `from`.
     */
    async moveClinic(o: { userId: number; from: ClinicStatus; to: ClinicStatus; examId?: number; releasedOnly?: boolean; at: Date; actorId: number }) {
      const s = alias(scores, 's');
      const e = alias(exams, 'e');
      const pick = db
        .select({ id: s.id })
        .from(s)
        .innerJoin(e, eq(e.id, s.examId))
        .where(and(eq(s.userId, o.userId), eq(s.clinic, o.from), o.examId === undefined ? undefined : eq(s.examId, o.examId), o.releasedOnly ? eq(e.readyToShow, true) : undefined))
        .orderBy(asc(s.examId))
        .limit(1);
      const [row] = await db
        .update(scores)
        .set({ clinic: o.to, version: sql`${scores.version} + 1`, updatedAt: o.at, updatedBy: o.actorId })
        .from(exams)
        .where(and(eq(exams.id, scores.examId), eq(scores.userId, o.userId), eq(scores.clinic, o.from), eq(scores.id, sql`(${pick})`)))
        .returning({ ...getTableColumns(scores), lectureId: exams.lectureId });
      return row;
    },

    /**
     * The clinic rule over a whole exam after its cutline or its scores changed in bulk
     * (score-rules.ts has it for one cell); returns the cells whose clinic moved.
     */
    resettleClinic(exam: { id: number; cutline: number | null }) {
      const c = exam.cutline;
      const next: SQL<ClinicStatus> = c === null
        ? sql`case when ${scores.clinic} = 'required' then 'none' else ${scores.clinic} end`
        : sql`case
            when ${scores.status} = 'exempt' and ${scores.clinic} = 'required' then 'none'
            when ${scores.status} = 'taken' and ${scores.first} is not null and ${scores.first} < ${c} and ${scores.clinic} = 'none' then 'required'
            when ${scores.clinic} = 'required' and ${scores.status} = 'taken' and ${scores.first} >= ${c} then 'none'
            when ${scores.retake} is not null and ${scores.retake} >= ${c} and ${scores.clinic} in ('required', 'booked') then 'done'
            else ${scores.clinic} end`;
      return db
        .update(scores)
        .set({ clinic: next, version: sql`${scores.version} + 1` })
        .where(and(eq(scores.examId, exam.id), sql`${scores.clinic} is distinct from (${next})`))
        .returning({ userId: scores.userId, clinic: scores.clinic });
    },

    /**
     * Recomputes the automatic grades of these exams (and of the exams linked to them) in one
     * statement: relative grades rank the takers of the whole link group (ties share the better
     * grade), cutoff grades read each exam's own cutoffs. Returns the cells whose grade changed.
     */
    async regradeRanks(examIds: readonly number[]) {
      if (examIds.length === 0) return [];
      // The exams in scope first (with their linked exams), so the statement below reads the scores
      // of exactly those exams by index instead of the planner guessing how many a subquery yields.
      const linked = db.select({ group: exams.linkGroupId }).from(exams).where(and(inArray(exams.id, [...examIds]), isNotNull(exams.linkGroupId)));
      const scope = await db.select({ id: exams.id }).from(exams).where(or(inArray(exams.id, [...examIds]), inArray(exams.linkGroupId, linked)));
      const ids = sql.param(scope.map((e) => e.id));
      const share = sql`(r.rnk * 100.0 / r.n)`;
      const computed = sql`case
          when r.id is null then null
          when r.mode = 'relative9' then ${scaleCase(GRADE_SCALES.relative9, share)}
          when r.mode = 'relative5' then ${scaleCase(GRADE_SCALES.relative5, share)}
          when r.mode = 'cutoffs' then 1 + (select count(*)::int from jsonb_array_elements_text(r.cutoffs) c where r.first < c::numeric)
          else null end`;
      const group = sql`coalesce(${exams.linkGroupId}, -${exams.id})`;
      return parseRows(db, gradeChange, sql`
        with ranked as (
          select ${scores.id} as id, ${scores.first} as first, ${exams.gradeMode} as mode, ${exams.gradeCutoffs} as cutoffs,
                 rank() over (partition by ${group} order by ${scores.first} desc) as rnk,
                 count(*) over (partition by ${group}) as n
          from ${scores} join ${exams} on ${exams.id} = ${scores.examId}
          where ${scores.examId} = any(${ids}::int[]) and ${scores.status} = 'taken' and ${scores.first} is not null
        ), target as (
          select ${scores.id} as id, ${computed} as grade
          from ${scores} left join ranked r on r.id = ${scores.id}
          where ${scores.examId} = any(${ids}::int[]) and not ${scores.gradeManual}
        )
        update ${scores} set ${col(scores.grade)} = target.grade, ${col(scores.version)} = ${scores.version} + 1
        from target
        where ${scores.id} = target.id and ${scores.grade} is distinct from target.grade
        returning ${scores.examId} as "examId", ${scores.userId} as "userId", ${scores.grade} as "grade", ${scores.version} as "version"`);
    },

    /**
     * The large seed's answered sheets: for each (exam, student) a sheet of `questions` answers drawn
     * from a fixed hash of the ids (a student's skill from their id), graded against the seed's key
     * (answer `((q - 1) % 5) + 1`), with its score, marks and clinic status under `cutline`.
     */
    async seedSheets(cells: readonly Cell[], o: { questions: number; cutline: number }) {
      if (cells.length === 0) return;
      const n = o.questions;
      await db.execute(sql`
        insert into ${scores} (${col(scores.examId)}, ${col(scores.userId)}, ${col(scores.first)}, ${col(scores.answers)}, ${col(scores.marks)}, ${col(scores.status)}, ${col(scores.clinic)})
        select p.exam_id, p.user_id, g.first, g.answers, g.marks, 'taken', case when g.first < ${o.cutline} then 'required' else 'none' end
        from unnest(${sql.param(cells.map((c) => c.examId))}::int[], ${sql.param(cells.map((c) => c.userId))}::int[]) as p(exam_id, user_id)
        cross join lateral (
          select jsonb_agg((case when x.h < x.skill then x.c else (x.c % 5) + 1 end)::text order by x.q) as answers,
                 string_agg(case when x.h < x.skill then '1' else '0' end, '' order by x.q) as marks,
                 sum(case when x.h < x.skill then ${100 / n}::numeric else 0 end) as first
          from (select q, ((q - 1) % 5) + 1 as c, ((p.user_id * 7919 + p.exam_id * 104729 + q * 1299709) % 1000) / 1000.0 as h,
                       0.35 + (p.user_id % 60) / 100.0 as skill
                from generate_series(1, ${n}::int) q) x
        ) g`);
    },
    seedExamCount: async () => (await db.select({ n: count() }).from(exams).where(like(exams.title, '벤치 %')))[0]?.n ?? 0,
    analyze: async () => {
      for (const table of [exams, scores]) await db.execute(sql`analyze ${table}`);
    },

    // ─── locks ─────────────────────────────────────────────────────────────────────────────────
    /** Takes or renews a cell's lock in one statement; undefined when someone else holds it (not lapsed). */
    takeLock: async (o: Cell & { holderId: number; holderName: string; expiresAt: Date; now: Date }): Promise<LockRow | undefined> =>
      (
        await db
          .insert(scoreLocks)
          .values({ examId: o.examId, userId: o.userId, holderId: o.holderId, holderName: o.holderName, expiresAt: o.expiresAt })
          .onConflictDoUpdate({
            target: [scoreLocks.examId, scoreLocks.userId],
            set: { holderId: o.holderId, holderName: o.holderName, expiresAt: o.expiresAt },
            setWhere: or(eq(scoreLocks.holderId, o.holderId), sql`${scoreLocks.expiresAt} <= ${o.now}`),
          })
          .returning()
      )[0],
    lock: async (c: Cell): Promise<LockRow | undefined> => (await db.select().from(scoreLocks).where(and(eq(scoreLocks.examId, c.examId), eq(scoreLocks.userId, c.userId))))[0],
    /** Drops the holder's locks of these cells; returns the cells released. */
    async releaseLocks(cells: readonly Cell[], holderId: number): Promise<Cell[]> {
      if (cells.length === 0) return [];
      const pairs = sql`(select * from unnest(${sql.param(cells.map((c) => c.examId))}::int[], ${sql.param(cells.map((c) => c.userId))}::int[]))`;
      return db
        .delete(scoreLocks)
        .where(and(eq(scoreLocks.holderId, holderId), inArray(scoreLocks.examId, [...new Set(cells.map((c) => c.examId))]), sql`(${scoreLocks.examId}, ${scoreLocks.userId}) in ${pairs}`))
        .returning({ examId: scoreLocks.examId, userId: scoreLocks.userId });
    },
    /**
     * For a write of these cells, in one statement: releases the writer's own locks of them and
     * reads the live locks someone else holds on them (the write must then be refused: its
     * transaction rolls the release back).
     */
    async claimLocks(cells: readonly Cell[], writer: number, now: Date) {
      const pairs = sql`(select * from unnest(${sql.param(cells.map((c) => c.examId))}::int[], ${sql.param(cells.map((c) => c.userId))}::int[]))`;
      const rows = await parseRows(db, claimRow, sql`
        with released as (
          delete from ${scoreLocks} where ${scoreLocks.holderId} = ${writer} and (${scoreLocks.examId}, ${scoreLocks.userId}) in ${pairs}
          returning ${scoreLocks.examId} as exam_id, ${scoreLocks.userId} as user_id
        )
        select false as "held", exam_id as "examId", user_id as "userId", null::int as "holderId", null::text as "holderName", null::timestamptz as "expiresAt" from released
        union all
        select true, ${scoreLocks.examId}, ${scoreLocks.userId}, ${scoreLocks.holderId}, ${scoreLocks.holderName}, ${scoreLocks.expiresAt} from ${scoreLocks}
        where ${scoreLocks.holderId} <> ${writer} and ${scoreLocks.expiresAt} > ${now} and (${scoreLocks.examId}, ${scoreLocks.userId}) in ${pairs}`);
      return {
        released: rows.filter((r) => !r.held).map((r) => ({ examId: r.examId, userId: r.userId })),
        held: rows.flatMap((r) => (r.held && r.holderId !== null && r.holderName !== null && r.expiresAt !== null ? [{ examId: r.examId, userId: r.userId, holderId: r.holderId, holderName: r.holderName, expiresAt: r.expiresAt }] : [])),
      };
    },
    /** Live locks of these exams, all of them or those someone other than `except` holds. */
    liveLocks: (examIds: readonly number[], now: Date, except?: number) =>
      db.select().from(scoreLocks).where(and(inArray(scoreLocks.examId, [...examIds]), gt(scoreLocks.expiresAt, now), except === undefined ? undefined : ne(scoreLocks.holderId, except))),
  };
}

export type ExamQueries = ReturnType<typeof examQueries>;
