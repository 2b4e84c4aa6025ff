import { type CreateExamInput, type ExamDetail, examsApi } from '@academy/contracts/exams';
import { parseAnswerKey, type Question } from '@academy/contracts/grading';
import type { TestApp } from '../../../test/harness.ts';

/** A key of `n` choice questions (answers cycle 1–5), `points` each. */
export function choiceKey(n: number, points = 5): Question[] {
  return parseAnswerKey(Array.from({ length: n }, (_, i) => String((i % 5) + 1)).join(','), { points }).questions;
}

/** Sheets answering the key of `choiceKey` with `right` correct answers (the rest one choice off). */
export function sheet(key: Question[], right: number): string[] {
  return key.map((q, i) => {
    const a = q.kind === 'choice' ? q.answer[0]! : 1;
    return String(i < right ? a : (a % 5) + 1);
  });
}

/** Makes an exam in a session through the API (a TA's token is enough). */
export async function makeExam(t: TestApp, opts: { token: string; lectureId: number; weeklyLectureId: number } & CreateExamInput): Promise<ExamDetail> {
  const { token, lectureId, weeklyLectureId, ...input } = opts;
  return t.api(examsApi.create, { token, params: { id: lectureId, wlId: weeklyLectureId }, body: { title: '주간 테스트', questions: choiceKey(20), ...input } });
}
