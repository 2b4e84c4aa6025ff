import type { GradeChange } from '@academy/contracts/exams';
import { GRADE_SCALES } from '@academy/contracts/grading';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/sql.ts';
import type { ExamRow, ScoreRow } from './exams.rows.ts';
import { exams, scores } from './exams.table.ts';

/**
 * The rules a score follows by itself (docs/exams.md):
 * - typing a 1차 score marks the student 응시; clearing it (with nothing else entered) 미응시;
 * - a 1차 score under the cutline makes the student 클리닉대상 unless 면제; a corrected score at or
 *   over it lifts that again (only while the clinic is still just "required");
 * - a 재시험 score at or over the cutline completes the clinic (완료);
 * - grades come from the exam's grade mode, over the link group for relative grades, unless set by hand.
 */
export type CellState = Pick<ScoreRow, 'first' | 'retake' | 'status' | 'clinic'>;

export function settle(opts: { before: CellState; after: CellState; cutline: number | null; clinicSetByHand?: boolean }): CellState {
  const s = { ...opts.after };
  if (s.first !== null && opts.before.first !== s.first && s.status !== 'taken') s.status = 'taken';
  if (s.first === null && s.retake === null && s.status === 'taken') s.status = 'not_taken';
  if (opts.clinicSetByHand) return s;
  const c = opts.cutline;
  if (s.status === 'exempt') {
    if (s.clinic === 'required') s.clinic = 'none';
    return s;
  }
  if (c !== null && s.status === 'taken' && s.first !== null && s.first < c && s.clinic === 'none') s.clinic = 'required';
  if (s.clinic === 'required' && (c === null || (s.status === 'taken' && s.first !== null && s.first >= c))) s.clinic = 'none';
  if (c !== null && s.retake !== null && s.retake >= c && (s.clinic === 'required' || s.clinic === 'booked')) s.clinic = 'done';
  return s;
}

/** The same clinic rule over a whole exam, after its cutline or its scores changed in bulk. */
export async function resettleClinic(db: Db, exam: Pick<ExamRow, 'id' | 'cutline'>): Promise<{ userId: number; clinic: ScoreRow['clinic'] }[]> {
  const c = exam.cutline;
  const next: SQL = c === null
    ? sql`case when ${scores.clinic} = 'required' then 'none' else ${scores.clinic} end`
    : sql`case
        when ${scores.status} = 'exempt' and ${scores.clinic} = 'required' then 'none'
        when ${scores.status} = 'taken' and ${scores.first} is not null and ${scores.first} < ${c} and ${scores.clinic} = 'none' then 'required'
        when ${scores.clinic} = 'required' and ${scores.status} = 'taken' and ${scores.first} >= ${c} then 'none'
        when ${scores.retake} is not null and ${scores.retake} >= ${c} and ${scores.clinic} in ('required', 'booked') then 'done'
        else ${scores.clinic} end`;
  return selectRows<{ userId: number; clinic: ScoreRow['clinic'] }>(db, sql`
    update ${scores} set ${sql.identifier(scores.clinic.name)} = ${next}, ${sql.identifier(scores.version.name)} = ${scores.version} + 1
    where ${scores.examId} = ${exam.id} and ${scores.clinic} is distinct from (${next})
    returning ${scores.userId} as "userId", ${scores.clinic} as "clinic"`);
}

// The scales are constants of this file, written into the statement as numbers (parameters would be
// typed as text in a CASE).
const scaleCase = (scale: readonly number[], share: SQL): SQL =>
  sql.join([sql`case`, ...scale.map((cum, i) => sql`when ${share} <= ${sql.raw(String(Number(cum)))} then ${sql.raw(String(i + 1))}`), sql`else ${sql.raw(String(scale.length))} end`], sql` `);

/**
 * Recomputes the automatic grades of these exams (and of the exams linked to them) in one
 * statement: relative grades rank the takers of the whole link group (ties share the better
 * grade), cutoff grades read each exam's own cutoffs. Returns the cells whose grade changed.
 */
export async function regradeRanks(db: Db, examIds: readonly number[]): Promise<GradeChange[]> {
  if (examIds.length === 0) return [];
  // The exams in scope first (with their linked exams), so the statement below reads the scores
  // of exactly those exams by index instead of the planner guessing how many a subquery yields.
  const scope = await db
    .select({ id: exams.id })
    .from(exams)
    .where(sql`${exams.id} = any(${sql.param([...examIds])}::int[])
      or ${exams.linkGroupId} in (select ${exams.linkGroupId} from ${exams} where ${exams.id} = any(${sql.param([...examIds])}::int[]) and ${exams.linkGroupId} is not null)`);
  const ids = sql.param(scope.map((e) => e.id));
  const share = sql`(r.rnk * 100.0 / r.n)`;
  const computed = sql`case
      when r.id is null then null
      when r.mode = 'relative9' then ${scaleCase(GRADE_SCALES.relative9, share)}
      when r.mode = 'relative5' then ${scaleCase(GRADE_SCALES.relative5, share)}
      when r.mode = 'cutoffs' then 1 + (select count(*)::int from jsonb_array_elements_text(r.cutoffs) c where r.first < c::numeric)
      else null end`;
  const group = sql`coalesce(${exams.linkGroupId}, -${exams.id})`;
  return selectRows(db, sql`
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
    update ${scores} set ${sql.identifier(scores.grade.name)} = target.grade, ${sql.identifier(scores.version.name)} = ${scores.version} + 1
    from target
    where ${scores.id} = target.id and ${scores.grade} is distinct from target.grade
    returning ${scores.examId} as "examId", ${scores.userId} as "userId", ${scores.grade} as "grade", ${scores.version} as "version"`);
}
