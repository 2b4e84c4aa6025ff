import { EXAM_ERRORS, type ScoreCell, type ScoreGrid, type ScoreLock } from '@academy/contracts/exams';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { UndoStep } from '../../components/sheet-grid/sheet-model.ts';
import { errorMessage, isApiError } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';
import { batchScores, type BatchItem } from './api/batch-scores.ts';
import { fetchScoreCell } from './api/score-cell.ts';
import { setScoreValue } from './api/set-score-value.ts';
import { applyCells, applyLock, applyOptimistic, type GridColumn, cellOf, type UndoItem, undoItems } from './score-grid-model.ts';

export type ScoreUndo = UndoItem[];

/**
 * The score grid's writes on the cached query: a typed value or a batch is shown at once, sent with
 * the version the screen showed, replaced by the server's answer, and put back (with the reason in
 * a toast) when the server refuses it. Each write that lands pushes its undo step.
 */
export function useScoreWrites(opts: { queryKey: QueryKey; grid: ScoreGrid; columns: readonly GridColumn[]; pushUndo: (label: string, before: ScoreUndo) => void }) {
  const { queryKey } = opts;
  const client = useQueryClient();
  const [saving, setSaving] = useState(0);

  const patch = useCallback((f: (g: ScoreGrid) => ScoreGrid) => client.setQueryData<ScoreGrid>(queryKey, (g) => (g ? f(g) : g)), [client, queryKey]);
  const current = () => client.getQueryData<ScoreGrid>(queryKey) ?? opts.grid;
  const applyServerCells = (cells: ScoreCell[]) => patch((g) => applyCells(g, cells));
  const refetch = useCallback(() => void client.invalidateQueries({ queryKey }), [client, queryKey]);

  const track = async <T>(p: Promise<T>): Promise<T> => {
    setSaving((n) => n + 1);
    try {
      return await p;
    } finally {
      setSaving((n) => n - 1);
    }
  };

  const reportWriteError = async (err: unknown, cells: readonly { examId: number; userId: number }[]) => {
    if (isApiError(err, EXAM_ERRORS.cell_locked)) {
      const lock = (err.details as { details?: ScoreLock } | null)?.details;
      if (lock) patch((g) => applyLock(g, lock));
    }
    toast.error(errorMessage(err));
    // Put back what the server has (the typed value was shown before it answered).
    if (cells.length !== 1) return refetch();
    try {
      applyServerCells([await fetchScoreCell(cells[0]!.examId, cells[0]!.userId)]);
    } catch {
      refetch();
    }
  };

  /** One typed score: shown at once, saved with the version the screen showed. */
  const writeValue = (r: number, c: number, value: number | null): Promise<unknown> => {
    const g = current();
    const student = g.students[r]!;
    const column = opts.columns[c]!;
    const cell = cellOf(g, student, column);
    const before: UndoItem = { examId: cell.examId, userId: cell.userId, attempt: column.attempt, value: cell.value, status: cell.status!, version: cell.version };
    patch((x) => applyOptimistic(x, [{ examId: cell.examId, userId: cell.userId, attempt: column.attempt, value }]));
    return track(
      setScoreValue({ examId: cell.examId, userId: cell.userId, value, attempt: column.attempt, version: cell.version }).then(
        (saved) => {
          applyServerCells([saved]);
          opts.pushUndo(`${student.name} ${value === null ? '지우기' : `${value}점`}`, [before]);
        },
        (err: unknown) => reportWriteError(err, [cell]),
      ),
    );
  };

  /** Many cells in one all-or-nothing call (paste, clear, status, undo). */
  const writeBatch = async (label: string, items: BatchItem[], before: UndoItem[] | null, done?: string) => {
    if (items.length === 0) return;
    patch((x) => applyOptimistic(x, items.map((i) => ({ examId: i.examId, userId: i.userId, attempt: i.attemptType, value: i.scoreValue, status: i.status }))));
    try {
      const res = await track(batchScores(items));
      applyServerCells(res.cells);
      if (before) opts.pushUndo(label, before);
      if (done) toast.success(done);
    } catch (err) {
      await reportWriteError(err, items.length === 1 ? items : []);
    }
  };

  /** Puts one undo step back, written with the versions the cells have now. */
  const undo = async (step: UndoStep<ScoreUndo>) => {
    const g = current();
    const examIndex = new Map(g.exams.map((e, i) => [e.id, i]));
    const rowIndex = new Map(g.students.map((s, i) => [s.userId, i]));
    const items = undoItems(step.before, (examId, userId) => g.students[rowIndex.get(userId)!]?.version[examIndex.get(examId)!]);
    await writeBatch(step.label, items, null, `되돌렸습니다 (${step.label})`);
  };

  return { saving, patch, current, applyServerCells, refetch, track, reportWriteError, writeValue, writeBatch, undo };
}

export type ScoreWrites = ReturnType<typeof useScoreWrites>;
