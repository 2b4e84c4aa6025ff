import { describe, expect, it } from 'vitest';
import { answerText, gradeFromCutoffs, gradeFromRank, GRADE_SCALES, gradeSheet, isCorrect, parseAnswerKey, type Question } from './grading.ts';

describe('answer keys as centers type them', () => {
  it('reads digits run together in groups of five', () => {
    const { questions, issues } = parseAnswerKey('13524 21435');
    expect(issues).toEqual([]);
    expect(questions.map((q) => q.answer)).toEqual([[1], [3], [5], [2], [4], [2], [1], [4], [3], [5]]);
    expect(questions.every((q) => q.kind === 'choice' && q.points === 1)).toBe(true);
    expect(questions.map((q) => q.no)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('reads separated answers with short answers, two accepted choices and circled numbers', () => {
    const { questions } = parseAnswerKey('1,3,5,2/4,12\n①, x+1', { points: 4 });
    expect(questions.map((q) => [q.kind, q.answer])).toEqual([
      ['choice', [1]], ['choice', [3]], ['choice', [5]], ['choice', [2, 4]], ['short', ['12']], ['choice', [1]], ['short', ['x+1']],
    ]);
    expect(questions.every((q) => q.points === 4)).toBe(true);
    expect(parseAnswerKey('3 5 2 12 4').questions.map((q) => q.kind)).toEqual(['choice', 'choice', 'choice', 'short', 'choice']);
    expect(parseAnswerKey('①③⑤').questions.map((q) => q.answer)).toEqual([[1], [3], [5]]);
  });

  it('says when there is nothing to read', () => {
    expect(parseAnswerKey('  ').issues[0]!.message).toBe('정답을 입력해 주세요');
  });
});

describe('grading', () => {
  const key: Question[] = [
    { no: 1, kind: 'choice', answer: [3], points: 2 },
    { no: 2, kind: 'choice', answer: [2, 4], points: 3 },
    { no: 3, kind: 'short', answer: ['12'], points: 4 },
    { no: 4, kind: 'short', answer: ['x+1', 'X + 1'], points: 1 },
  ];

  it('accepts any accepted choice, numbers as numbers, text without spaces or case', () => {
    expect(isCorrect(key[1]!, '4')).toBe(true);
    expect(isCorrect(key[1]!, '③')).toBe(false);
    expect(isCorrect(key[2]!, '12.0')).toBe(true);
    expect(isCorrect(key[3]!, 'X+1')).toBe(true);
    expect(isCorrect(key[0]!, null)).toBe(false);
    expect(isCorrect(key[0]!, '13')).toBe(false);
  });

  it('scores a sheet and marks each question', () => {
    expect(gradeSheet(key, ['3', '2', '7', ' x + 1 '])).toEqual({ score: 6, marks: '1101' });
    expect(gradeSheet(key, [])).toEqual({ score: 0, marks: '0000' });
    expect(answerText(key[1]!)).toBe('② 또는 ④');
  });

  it('gives relative grades by rank, ties sharing the better grade', () => {
    const grade = (rank: number, takers = 100) => gradeFromRank({ rank, takers, scale: GRADE_SCALES.relative9 });
    expect([1, 4, 5, 11, 12, 40, 41, 96, 97, 100].map((r) => grade(r))).toEqual([1, 1, 2, 2, 3, 4, 5, 8, 9, 9]);
    expect(gradeFromRank({ rank: 10, takers: 100, scale: GRADE_SCALES.relative5 })).toBe(1);
    expect(gradeFromRank({ rank: 11, takers: 100, scale: GRADE_SCALES.relative5 })).toBe(2);
    expect(gradeFromCutoffs({ score: 85, cutoffs: [90, 80, 70] })).toBe(2);
    expect(gradeFromCutoffs({ score: 95, cutoffs: [90, 80, 70] })).toBe(1);
    expect(gradeFromCutoffs({ score: 10, cutoffs: [90, 80, 70] })).toBe(4);
  });
});
