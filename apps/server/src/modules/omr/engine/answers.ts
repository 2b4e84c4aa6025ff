import { isValidCandidateNumber, type OmrLayout } from '@academy/contracts/omr';
import type { FieldRead } from './read-sheet.ts';

/**
 * From fields to what the exam needs: one answer per question and the student's 수험번호.
 *
 * - A choice row reads as its marked choice ("3"), a double mark as "2,4" (graded wrong), nothing
 *   as null.
 * - A numeric answer reads its digit columns left to right. Students write right-aligned (수능
 *   style, "  7") or left-aligned ("7  "): blank columns at either end are fine; a blank between
 *   two marked columns, or two marks in one column, makes no number and goes to a person.
 */
export type QuestionRead = { no: number; answer: string | null; flagged: boolean; fields: string[] };
export type IdRead = { number: string | null; flagged: boolean; valid: boolean };

export function questionAnswers(layout: OmrLayout, fields: readonly FieldRead[]): QuestionRead[] {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const byQuestion = new Map<number, { digit: number; id: string; kind: string }[]>();
  for (const f of layout.fields) {
    if (f.role.type !== 'question') continue;
    const list = byQuestion.get(f.role.no) ?? [];
    list.push({ digit: f.role.digit ?? 0, id: f.id, kind: f.kind });
    byQuestion.set(f.role.no, list);
  }
  const out: QuestionRead[] = [];
  for (const [no, parts] of [...byQuestion].sort((a, b) => a[0] - b[0])) {
    const reads = parts.sort((a, b) => a.digit - b.digit).map((p) => byId.get(p.id)!);
    if (parts.length === 1 && parts[0]!.kind !== 'digit') {
      const r = reads[0]!;
      out.push({ no, answer: r.marked.length ? r.marked.join(',') : null, flagged: r.flagged, fields: [r.id] });
      continue;
    }
    out.push({ no, ...numberFrom(reads), fields: reads.map((r) => r.id) });
  }
  return out;
}

function numberFrom(columns: readonly FieldRead[]): { answer: string | null; flagged: boolean } {
  let flagged = columns.some((c) => c.flagged || c.marked.length > 1);
  const digits = columns.map((c) => (c.marked.length === 1 ? c.marked[0]! : null));
  const first = digits.findIndex((d) => d !== null);
  if (first < 0) return { answer: null, flagged };
  const last = digits.length - 1 - [...digits].reverse().findIndex((d) => d !== null);
  if (digits.slice(first, last + 1).some((d) => d === null)) flagged = true;
  const text = digits.slice(first, last + 1).map((d) => d ?? '').join('');
  return { answer: text === '' ? null : String(Number(text)), flagged };
}

/** The 수험번호 marked in the digit columns: complete, one mark per column, with a valid check digit. */
export function candidateNumber(layout: OmrLayout, fields: readonly FieldRead[]): IdRead {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const columns = layout.fields.filter((f) => f.role.type === 'id').sort((a, b) => (a.role.type === 'id' && b.role.type === 'id' ? a.role.index - b.role.index : 0));
  if (!columns.length) return { number: null, flagged: false, valid: false };
  const reads = columns.map((c) => byId.get(c.id)!);
  const blank = reads.every((r) => r.marked.length === 0);
  if (blank) return { number: null, flagged: reads.some((r) => r.flagged), valid: false };
  const number = reads.map((r) => (r.marked.length === 1 ? r.marked[0] : '?')).join('');
  const valid = isValidCandidateNumber(number);
  return { number, flagged: !valid || reads.some((r) => r.flagged), valid };
}
