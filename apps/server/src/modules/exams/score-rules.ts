import type { ScoreRow } from './exams.queries.ts';

/**
 * The rules a score follows by itself (docs/exams.md):
 * - typing a 1차 score marks the student 응시; clearing it (with nothing else entered) 미응시;
 * - a 1차 score under the cutline makes the student 클리닉대상 unless 면제; a corrected score at or
 *   over it lifts that again (only while the clinic is still just "required");
 * - a 재시험 score at or over the cutline completes the clinic (완료);
 * - grades come from the exam's grade mode, over the link group for relative grades, unless set by
 *   hand (recomputed over a whole exam in exams.queries.ts: `regradeRanks`, `resettleClinic`).
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

/**
 * Whether a write changes what ranks and automatic grades are computed from: the 1st score, the
 * status (only takers are ranked) or a grade set by hand. A memo, a clinic status, a delivery or a
 * retake does not, so those writes skip re-ranking the exam group (exams.queries.ts `regradeRanks`).
 */
export function ranksMoved(before: Pick<ScoreRow, 'first' | 'status' | 'gradeManual'> | null, after: Pick<ScoreRow, 'first' | 'status' | 'gradeManual'>): boolean {
  if (!before) return after.status === 'taken' || after.gradeManual;
  return before.first !== after.first || before.status !== after.status || before.gradeManual !== after.gradeManual;
}
