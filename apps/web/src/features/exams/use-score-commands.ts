import { CLINIC_STATUSES, CLINIC_STATUS_LABEL, type ClinicStatus, DELIVERY_TYPES, DELIVERY_TYPE_LABEL, type DeliveryType, type ScoreGrid, type ScoreLock, type ScoreStatus, SCORE_STATUS_LABEL } from '@academy/contracts/exams';
import { type KeyboardEvent, useRef, useState } from 'react';
import { type Block, cellsOf, type Pos, type Selection } from '../../components/sheet-grid/sheet-model.ts';
import type { SheetController } from '../../components/sheet-grid/use-sheet-grid.ts';
import { toast } from '../../lib/toast.ts';
import type { BatchItem } from './api/batch-scores.ts';
import { setClinicStatus } from './api/set-clinic.ts';
import { setDeliveryType } from './api/set-delivery.ts';
import { type MenuTarget, STATUS_KEYS } from './score-grid-menus.tsx';
import { cellKey, cellOf, type GridColumn, planPaste, type UndoItem } from './score-grid-model.ts';
import type { useCellLock } from './use-cell-lock.ts';
import type { ScoreUndo, ScoreWrites } from './use-score-writes.ts';

export type ScoreDialog = { kind: 'memo' | 'answers'; row: number; col: number } | null;

/**
 * What the score sheet's keys, menu and paste do: clear, set a status, cycle the clinic or the
 * delivery, open the memo and answers dialogs, select students, paste a block from Excel as one
 * all-or-nothing batch, and copy.
 */
export function useScoreCommands(o: {
  grid: ScoreGrid;
  columns: readonly GridColumn[];
  sheet: SheetController<ScoreUndo>;
  writes: ScoreWrites;
  locks: ReturnType<typeof useCellLock>;
  lockMap: Map<number, Map<number, ScoreLock>>;
  selectedStudents: ReadonlySet<number>;
  onSelectedStudentsChange: (ids: Set<number>) => void;
  startEdit: (p: Pos, text: string) => void;
}) {
  const { grid, columns, sheet, writes } = o;
  const students = grid.students;
  const [menu, setMenu] = useState<(MenuTarget & Pos) | null>(null);
  const [dialog, setDialog] = useState<ScoreDialog>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const lastToggled = useRef<number | null>(null);
  const editable = (p: Pos) => sheet.guard(p);
  const quietlyEditable = (p: Pos) => {
    const s = students[p.row];
    const column = columns[p.col];
    return !!s && !!column && s.status[column.exam] !== null && !o.lockMap.get(s.userId)?.get(grid.exams[column.exam]!.id);
  };
  const targets = () => cellsOf(sheet.targetBlock()).filter(quietlyEditable);

  const clearCells = () => {
    const g = writes.current();
    const items: BatchItem[] = [];
    const before: UndoItem[] = [];
    for (const p of targets()) {
      const column = columns[p.col]!;
      const cell = cellOf(g, g.students[p.row]!, column);
      if (cell.value === null) continue;
      items.push({ examId: cell.examId, userId: cell.userId, scoreValue: null, attemptType: column.attempt, version: cell.version });
      before.push({ examId: cell.examId, userId: cell.userId, attempt: column.attempt, value: cell.value, status: cell.status!, version: cell.version });
    }
    void writes.writeBatch(`${items.length}칸 지우기`, items, before, items.length > 1 ? `${items.length}칸을 지웠습니다` : undefined);
  };

  /** The 1차 cells of the targets, once per exam and student. */
  const firstCells = () => {
    const g = writes.current();
    const seen = new Set<string>();
    return targets().flatMap((p) => {
      const cell = cellOf(g, g.students[p.row]!, { exam: columns[p.col]!.exam, attempt: 'first' });
      const key = cellKey(cell.examId, cell.userId);
      if (seen.has(key)) return [];
      seen.add(key);
      return [{ cell, name: g.students[p.row]!.name }];
    });
  };

  const setStatus = (status: ScoreStatus) => {
    const cells = firstCells().filter((c) => c.cell.status !== status);
    const items: BatchItem[] = cells.map(({ cell }) => ({ examId: cell.examId, userId: cell.userId, status, version: cell.version }));
    const before: UndoItem[] = cells.map(({ cell }) => ({ examId: cell.examId, userId: cell.userId, attempt: 'first', value: cell.first, status: cell.status!, version: cell.version }));
    void writes.writeBatch(`${SCORE_STATUS_LABEL[status]} ${items.length}칸`, items, before, `${items.length}칸을 ${SCORE_STATUS_LABEL[status]}(으)로 바꿨습니다`);
  };

  const setCellField = (kind: 'clinic' | 'delivery', value?: ClinicStatus | DeliveryType) => {
    const cells = firstCells();
    for (const { cell, name } of cells) {
      const next = value ?? (kind === 'clinic' ? CLINIC_STATUSES[(CLINIC_STATUSES.indexOf(cell.clinic ?? 'none') + 1) % CLINIC_STATUSES.length]! : DELIVERY_TYPES[(DELIVERY_TYPES.indexOf(cell.delivery ?? 'none') + 1) % DELIVERY_TYPES.length]!);
      const call = kind === 'clinic' ? setClinicStatus(cell.examId, cell.userId, next as ClinicStatus) : setDeliveryType(cell.examId, cell.userId, next as DeliveryType);
      void writes.track(call).then(
        (saved) => {
          writes.applyServerCells([saved]);
          if (cells.length === 1) toast.success(`${name}: ${kind === 'clinic' ? `클리닉 ${CLINIC_STATUS_LABEL[next as ClinicStatus]}` : `전달 ${DELIVERY_TYPE_LABEL[next as DeliveryType]}`}`);
        },
        (err: unknown) => writes.reportWriteError(err, [cell]),
      );
    }
  };

  const openDialog = (kind: 'memo' | 'answers', p: Pos): void => {
    if (!editable(p)) return;
    const column = columns[p.col]!;
    const exam = grid.exams[column.exam]!;
    if (kind === 'memo' && column.attempt === 'retake') return openDialog('memo', { row: p.row, col: p.col - 1 });
    if (kind === 'answers' && exam.questionCount === 0) {
      sheet.say(`${exam.title}에는 정답이 없어 문항별로 입력할 수 없습니다. 점수를 직접 입력해 주세요`);
      return;
    }
    o.locks.open(exam.id, students[p.row]!.userId, { now: true });
    setDialog({ kind, ...p });
  };
  const closeDialog = (written?: boolean) => {
    setDialog(null);
    void o.locks.close(written);
    sheet.focus();
  };

  const openMenu = (p: Pos, x: number, y: number) => {
    const s = students[p.row];
    const column = columns[p.col];
    if (!s || !column || !editable(p)) return;
    const exam = grid.exams[column.exam]!;
    const i = column.exam;
    setMenu({ ...p, x, y, status: s.status[i]!, clinic: s.clinic[i]!, delivery: s.delivery[i]!, hasMemo: !!s.memo[i], canAnswers: exam.questionCount > 0, hasAnswers: s.hasAnswers[i]!, retake: column.attempt === 'retake' });
  };
  const openMenuAtCell = (p: Pos) => {
    const el = sheet.scroller.current?.querySelector<HTMLElement>(`[data-user-id="${students[p.row]?.userId}"] [data-col="${p.col}"]`);
    const rect = el?.getBoundingClientRect();
    openMenu(p, rect ? rect.left + rect.width / 2 : 200, rect ? rect.bottom : 200);
  };

  const toggleStudent = (r: number, shift: boolean) => {
    const next = new Set(o.selectedStudents);
    const id = students[r]!.userId;
    if (shift && lastToggled.current !== null) {
      const [a, b] = [Math.min(lastToggled.current, r), Math.max(lastToggled.current, r)];
      for (let i = a; i <= b; i++) next.add(students[i]!.userId);
    } else if (next.has(id)) next.delete(id);
    else next.add(id);
    lastToggled.current = r;
    o.onSelectedStudentsChange(next);
  };

  /** A block from Excel at `start`: checked whole before anything is sent, then one batch. */
  const paste = (start: Pos, matrix: string[][]): Block | null => {
    const plan = planPaste({ grid: writes.current(), columns, row: start.row, col: start.col, matrix });
    if (plan.error) {
      toast.error(plan.error);
      return null;
    }
    const locked = plan.items.map((i) => o.lockMap.get(i.userId)?.get(i.examId)).find(Boolean);
    if (locked) {
      toast.error(`${locked.holderName} 님이 입력 중인 칸이 있어 붙여넣지 않았습니다. 잠시 후 다시 시도해 주세요`);
      return null;
    }
    void writes.writeBatch(`붙여넣기 ${plan.items.length}칸`, plan.items, plan.before, `${plan.items.length}칸을 붙여넣었습니다${plan.skipped ? ` (참여자가 아닌 ${plan.skipped}칸 제외)` : ''}`);
    return sheet.pasteBlock(start, matrix);
  };

  const copy = (b: Block) => {
    const g = writes.current();
    const lines: string[] = [];
    for (let r = b.r0; r <= b.r1; r++) {
      const cells: string[] = [];
      for (let c = b.c0; c <= b.c1; c++) {
        const cell = cellOf(g, g.students[r]!, columns[c]!);
        cells.push(cell.value !== null ? String(cell.value) : cell.status === 'absent' || cell.status === 'exempt' ? SCORE_STATUS_LABEL[cell.status] : '');
      }
      lines.push(cells.join('\t'));
    }
    void navigator.clipboard?.writeText(lines.join('\n')).then(
      () => toast.success(`${(b.r1 - b.r0 + 1) * (b.c1 - b.c0 + 1)}칸을 복사했습니다`),
      () => toast.error('클립보드에 복사하지 못했습니다'),
    );
  };

  /** The score sheet's own keys, before the sheet's navigation; true when handled. */
  const onKey = (e: KeyboardEvent<HTMLElement>, sel: Selection): boolean => {
    if (dialog || e.ctrlKey || e.metaKey) return false;
    const p = sel.active;
    const act = (f: () => void) => {
      e.preventDefault();
      f();
      return true;
    };
    if (e.key === 'Enter' || e.key === 'F2') {
      const cell = cellOf(grid, students[p.row]!, columns[p.col]!);
      return act(() => o.startEdit(p, cell.value === null ? '' : String(cell.value)));
    }
    if (e.key === 'Delete' || e.key === 'Backspace') return act(clearCells);
    if (e.key === ' ') return act(() => toggleStudent(p.row, false));
    if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) return act(() => openMenuAtCell(p));
    if (e.key === '?') return act(() => setShortcutsOpen(true));
    if (e.altKey) return false;
    if (/^[0-9.]$/.test(e.key)) return act(() => o.startEdit(p, e.key));
    const status = STATUS_KEYS[e.code];
    if (status) return act(() => columns[p.col]!.attempt === 'first' && setStatus(status));
    if (e.code === 'KeyC' || e.code === 'KeyD') return act(() => setCellField(e.code === 'KeyC' ? 'clinic' : 'delivery'));
    if (e.code === 'KeyM' || e.code === 'KeyQ') return act(() => openDialog(e.code === 'KeyM' ? 'memo' : 'answers', p));
    return false;
  };

  return { onKey, paste, copy, clearCells, setStatus, setCellField, openDialog, closeDialog, dialog, menu, setMenu, openMenu, toggleStudent, shortcutsOpen, setShortcutsOpen };
}

export type ScoreCommands = ReturnType<typeof useScoreCommands>;
