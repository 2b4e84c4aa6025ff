import type { AttemptType, ClinicStatus, DeliveryType, GradeChange, GridRow, ScoreCell, ScoreGrid, ScoreLock, ScoreStatus } from '@academy/contracts/exams';
import type { BatchItem } from './api/batch-scores.ts';

/**
 * The score grid's data rules, free of React so they can be tested: its columns, reading and
 * writing one cell of the cached grid, what a paste from Excel becomes, and the class averages.
 */

/** A column of the grid: the 1차 or 재시험 score of one exam (index into `grid.exams`). */
export type GridColumn = { exam: number; attempt: AttemptType };

export function buildColumns(examCount: number, withRetakes: boolean): GridColumn[] {
  const cols: GridColumn[] = [];
  for (let i = 0; i < examCount; i++) {
    cols.push({ exam: i, attempt: 'first' });
    if (withRetakes) cols.push({ exam: i, attempt: 'retake' });
  }
  return cols;
}

export const cellKey = (examId: number, userId: number) => `${examId}:${userId}`;

/** What a cell shows and what a write needs, read from the row arrays. */
export type CellView = {
  examId: number;
  userId: number;
  value: number | null;
  first: number | null;
  status: ScoreStatus | null;
  clinic: ClinicStatus | null;
  delivery: DeliveryType | null;
  memo: string | null;
  grade: number | null;
  hasAnswers: boolean;
  version: number;
  /** False when the student does not take part in that exam's session. */
  participant: boolean;
};

export function cellOf(grid: ScoreGrid, row: GridRow, col: GridColumn): CellView {
  const i = col.exam;
  const exam = grid.exams[i]!;
  return {
    examId: exam.id,
    userId: row.userId,
    value: col.attempt === 'first' ? row.first[i]! : row.retake[i]!,
    first: row.first[i]!,
    status: row.status[i]!,
    clinic: row.clinic[i]!,
    delivery: row.delivery[i]!,
    memo: row.memo[i]!,
    grade: row.grade[i]!,
    hasAnswers: row.hasAnswers[i]!,
    version: row.version[i]!,
    participant: row.status[i] !== null,
  };
}

const replaceAt = <T,>(list: readonly T[], i: number, v: T): T[] => {
  const copy = list.slice();
  copy[i] = v;
  return copy;
};

/**
 * The grid with these cells written in (server answers or realtime events). A cell older than the
 * one shown (a replayed event) is ignored. Rows not touched keep their identity, so only the rows
 * that changed repaint.
 */
export function applyCells(grid: ScoreGrid, cells: readonly ScoreCell[]): ScoreGrid {
  if (cells.length === 0) return grid;
  const examIndex = new Map(grid.exams.map((e, i) => [e.id, i]));
  const rowIndex = new Map(grid.students.map((s, i) => [s.userId, i]));
  let students: GridRow[] | null = null;
  for (const c of cells) {
    const i = examIndex.get(c.examId);
    const r = rowIndex.get(c.userId);
    if (i === undefined || r === undefined) continue;
    const list: GridRow[] = students ?? grid.students.slice();
    const row = list[r]!;
    if (row.version[i]! > c.version) continue;
    list[r] = {
      ...row,
      first: replaceAt(row.first, i, c.first),
      retake: replaceAt(row.retake, i, c.retake),
      status: replaceAt(row.status, i, c.status),
      clinic: replaceAt(row.clinic, i, c.clinic),
      delivery: replaceAt(row.delivery, i, c.delivery),
      grade: replaceAt(row.grade, i, c.grade),
      memo: replaceAt(row.memo, i, c.memo || null),
      hasAnswers: replaceAt(row.hasAnswers, i, c.marks !== null),
      version: replaceAt(row.version, i, c.version),
    };
    students = list;
  }
  return students ? { ...grid, students } : grid;
}

/** Grades recomputed on the server for cells nobody wrote (ranks moved). */
export function applyGrades(grid: ScoreGrid, grades: readonly GradeChange[]): ScoreGrid {
  if (grades.length === 0) return grid;
  const examIndex = new Map(grid.exams.map((e, i) => [e.id, i]));
  const rowIndex = new Map(grid.students.map((s, i) => [s.userId, i]));
  const students = grid.students.slice();
  let changed = false;
  for (const g of grades) {
    const i = examIndex.get(g.examId);
    const r = rowIndex.get(g.userId);
    if (i === undefined || r === undefined) continue;
    students[r] = { ...students[r]!, grade: replaceAt(students[r]!.grade, i, g.grade), version: replaceAt(students[r]!.version, i, g.version) };
    changed = true;
  }
  return changed ? { ...grid, students } : grid;
}

/** A value typed or pasted before the server answers: shown at once, replaced by the answer. */
export function applyOptimistic(grid: ScoreGrid, writes: readonly { examId: number; userId: number; attempt?: AttemptType; value?: number | null; status?: ScoreStatus }[]): ScoreGrid {
  const examIndex = new Map(grid.exams.map((e, i) => [e.id, i]));
  const rowIndex = new Map(grid.students.map((s, i) => [s.userId, i]));
  const students = grid.students.slice();
  for (const w of writes) {
    const i = examIndex.get(w.examId);
    const r = rowIndex.get(w.userId);
    if (i === undefined || r === undefined) continue;
    let row = students[r]!;
    if (w.value !== undefined) {
      row = w.attempt === 'retake' ? { ...row, retake: replaceAt(row.retake, i, w.value) } : { ...row, first: replaceAt(row.first, i, w.value) };
      if (w.attempt !== 'retake' && w.value !== null && w.status === undefined) row = { ...row, status: replaceAt(row.status, i, 'taken') };
    }
    if (w.status !== undefined) row = { ...row, status: replaceAt(row.status, i, w.status) };
    students[r] = row;
  }
  return { ...grid, students };
}

export function applyLock(grid: ScoreGrid, lock: ScoreLock): ScoreGrid {
  return { ...grid, locks: [...grid.locks.filter((l) => l.examId !== lock.examId || l.userId !== lock.userId), lock] };
}

export function removeLock(grid: ScoreGrid, cell: { examId: number; userId: number }): ScoreGrid {
  if (!grid.locks.some((l) => l.examId === cell.examId && l.userId === cell.userId)) return grid;
  return { ...grid, locks: grid.locks.filter((l) => l.examId !== cell.examId || l.userId !== cell.userId) };
}

export function applyStudentMemo(grid: ScoreGrid, m: { weeklyLectureId: number; userId: number; memo: string }): ScoreGrid {
  if (!grid.weeklyLectures.some((w) => w.id === m.weeklyLectureId) || grid.weeklyLectures.length !== 1) return grid;
  return { ...grid, students: grid.students.map((s) => (s.userId === m.userId ? { ...s, studentMemo: m.memo || null } : s)) };
}

// ─── paste ──────────────────────────────────────────────────────────────────────────────────────

const STATUS_WORDS: Record<string, ScoreStatus> = { 결시: 'absent', 면제: 'exempt', 미응시: 'not_taken', 응시: 'taken' };

/** One pasted cell: a score ("85", "85.5", "85점"), a status word (결시, 면제, 미응시), or blank (left as it is). */
export function readPastedValue(raw: string): { kind: 'skip' } | { kind: 'score'; value: number } | { kind: 'status'; status: ScoreStatus } | { kind: 'invalid' } {
  const t = raw.trim().replace(/점$/, '').trim();
  if (t === '' || t === '-') return { kind: 'skip' };
  if (STATUS_WORDS[t]) return { kind: 'status', status: STATUS_WORDS[t] };
  if (/^\d+(\.\d+)?$/.test(t)) return { kind: 'score', value: Number(t) };
  return { kind: 'invalid' };
}

export type PastePlan = {
  items: BatchItem[];
  /** What the cells held before, to undo the paste. */
  before: UndoItem[];
  /** Cells left out: students not in that exam's session. */
  skipped: number;
  /** The first thing that cannot be pasted, in Korean; nothing is sent when set. */
  error: string | null;
};

export type UndoItem = { examId: number; userId: number; attempt: AttemptType; value: number | null; status: ScoreStatus; version: number };

/**
 * What pasting `matrix` at (row, col) writes: one batch item per cell, in the grid's order. Cells
 * past the last row or column are refused (a paste longer than the class is a wrong column), as are
 * scores over the exam's max and text that is neither a score nor a status.
 */
export function planPaste(opts: { grid: ScoreGrid; columns: readonly GridColumn[]; row: number; col: number; matrix: string[][] }): PastePlan {
  const { grid, columns, matrix } = opts;
  const items: BatchItem[] = [];
  const before: UndoItem[] = [];
  let skipped = 0;
  const fail = (error: string): PastePlan => ({ items: [], before: [], skipped: 0, error });
  const height = matrix.length;
  const width = Math.max(0, ...matrix.map((r) => r.length));
  if (height === 0 || width === 0) return fail('붙여넣을 내용이 없습니다');
  if (opts.row + height > grid.students.length) return fail(`붙여넣을 행이 ${height}개인데 아래로 학생이 ${grid.students.length - opts.row}명뿐입니다. 시작 칸을 확인해 주세요`);
  if (opts.col + width > columns.length) return fail(`붙여넣을 열이 ${width}개인데 오른쪽으로 점수 열이 ${columns.length - opts.col}개뿐입니다`);
  for (let r = 0; r < height; r++) {
    const student = grid.students[opts.row + r]!;
    for (let c = 0; c < width; c++) {
      const raw = matrix[r]![c] ?? '';
      const column = columns[opts.col + c]!;
      const exam = grid.exams[column.exam]!;
      const read = readPastedValue(raw);
      if (read.kind === 'skip') continue;
      const cell = cellOf(grid, student, column);
      if (!cell.participant) {
        skipped++;
        continue;
      }
      if (read.kind === 'invalid') return fail(`${r + 1}행 ${c + 1}열의 "${raw.trim().slice(0, 20)}"은(는) 점수가 아닙니다. 숫자나 결시·면제·미응시만 붙여넣을 수 있습니다`);
      if (read.kind === 'status' && column.attempt === 'retake') return fail(`재시험 열에는 점수만 붙여넣을 수 있습니다 (${r + 1}행 ${c + 1}열)`);
      if (read.kind === 'score' && read.value > exam.maxScore) return fail(`${student.name} 학생의 ${exam.title} 점수 ${read.value}점이 만점(${exam.maxScore}점)을 넘습니다`);
      items.push({
        examId: exam.id,
        userId: student.userId,
        ...(read.kind === 'score' ? { scoreValue: read.value, attemptType: column.attempt } : { status: read.status }),
        version: cell.version,
      });
      before.push({ examId: exam.id, userId: student.userId, attempt: column.attempt, value: cell.value, status: cell.status!, version: cell.version });
    }
  }
  if (items.length === 0) return { items, before, skipped, error: skipped ? '붙여넣을 수 있는 칸이 없습니다 (회차 참여자가 아닌 학생)' : '붙여넣을 점수가 없습니다' };
  return { items, before, skipped, error: null };
}

/** The batch that puts cells back as they were before a write (the grid's Ctrl+Z). */
export function undoItems(before: readonly UndoItem[], currentVersion: (examId: number, userId: number) => number | undefined): BatchItem[] {
  return before.map((b) => {
    const version = currentVersion(b.examId, b.userId);
    const base = { examId: b.examId, userId: b.userId, ...(version === undefined ? {} : { version }) };
    return b.attempt === 'retake' ? { ...base, scoreValue: b.value, attemptType: 'retake' as const } : { ...base, scoreValue: b.value, attemptType: 'first' as const, status: b.status };
  });
}

// ─── figures ────────────────────────────────────────────────────────────────────────────────────

/** The class average of a column: the takers' 1차 scores, or the retake scores entered. */
export function columnAverage(grid: ScoreGrid, col: GridColumn): { average: number | null; count: number; below: number } {
  const i = col.exam;
  const cutline = grid.exams[i]!.cutline;
  let sum = 0;
  let count = 0;
  let below = 0;
  for (const s of grid.students) {
    const v = col.attempt === 'first' ? (s.status[i] === 'taken' ? s.first[i] : null) : s.retake[i];
    if (v === null || v === undefined) continue;
    sum += v;
    count++;
    if (col.attempt === 'first' && cutline !== null && v < cutline) below++;
  }
  return { average: count ? Math.round((sum / count) * 10) / 10 : null, count, below };
}

/**
 * A refetched grid merged with the cached one: a cell the screen already has in a newer version
 * (a write or a live event that landed while the request was out) is kept, so a refetch never
 * rolls a cell back. Used as the query's structural sharing.
 */
export function mergeFreshGrid(old: ScoreGrid | undefined, fresh: ScoreGrid): ScoreGrid {
  if (!old || old.exams.length !== fresh.exams.length || old.exams.some((e, i) => e.id !== fresh.exams[i]!.id)) return fresh;
  const before = new Map(old.students.map((s) => [s.userId, s]));
  let changed = false;
  const students = fresh.students.map((s) => {
    const o = before.get(s.userId);
    if (!o) return s;
    let row = s;
    for (let i = 0; i < s.version.length; i++) {
      if (o.version[i]! <= s.version[i]!) continue;
      changed = true;
      row = {
        ...row,
        first: replaceAt(row.first, i, o.first[i]!),
        retake: replaceAt(row.retake, i, o.retake[i]!),
        status: replaceAt(row.status, i, o.status[i]!),
        clinic: replaceAt(row.clinic, i, o.clinic[i]!),
        delivery: replaceAt(row.delivery, i, o.delivery[i]!),
        grade: replaceAt(row.grade, i, o.grade[i]!),
        memo: replaceAt(row.memo, i, o.memo[i]!),
        hasAnswers: replaceAt(row.hasAnswers, i, o.hasAnswers[i]!),
        version: replaceAt(row.version, i, o.version[i]!),
      };
    }
    return row;
  });
  return changed ? { ...fresh, students } : fresh;
}
