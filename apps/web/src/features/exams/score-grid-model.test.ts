import type { Exam, GridRow, ScoreCell, ScoreGrid } from '@academy/contracts/exams';
import { describe, expect, it } from 'vitest';
import { applyCells, applyGrades, buildColumns, columnAverage, mergeFreshGrid, planPaste, readPastedValue, undoItems } from './score-grid-model.ts';

const exam = (id: number, over: Partial<Exam> = {}): Exam => ({
  id, lectureId: 1, weeklyLectureId: 1, seq: id, title: `시험${id}`, templateId: null, questionCount: 0, maxScore: 100, cutline: null, gradeMode: 'none', gradeCutoffs: [],
  readyToShow: false, onlineSubmission: false, linkGroupId: null, linkedExamIds: [], retakes: [], takers: 0, createdAt: '2026-11-23T00:00:00Z', ...over,
});
const row = (userId: number, n: number, over: Partial<GridRow> = {}): GridRow => ({
  userId, name: `학생${userId}`, loginId: `s${userId}`, studentMemo: null,
  first: Array(n).fill(null), retake: Array(n).fill(null), status: Array(n).fill('not_taken'), clinic: Array(n).fill('none'), delivery: Array(n).fill('none'),
  grade: Array(n).fill(null), memo: Array(n).fill(null), hasAnswers: Array(n).fill(false), version: Array(n).fill(0), ...over,
});
const grid = (exams: Exam[], students: GridRow[]): ScoreGrid => ({ lecture: { id: 1, name: '강좌' }, weeklyLectures: [{ id: 1, title: '1회', date: '2026-11-23' }], exams, students, locks: [], sheetMemo: '' });
const cell = (examId: number, userId: number, over: Partial<ScoreCell> = {}): ScoreCell => ({
  examId, userId, first: null, retake: null, status: 'not_taken', clinic: 'none', delivery: 'none', grade: null, gradeManual: false, memo: '', answers: null, marks: null, version: 1, updatedAt: null, updatedByName: null, ...over,
});

describe('readPastedValue', () => {
  it('reads scores, status words and blanks', () => {
    expect(readPastedValue(' 85.5 ')).toEqual({ kind: 'score', value: 85.5 });
    expect(readPastedValue('90점')).toEqual({ kind: 'score', value: 90 });
    expect(readPastedValue('결시')).toEqual({ kind: 'status', status: 'absent' });
    expect(readPastedValue('')).toEqual({ kind: 'skip' });
    expect(readPastedValue('abc')).toEqual({ kind: 'invalid' });
  });
});

describe('planPaste', () => {
  const g = grid([exam(10), exam(11, { maxScore: 50 })], [row(1, 2, { version: [3, 0] }), row(2, 2, { status: [null, 'not_taken'] }), row(3, 2)]);
  const columns = buildColumns(2, false);

  it('turns a block into batch items with versions, skipping non-participants and blanks', () => {
    const plan = planPaste({ grid: g, columns, row: 0, col: 0, matrix: [['80', '40'], ['70', ''], ['결시', '45']] });
    expect(plan.error).toBeNull();
    expect(plan.skipped).toBe(1);
    expect(plan.items).toEqual([
      { examId: 10, userId: 1, scoreValue: 80, attemptType: 'first', version: 3 },
      { examId: 11, userId: 1, scoreValue: 40, attemptType: 'first', version: 0 },
      { examId: 10, userId: 3, status: 'absent', version: 0 },
      { examId: 11, userId: 3, scoreValue: 45, attemptType: 'first', version: 0 },
    ]);
    expect(plan.before[0]).toEqual({ examId: 10, userId: 1, attempt: 'first', value: null, status: 'not_taken', version: 3 });
  });

  it('refuses the whole paste for a score over the max, text, or too many rows', () => {
    expect(planPaste({ grid: g, columns, row: 0, col: 1, matrix: [['51']] }).error).toContain('만점(50점)');
    expect(planPaste({ grid: g, columns, row: 0, col: 0, matrix: [['x']] }).error).toContain('점수가 아닙니다');
    expect(planPaste({ grid: g, columns, row: 2, col: 0, matrix: [['1'], ['2']] }).error).toContain('학생이 1명뿐');
  });

  it('sends each cell with the version the screen saw', () => {
    const plan = planPaste({ grid: g, columns, row: 0, col: 0, matrix: [['80']] });
    expect(plan.items).toEqual([{ examId: 10, userId: 1, scoreValue: 80, attemptType: 'first', version: expect.any(Number) }]);
  });
});

describe('applyCells and applyGrades', () => {
  const g = grid([exam(10)], [row(1, 1, { version: [2] }), row(2, 1)]);

  it('writes newer cells and keeps untouched rows as they were', () => {
    const next = applyCells(g, [cell(10, 2, { first: 77, status: 'taken', memo: '늦게 옴', version: 1 })]);
    expect(next.students[1]!.first).toEqual([77]);
    expect(next.students[1]!.memo).toEqual(['늦게 옴']);
    expect(next.students[0]).toBe(g.students[0]);
  });

  it('ignores a replayed older cell', () => {
    expect(applyCells(g, [cell(10, 1, { first: 10, version: 1 })])).toBe(g);
  });

  it('sets grades and their new versions without touching scores', () => {
    const next = applyGrades(g, [{ examId: 10, userId: 1, grade: 3, version: 3 }]).students[0]!;
    expect(next.grade).toEqual([3]);
    expect(next.version).toEqual([3]);
    expect(next.first).toEqual(g.students[0]!.first);
  });
});

describe('undoItems and columnAverage', () => {
  it('puts back the value and status with the current version', () => {
    const items = undoItems([{ examId: 10, userId: 1, attempt: 'first', value: null, status: 'absent', version: 1 }, { examId: 10, userId: 2, attempt: 'retake', value: 40, status: 'taken', version: 0 }], () => 5);
    expect(items).toEqual([
      { examId: 10, userId: 1, version: 5, scoreValue: null, attemptType: 'first', status: 'absent' },
      { examId: 10, userId: 2, version: 5, scoreValue: 40, attemptType: 'retake' },
    ]);
  });

  it('averages the takers and counts those under the cutline', () => {
    const g = grid([exam(10, { cutline: 60 })], [row(1, 1, { first: [50], status: ['taken'] }), row(2, 1, { first: [90], status: ['taken'] }), row(3, 1, { status: ['absent'] })]);
    expect(columnAverage(g, { exam: 0, attempt: 'first' })).toEqual({ average: 70, count: 2, below: 1 });
  });
});

describe('mergeFreshGrid', () => {
  it('keeps cells the screen has in a newer version than the refetch', () => {
    const old = grid([exam(10)], [row(1, 1, { first: [90], status: ['taken'], version: [4] }), row(2, 1, { version: [1] })]);
    const fresh = grid([exam(10)], [row(1, 1, { first: [80], status: ['taken'], version: [3] }), row(2, 1, { first: [70], status: ['taken'], version: [2] })]);
    const merged = mergeFreshGrid(old, fresh);
    expect(merged.students.map((s) => s.first[0])).toEqual([90, 70]);
    expect(merged.students[1]).toBe(fresh.students[1]);
  });
});
