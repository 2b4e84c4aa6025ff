import { candidateCheckDigit, isValidCandidateNumber } from '@academy/contracts/omr';
import { describe, expect, it } from 'vitest';
import { candidateNumber, questionAnswers } from './answers.ts';
import { buildExamLayout, LayoutError } from './layout.ts';
import type { FieldRead } from './read-sheet.ts';

const layout = buildExamLayout([
  { no: 1, kind: 'choice', answer: [3], points: 5 },
  { no: 2, kind: 'short', answer: ['105'], points: 5 },
]).layout;

const field = (id: string, marked: string[], flagged = false): FieldRead => ({ id, marked, fills: [], status: marked.length ? 'ok' : 'blank', confidence: 1, notes: [], flagged, dx: 0, dy: 0 });
const read = (over: Record<string, string[]>) => layout.fields.map((f) => field(f.id, over[f.id] ?? []));

describe('answers from fields', () => {
  it('reads numeric answers written right- or left-aligned, and a gap goes to a person', () => {
    expect(questionAnswers(layout, read({ q1: ['3'], q2_3: ['7'] }))).toMatchObject([{ no: 1, answer: '3', flagged: false }, { no: 2, answer: '7', flagged: false }]);
    expect(questionAnswers(layout, read({ q2_1: ['1'], q2_2: ['2'] }))[1]).toMatchObject({ answer: '12', flagged: false });
    expect(questionAnswers(layout, read({ q2_1: ['0'], q2_2: ['0'], q2_3: ['5'] }))[1]).toMatchObject({ answer: '5', flagged: false });
    expect(questionAnswers(layout, read({ q2_1: ['1'], q2_3: ['5'] }))[1]).toMatchObject({ flagged: true });
    expect(questionAnswers(layout, read({ q1: ['2', '4'] }))[0]).toMatchObject({ answer: '2,4' });
    expect(questionAnswers(layout, read({}))).toMatchObject([{ answer: null, flagged: false }, { answer: null, flagged: false }]);
  });

  it('takes a 수험번호 only when every digit is marked once and the check digit holds', () => {
    const number = '3141592' + candidateCheckDigit('3141592');
    expect(isValidCandidateNumber(number)).toBe(true);
    const marks = Object.fromEntries([...number].map((d, i) => [`id${i + 1}`, [d]]));
    expect(candidateNumber(layout, read(marks))).toEqual({ number, flagged: false, valid: true });
    const wrongDigit = { ...marks, id3: [String((Number(number[2]) + 1) % 10)] };
    expect(candidateNumber(layout, read(wrongDigit))).toMatchObject({ valid: false, flagged: true });
    expect(candidateNumber(layout, read({ ...marks, id5: [] }))).toMatchObject({ number: number.slice(0, 4) + '?' + number.slice(5), flagged: true });
  });

  it('fits up to 60 questions on one page and says plainly when numeric answers do not fit', () => {
    expect(buildExamLayout(Array.from({ length: 60 }, (_, i) => ({ no: i + 1, kind: 'choice' as const, answer: [1], points: 1 }))).layout.fields.length).toBe(68);
    expect(() => buildExamLayout(Array.from({ length: 61 }, (_, i) => ({ no: i + 1, kind: 'choice' as const, answer: [1], points: 1 })))).toThrow(LayoutError);
    expect(() => buildExamLayout(Array.from({ length: 40 }, (_, i) => ({ no: i + 1, kind: 'short' as const, answer: ['1'], points: 1 })))).toThrow(/숫자 주관식/);
  });
});
