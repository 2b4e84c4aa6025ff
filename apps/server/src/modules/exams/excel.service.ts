import { EXAM_ERRORS, questionSchema } from '@academy/contracts/exams';
import { compareKorean } from '@academy/contracts/format';
import type { Question } from '@academy/contracts/grading';
import type { FileResult } from '../../http/route.ts';
import { appError } from '../../lib/errors.ts';
import { readSheet, writeSheet } from '../../lib/xlsx.ts';
import type { ExamsDeps } from './exams.deps.ts';
import { getExamRow } from './exams.rows.ts';
import { examQueries } from './exams.queries.ts';
import type { ScoringService } from './scoring.service.ts';

const ERRORS = { invalid: EXAM_ERRORS.excel_invalid, rows: EXAM_ERRORS.excel_rows };
const KEY_HEADERS = ['문항', '정답', '배점', '유형', '단원'] as const;
type RowError = { row: number; field: string; message: string };

/**
 * Excel in and out for weekly tests: an answer key sheet (문항, 정답, 배점, 유형, 단원) and a score
 * sheet per exam (아이디, 이름, 점수, then one column per question for answers). A score upload is
 * checked row by row first and is all-or-nothing, through the same write as the grid.
 */
export function createExcelService(deps: ExamsDeps & { scoring: ScoringService }) {
  const { ctx, lectures, users, scoring } = deps;
  const { db } = ctx;
  const q = examQueries(db);

  async function readAnswerKey(buffer: Buffer): Promise<Question[]> {
    const { header, rows } = await readSheet(buffer, { maxRows: 200, errors: ERRORS });
    const col = (h: (typeof KEY_HEADERS)[number]) => header.indexOf(h);
    if (col('문항') === -1 || col('정답') === -1) throw appError(EXAM_ERRORS.excel_invalid, `첫 행에 머리글이 필요합니다 (${KEY_HEADERS.join(', ')})`, { field: 'file' });
    const errors: string[] = [];
    const questions: Question[] = [];
    for (const r of rows) {
      const get = (h: (typeof KEY_HEADERS)[number]) => (col(h) === -1 ? '' : (r.cells[col(h)] ?? ''));
      const answerText = get('정답');
      const short = get('유형').includes('주관') || !/^[1-5](\s*[,/|]\s*[1-5])*$/.test(answerText);
      const candidate = {
        no: Number(get('문항')),
        kind: short ? 'short' : 'choice',
        answer: short ? answerText.split(/\s*[|]\s*/).filter(Boolean) : [...new Set(answerText.split(/\s*[,/|]\s*/).map(Number))],
        points: get('배점') === '' ? 1 : Number(get('배점')),
        tag: get('단원') || null,
      };
      const parsed = questionSchema.safeParse(candidate);
      if (!parsed.success) errors.push(`${r.row}행: ${parsed.error.issues[0]!.message}`);
      else questions.push(parsed.data as Question);
    }
    questions.sort((a, b) => a.no - b.no);
    const gap = questions.findIndex((q, i) => q.no !== i + 1);
    if (gap !== -1) errors.push(`문항 번호는 1부터 빠짐없이 이어져야 합니다 (${gap + 1}번이 없습니다)`);
    if (questions.length === 0 && errors.length === 0) errors.push('정답 행이 없습니다');
    if (errors.length) throw appError(EXAM_ERRORS.excel_invalid, errors.slice(0, 5).join(' / '), { field: 'file', details: { errors } });
    return questions;
  }

  return {
    readAnswerKey,

    async scoresTemplate(examId: number): Promise<FileResult> {
      const exam = await getExamRow(q, examId);
      const participants = await lectures.participation.participantsOf(exam.weeklyLectureId);
      const names = await users.directory(participants);
      const people = [...names.values()].sort((a, b) => compareKorean(a.name, b.name));
      const body = await writeSheet({
        name: '점수',
        rows: people,
        columns: [
          { header: '아이디', width: 16, value: (p) => p.loginId },
          { header: '이름', width: 12, value: (p) => p.name },
          { header: '점수', value: () => null },
          ...exam.questions.map((q) => ({ header: String(q.no), width: 6, value: () => null })),
        ],
        guide: {
          name: '작성 안내',
          lines: [
            ['점수만 입력하거나, 문항 열(1, 2, 3 …)에 학생의 답을 입력하면 정답과 비교해 채점합니다.'],
            ['객관식은 1~5, 주관식은 답을 그대로 적습니다. 빈 행은 건너뜁니다.'],
            [`만점: ${exam.maxScore}점. 한 행이라도 잘못되면 아무것도 저장하지 않습니다.`],
          ],
        },
      });
      return { body, fileName: `${exam.title}_점수입력.xlsx` };
    },

    /** A score sheet: checked row by row; with dryRun, or any error, nothing is written. */
    async importScores(opts: { examId: number; buffer: Buffer; dryRun: boolean; actor: { id: number } }) {
      const exam = await getExamRow(q, opts.examId);
      const { header, rows } = await readSheet(opts.buffer, { maxRows: 2000, errors: ERRORS });
      const idCol = header.indexOf('아이디');
      const scoreCol = header.indexOf('점수');
      if (idCol === -1) throw appError(EXAM_ERRORS.excel_invalid, '첫 행에 "아이디" 머리글이 필요합니다. 점수 입력 양식을 내려받아 사용해 주세요', { field: 'file' });
      const questionCols = exam.questions.map((q) => header.indexOf(String(q.no)));
      const participants = await lectures.participation.participantsOf(exam.weeklyLectureId);
      const byLogin = new Map([...(await users.directory(participants)).values()].map((u) => [u.loginId.toLowerCase(), u]));
      const errors: RowError[] = [];
      const items: { examId: number; userId: number; scoreValue?: number | null; answers?: (string | null)[] }[] = [];
      const seen = new Set<number>();
      for (const r of rows) {
        const loginId = (r.cells[idCol] ?? '').trim().toLowerCase();
        const who = byLogin.get(loginId);
        if (!who) {
          errors.push({ row: r.row, field: '아이디', message: loginId ? `이 시험의 회차 참여자가 아닙니다 (${loginId})` : '아이디가 비어 있습니다' });
          continue;
        }
        if (seen.has(who.id)) {
          errors.push({ row: r.row, field: '아이디', message: `같은 학생이 두 번 있습니다 (${who.name})` });
          continue;
        }
        seen.add(who.id);
        const answers = questionCols.map((c) => (c === -1 ? null : (r.cells[c] ?? '').trim() || null));
        if (answers.some((a) => a !== null)) {
          items.push({ examId: exam.id, userId: who.id, answers });
          continue;
        }
        const text = scoreCol === -1 ? '' : (r.cells[scoreCol] ?? '').trim();
        if (text === '') continue;
        const value = Number(text);
        if (!Number.isFinite(value) || value < 0) errors.push({ row: r.row, field: '점수', message: `점수가 숫자가 아닙니다 (${text})` });
        else if (value > exam.maxScore) errors.push({ row: r.row, field: '점수', message: `만점(${exam.maxScore}점)보다 큽니다 (${value})` });
        else items.push({ examId: exam.id, userId: who.id, scoreValue: value });
      }
      const report = { dryRun: opts.dryRun, total: rows.length, valid: items.length, updated: 0, errors };
      if (opts.dryRun || errors.length) return report;
      const cells = await scoring.write({
        writes: items.map((i) => ({ examId: i.examId, userId: i.userId, change: i.answers ? { answers: i.answers } : { first: i.scoreValue ?? null, answers: null } })),
        actor: opts.actor,
        action: 'score.excel',
      });
      return { ...report, updated: cells.length };
    },
  };
}

export type ExcelService = ReturnType<typeof createExcelService>;
