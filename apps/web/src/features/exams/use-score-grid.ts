import { type ScoreGrid, type ScoreLock } from '@academy/contracts/exams';
import { type QueryKey } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { Pos } from '../../components/sheet-grid/sheet-model.ts';
import { useSheetGrid } from '../../components/sheet-grid/use-sheet-grid.ts';
import { buildColumns, cellOf } from './score-grid-model.ts';
import { CELL_W, NAME_W, ROW_H, TOP } from './score-grid-row.tsx';
import { useScoreCommands } from './use-score-commands.ts';
import { useScoreLive } from './use-score-live.ts';
import { type ScoreUndo, useScoreWrites } from './use-score-writes.ts';
import { useCellLock } from './use-cell-lock.ts';

export type ScoreGridOptions = {
  lectureId: number;
  grid: ScoreGrid;
  queryKey: QueryKey;
  myUserId: number | null;
  selectedStudents: ReadonlySet<number>;
  onSelectedStudentsChange: (ids: Set<number>) => void;
  onActiveExamChange?: (examId: number | null) => void;
};

/**
 * The score sheet's state over the shared sheet grid: its columns (1차, and 재시험 when shown), the
 * other staff's live locks, typing a score (checked against the max, saved with the screen's
 * version, the cell's lock taken only when the editor stays open), and the commands of its keys.
 */
export function useScoreGrid(opts: ScoreGridOptions) {
  const { grid } = opts;
  const [withRetakes, setWithRetakes] = useState(() => grid.exams.some((e) => e.retakes.length > 0) || grid.students.some((s) => s.retake.some((v) => v !== null)));
  const columns = useMemo(() => buildColumns(grid.exams.length, withRetakes), [grid.exams.length, withRetakes]);
  const students = grid.students;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 10_000);
    return () => clearInterval(t);
  }, []);

  /** Other staff's live locks by student, then exam. */
  const lockMap = useMemo(() => {
    const map = new Map<number, Map<number, ScoreLock>>();
    for (const l of grid.locks) {
      if (l.holderId === opts.myUserId || new Date(l.expiresAt).getTime() <= now) continue;
      let m = map.get(l.userId);
      if (!m) map.set(l.userId, (m = new Map()));
      m.set(l.examId, l);
    }
    return map;
  }, [grid.locks, opts.myUserId, now]);
  const lockOf = (p: Pos) => {
    const s = students[p.row];
    const column = columns[p.col];
    return s && column ? lockMap.get(s.userId)?.get(grid.exams[column.exam]!.id) : undefined;
  };
  const refusal = (p: Pos): string | null => {
    const s = students[p.row];
    const column = columns[p.col];
    if (!s || !column) return '';
    if (s.status[column.exam] === null) return `${s.name} 학생은 이 시험 회차의 참여자가 아닙니다`;
    const lock = lockOf(p);
    return lock ? `${lock.holderName} 님이 입력 중인 칸입니다. 잠시 후 다시 시도해 주세요` : null;
  };

  const sheet = useSheetGrid<ScoreUndo>({
    rows: students.length,
    cols: columns.length,
    layout: { rowHeight: ROW_H, colWidth: CELL_W, firstColWidth: NAME_W, top: TOP },
    maxColWidth: 132,
    blocks: true,
    refusal,
    onKey: (e, sel) => commands.onKey(e, sel),
    onPaste: (start, matrix) => commands.paste(start, matrix),
    onCopy: (block) => commands.copy(block),
    onUndo: (step) => writes.undo(step),
    onCommit: (e) => commitValue(e),
    onCancel: () => void locks.close(),
  });
  const writes = useScoreWrites({ queryKey: opts.queryKey, grid, columns, pushUndo: sheet.pushUndo });
  const locks = useCellLock({
    onRefused: (err, cell) => {
      sheet.cancelEdit();
      void writes.reportWriteError(err, [cell]);
    },
  });
  const live = useScoreLive({ lectureId: opts.lectureId, myUserId: opts.myUserId, patch: writes.patch, refetch: writes.refetch, isMine: locks.isMine });
  const commands = useScoreCommands({ grid, columns, sheet, writes, locks, lockMap, selectedStudents: opts.selectedStudents, onSelectedStudentsChange: opts.onSelectedStudentsChange, startEdit: (p, text) => startEdit(p, text) });

  const { row, col } = sheet.sel.active;
  const activeExamId = grid.exams[columns[col]?.exam ?? -1]?.id ?? null;
  const onActiveExamChange = opts.onActiveExamChange;
  useEffect(() => onActiveExamChange?.(activeExamId), [activeExamId, onActiveExamChange]);

  /** Opens the editor on a cell (the lock follows if it stays open). */
  function startEdit(p: Pos, text: string) {
    if (!sheet.startEdit(p, text)) return;
    const exam = grid.exams[columns[p.col]!.exam]!;
    locks.open(exam.id, students[p.row]!.userId);
  }

  /** A typed value: refused (false, the editor stays) when it is not a score or passes the max; otherwise saved. */
  function commitValue(e: Pos & { text: string }): boolean {
    const column = columns[e.col]!;
    const exam = grid.exams[column.exam]!;
    const student = students[e.row]!;
    const text = e.text.trim().replace(/점$/, '');
    const value = text === '' ? null : Number(text);
    if (value !== null && (!/^\d+(\.\d+)?$/.test(text) || Number.isNaN(value))) {
      sheet.say('점수는 숫자로 입력해 주세요');
      return false;
    }
    if (value !== null && value > exam.maxScore) {
      sheet.say(`점수는 만점(${exam.maxScore}점)을 넘을 수 없습니다`);
      return false;
    }
    const previous = column.attempt === 'first' ? student.first[column.exam] : student.retake[column.exam];
    if (value === previous) {
      void locks.close();
      return true;
    }
    // A lock request still out is answered first, so the write (which releases the writer's lock) comes after it.
    void locks.settled().then(() => {
      const write = writes.writeValue(e.row, e.col, value);
      void locks.close(true);
      return write;
    });
    return true;
  }

  return {
    grid,
    columns,
    withRetakes,
    setWithRetakes,
    lockMap,
    sheet,
    writes,
    live,
    commands,
    active: { row, col },
    startEdit,
    cellOf: (r: number, c: number) => cellOf(grid, students[r]!, columns[c]!),
  };
}

export type ScoreGridState = ReturnType<typeof useScoreGrid>;
