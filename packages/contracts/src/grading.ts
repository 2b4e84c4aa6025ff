/**
 * Answer keys and grading: the rules a weekly test is scored by, pure and shared. The server grades
 * with them; the web uses them to parse a pasted key and to show a student's wrong answers.
 */

export const CHOICE_COUNT = 5;
export const CHOICE_LABELS = ['', '①', '②', '③', '④', '⑤'] as const;

/**
 * A question of an answer key. A choice question accepts any one of `answer` (1–5; a question
 * with two accepted choices after an objection, 복수 정답). A short-answer question accepts any of
 * its variants: numbers compare as numbers ("12" = "12.0"), text ignoring spaces and case.
 */
export type Question =
  | { no: number; kind: 'choice'; answer: number[]; points: number; tag?: string | null }
  | { no: number; kind: 'short'; answer: string[]; points: number; tag?: string | null };

export type AnswerKeyIssue = { position: number; message: string };

const CIRCLED: Record<string, string> = { '①': '1', '②': '2', '③': '3', '④': '4', '⑤': '5' };

/**
 * Reads an answer key typed or pasted as text, as centers write them:
 * - digits run together, in groups ("13524 21435"): one choice per digit;
 * - one answer per token, separated by commas, semicolons, new lines, or spaces between single
 *   answers ("1,3,5,2,4", "3 5 2 12 4"): 1–5 is a choice, "2/4" or "2|4" a choice question with two
 *   accepted answers, anything else ("12", "x+1") a short answer;
 * - circled numbers (①③⑤) read as choices.
 * Every question gets `points` points.
 */
export function parseAnswerKey(text: string, opts: { points?: number } = {}): { questions: Question[]; issues: AnswerKeyIssue[] } {
  const points = opts.points ?? 1;
  const circledRun = text.replace(/[①②③④⑤]+/g, (run) => ` ${[...run].map((c) => CIRCLED[c]).join('')} `);
  const tokens = circledRun.split(/[\s,;]+/).filter(Boolean);
  const separated = /[,;\n]/.test(text) || tokens.some((t) => t.length === 1);
  const issues: AnswerKeyIssue[] = [];
  const questions: Question[] = [];
  const add = (q: Omit<Question, 'no' | 'points'>) => questions.push({ ...q, no: questions.length + 1, points } as Question);
  for (const token of tokens) {
    if (!separated && /^[1-5]+$/.test(token)) {
      for (const d of token) add({ kind: 'choice', answer: [Number(d)] });
    } else if (/^[1-5]$/.test(token)) {
      add({ kind: 'choice', answer: [Number(token)] });
    } else if (/^[1-5](?:[/|][1-5])+$/.test(token)) {
      add({ kind: 'choice', answer: [...new Set(token.split(/[/|]/).map(Number))].sort((a, b) => a - b) });
    } else if (token.length <= 30) {
      add({ kind: 'short', answer: [token] });
    } else {
      issues.push({ position: questions.length + 1, message: `${questions.length + 1}번: 답이 너무 깁니다 (${token.slice(0, 20)}…)` });
    }
  }
  if (questions.length === 0 && issues.length === 0) issues.push({ position: 0, message: '정답을 입력해 주세요' });
  return { questions, issues };
}

/** "③", "② 또는 ④", "12" — how an accepted answer reads on screen. */
export function answerText(q: Question): string {
  if (q.kind === 'choice') return q.answer.map((c) => CHOICE_LABELS[c] ?? String(c)).join(' 또는 ');
  return q.answer.join(' 또는 ');
}

const asNumber = (s: string): number | null => (/^[-+]?\d+(\.\d+)?$/.test(s.trim()) ? Number(s) : null);
const normaliseText = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/** Whether one answer (as marked or typed; null = blank) is right for the question. */
export function isCorrect(q: Question, given: string | null | undefined): boolean {
  if (given === null || given === undefined || given.trim() === '') return false;
  if (q.kind === 'choice') {
    const n = Number(given.trim().replace(/[①②③④⑤]/, (c) => CIRCLED[c]!));
    return Number.isInteger(n) && q.answer.includes(n);
  }
  const num = asNumber(given);
  return q.answer.some((a) => {
    const an = asNumber(a);
    return an !== null && num !== null ? an === num : normaliseText(a) === normaliseText(given);
  });
}

/** Scores a sheet: the points of every right answer, and which ones were right ('1'/'0' per question). */
export function gradeSheet(questions: readonly Question[], answers: readonly (string | null)[]): { score: number; marks: string } {
  let score = 0;
  let marks = '';
  questions.forEach((q, i) => {
    const ok = isCorrect(q, answers[i]);
    if (ok) score += q.points;
    marks += ok ? '1' : '0';
  });
  return { score: Math.round(score * 100) / 100, marks };
}

export const maxScoreOf = (questions: readonly Question[]): number => Math.round(questions.reduce((s, q) => s + q.points, 0) * 100) / 100;

/** Relative grade scales (PRODUCT.md): the cumulative share of takers each grade reaches. */
export const GRADE_SCALES = {
  /** 수능·모의고사 9등급: 4, 11, 23, 40, 60, 77, 89, 96, 100 %. */
  relative9: [4, 11, 23, 40, 60, 77, 89, 96, 100],
  /** 2025년부터의 내신 5등급: 10, 34, 66, 90, 100 %. */
  relative5: [10, 34, 66, 90, 100],
} as const;

/**
 * The grade of rank `rank` (1 = best; ties share the smallest rank) among `takers`: the first grade
 * whose cumulative share the rank reaches. Ties therefore share the better grade.
 */
export function gradeFromRank(opts: { rank: number; takers: number; scale: readonly number[] }): number {
  const share = (opts.rank / opts.takers) * 100;
  const i = opts.scale.findIndex((cum) => share <= cum + 1e-9);
  return i === -1 ? opts.scale.length : i + 1;
}

/** The grade by fixed score cutoffs (highest first): [90, 80, 70] → 90+ is 1, 80+ is 2, 70+ is 3, below is 4. */
export function gradeFromCutoffs(opts: { score: number; cutoffs: readonly number[] }): number {
  return opts.cutoffs.filter((c) => opts.score < c).length + 1;
}
