import {
  type ClinicStatus,
  CLINIC_STATUSES,
  type DeliveryType,
  DELIVERY_TYPES,
  DELIVERY_TYPE_LABEL,
  CLINIC_STATUS_LABEL,
  EXAM_ERRORS,
  type ScoreCell,
  type ScoreGrid as Grid,
  type ScoreGridEvent,
  type ScoreLock,
  type ScoreStatus,
  SCORE_STATUS_LABEL,
} from '@academy/contracts/exams';
import { topicOf } from '@academy/contracts/realtime';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import { Box, Button, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type ClipboardEvent, type KeyboardEvent, type MouseEvent, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../lib/http.ts';
import { type RealtimeMessage, type ReadyInfo, useRealtime } from '../../lib/realtime.ts';
import { toast } from '../../lib/toast.ts';
import { batchScores, type BatchItem } from './api/batch-scores.ts';
import { fetchScoreCell } from './api/score-cell.ts';
import { setClinicStatus } from './api/set-clinic.ts';
import { setDeliveryType } from './api/set-delivery.ts';
import { setScoreValue } from './api/set-score-value.ts';
import { AnswersDialog, ScoreMemoDialog } from './score-cell-dialogs.tsx';
import { CellMenu, type MenuTarget, ShortcutsButton, STATUS_KEYS } from './score-grid-menus.tsx';
import {
  applyCells,
  applyGrades,
  applyLock,
  applyOptimistic,
  applyStudentMemo,
  buildColumns,
  cellKey,
  cellOf,
  columnAverage,
  parseClipboard,
  planPaste,
  removeLock,
  type UndoItem,
  undoItems,
} from './score-grid-model.ts';
import { type Block, CELL_W, gridCss, NAME_W, ROW_H, type RowHandlers, ScoreRow, TOP } from './score-grid-row.tsx';
import { useCellLock } from './use-cell-lock.ts';

/** Read by screen readers, not shown: the column an average belongs to. */
const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

const OVERSCAN = 8;
const UNDO_DEPTH = 30;

type Pos = { row: number; col: number };
type Editing = Pos & { text: string };
type Dialog = { kind: 'memo' | 'answers'; row: number; col: number } | null;

export type ScoreGridProps = {
  lectureId: number;
  grid: Grid;
  /** The cached query the grid reads; writes and live events patch it in place. */
  queryKey: QueryKey;
  myUserId: number | null;
  selectedStudents: ReadonlySet<number>;
  onSelectedStudentsChange: (ids: Set<number>) => void;
  /** The exam of the active column (statistics, links …). */
  onActiveExamChange?: (examId: number | null) => void;
  onOpenExam?: (examId: number) => void;
  toolbar?: ReactNode;
};

/**
 * The score sheet: students × the session's exams (1차, and 재시험 when shown), entered like a
 * spreadsheet by keyboard. A typed score locks the cell for the others while it is being typed and is
 * saved with the version the screen showed; a paste from Excel is one all-or-nothing call; Ctrl+Z
 * puts back the last write. Other staff's locks and scores arrive live and patch the cached grid.
 * Rows are virtualised, so 300 students × 12 exams paint at once.
 */
export function ScoreGrid(props: ScoreGridProps) {
  const { grid, lectureId, queryKey, myUserId } = props;
  const client = useQueryClient();
  const [withRetakes, setWithRetakes] = useState(() => grid.exams.some((e) => e.retakes.length > 0) || grid.students.some((s) => s.retake.some((v) => v !== null)));
  const columns = useMemo(() => buildColumns(grid.exams.length, withRetakes), [grid.exams.length, withRetakes]);
  const students = grid.students;
  const [active, setActive] = useState<Pos>({ row: 0, col: 0 });
  const [block, setBlock] = useState<Block | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const editingRef = useRef<Editing | null>(null);
  const [menu, setMenu] = useState<(MenuTarget & Pos) | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [saving, setSaving] = useState(0);
  const [undoCount, setUndoCount] = useState(0);
  const undoStack = useRef<{ label: string; before: UndoItem[] }[]>([]);
  /** Cells whose version moved on the server without telling it (a grade recomputed): write them without a version. */
  const [now, setNow] = useState(() => Date.now());
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 600 });
  const locks = useCellLock();
  const navigate = useNavigate();
  // Columns share the width when there are few of them (long exam titles stay readable), else scroll.
  const [width, setWidth] = useState(1200);
  const cw = Math.max(CELL_W, Math.min(132, Math.floor((width - NAME_W - 2) / Math.max(1, columns.length))));

  const row = Math.min(active.row, Math.max(0, students.length - 1));
  const col = Math.min(active.col, Math.max(0, columns.length - 1));

  const hasExams = grid.exams.length > 0;
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    setView({ top: el.scrollTop, height: el.clientHeight });
    setWidth(el.clientWidth);
    const ro = new ResizeObserver(() => {
      setWidth(el.clientWidth);
      setView({ top: el.scrollTop, height: el.clientHeight });
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [hasExams]);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 10_000);
    return () => clearInterval(t);
  }, []);
  const onActiveExamChange = props.onActiveExamChange;
  const activeExamId = grid.exams[columns[col]?.exam ?? -1]?.id ?? null;
  useEffect(() => onActiveExamChange?.(activeExamId), [activeExamId, onActiveExamChange]);

  // ─── the cached grid ───────────────────────────────────────────────────────────────────────────
  const patch = useCallback((f: (g: Grid) => Grid) => client.setQueryData<Grid>(queryKey, (g) => (g ? f(g) : g)), [client, queryKey]);
  const current = () => client.getQueryData<Grid>(queryKey) ?? grid;
  const applyServerCells = useCallback(
    (cells: ScoreCell[]) => patch((g) => applyCells(g, cells)),
    [patch],
  );
  const refetch = useCallback(() => void client.invalidateQueries({ queryKey }), [client, queryKey]);

  // ─── live: other staff's scores and locks ──────────────────────────────────────────────────────
  const onLive = (m: RealtimeMessage, ready?: ReadyInfo) => {
    if (m.type === 'ready') {
      // The first connection (or one that could not resume) may have missed events: read the grid once more.
      if (ready && !ready.resumed) refetch();
      return;
    }
    const e = m as unknown as ScoreGridEvent;
    switch (e.type) {
      case 'score':
        applyServerCells([e.data]);
        return;
      case 'scores':
        applyServerCells(e.data.cells);
        patch((g) => applyGrades(g, e.data.grades));
        return;
      case 'lock': {
        const l = e.data;
        if (l.holderId === myUserId || (myUserId === null && locks.isMine(l.examId, l.userId))) return;
        patch((g) => applyLock(g, l));
        return;
      }
      case 'unlock':
        patch((g) => removeLock(g, e.data));
        return;
      case 'studentMemo':
        patch((g) => applyStudentMemo(g, e.data));
        return;
      case 'exams':
        void client.invalidateQueries({ queryKey: ['exams'] });
        void client.invalidateQueries({ queryKey: ['wl-exam'] });
        return;
      case 'refresh':
        refetch();
        return;
      default:
    }
  };
  const live = useRealtime([topicOf('lecture', lectureId)], onLive);

  /** Other staff's live locks by student, then exam. */
  const lockMap = useMemo(() => {
    const map = new Map<number, Map<number, ScoreLock>>();
    for (const l of grid.locks) {
      if (l.holderId === myUserId || new Date(l.expiresAt).getTime() <= now) continue;
      let m = map.get(l.userId);
      if (!m) map.set(l.userId, (m = new Map()));
      m.set(l.examId, l);
    }
    return map;
  }, [grid.locks, myUserId, now]);
  const lockOf = (r: number, c: number) => {
    const s = students[r];
    const column = columns[c];
    if (!s || !column) return undefined;
    return lockMap.get(s.userId)?.get(grid.exams[column.exam]!.id);
  };

  // ─── moving ───────────────────────────────────────────────────────────────────────────────────
  const scrollIntoView = (r: number, c: number) => {
    const el = scroller.current;
    if (!el) return;
    const top = TOP + r * ROW_H;
    if (top < el.scrollTop + TOP) el.scrollTop = top - TOP;
    else if (top + ROW_H > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_H - el.clientHeight;
    const left = NAME_W + c * cw;
    if (left < el.scrollLeft + NAME_W) el.scrollLeft = left - NAME_W;
    else if (left + cw > el.scrollLeft + el.clientWidth) el.scrollLeft = left + cw - el.clientWidth;
  };
  const clampPos = (r: number, c: number): Pos => ({ row: Math.min(Math.max(r, 0), students.length - 1), col: Math.min(Math.max(c, 0), columns.length - 1) });
  const anchor = useRef<Pos | null>(null);
  const moveTo = (r: number, c: number, extend = false) => {
    const p = clampPos(r, c);
    if (extend) {
      const a = block && anchor.current ? anchor.current : { row, col };
      anchor.current = a;
      setBlock({ r0: Math.min(a.row, p.row), r1: Math.max(a.row, p.row), c0: Math.min(a.col, p.col), c1: Math.max(a.col, p.col) });
    } else {
      anchor.current = null;
      setBlock(null);
    }
    setActive(p);
    scrollIntoView(p.row, p.col);
  };
  const focusGrid = () => scroller.current?.focus({ preventScroll: true });

  /** The cells a command applies to: the block, or the active cell. */
  const targetCells = (): Pos[] => {
    const b = block ?? { r0: row, r1: row, c0: col, c1: col };
    const out: Pos[] = [];
    for (let r = b.r0; r <= b.r1; r++) for (let c = b.c0; c <= b.c1; c++) out.push({ row: r, col: c });
    return out;
  };

  // ─── writing ──────────────────────────────────────────────────────────────────────────────────
  const pushUndo = (label: string, before: UndoItem[]) => {
    undoStack.current = [...undoStack.current.slice(-(UNDO_DEPTH - 1)), { label, before }];
    setUndoCount(undoStack.current.length);
  };
  const track = async <T,>(p: Promise<T>): Promise<T> => {
    setSaving((n) => n + 1);
    try {
      return await p;
    } finally {
      setSaving((n) => n - 1);
    }
  };
  const reportWriteError = async (err: unknown, cells: { examId: number; userId: number }[]) => {
    if (isApiError(err, EXAM_ERRORS.cell_locked)) {
      const lock = (err.details as { details?: ScoreLock } | null)?.details;
      if (lock) patch((g) => applyLock(g, lock));
    }
    toast.error(errorMessage(err));
    // Put back what the server has (the typed value was shown before it answered).
    if (cells.length === 1) {
      try {
        applyServerCells([await fetchScoreCell(cells[0]!.examId, cells[0]!.userId)]);
      } catch {
        refetch();
      }
    } else refetch();
  };

  /** One typed score: shown at once, saved with the version the screen showed. */
  const writeValue = (r: number, c: number, value: number | null): Promise<unknown> => {
    const g = current();
    const student = g.students[r]!;
    const column = columns[c]!;
    const cell = cellOf(g, student, column);
    const before: UndoItem = { examId: cell.examId, userId: cell.userId, attempt: column.attempt, value: cell.value, status: cell.status!, version: cell.version };
    patch((x) => applyOptimistic(x, [{ examId: cell.examId, userId: cell.userId, attempt: column.attempt, value }]));
    return track(
      setScoreValue({ examId: cell.examId, userId: cell.userId, value, attempt: column.attempt, version: cell.version }).then(
        (saved) => {
          applyServerCells([saved]);
          pushUndo(`${student.name} ${value === null ? '지우기' : `${value}점`}`, [before]);
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
      if (before) pushUndo(label, before);
      if (done) toast.success(done);
    } catch (err) {
      await reportWriteError(err, items.length === 1 ? items : []);
    }
  };

  const undo = async () => {
    const last = undoStack.current.at(-1);
    if (!last) {
      toast.info('되돌릴 입력이 없습니다');
      return;
    }
    undoStack.current = undoStack.current.slice(0, -1);
    setUndoCount(undoStack.current.length);
    const g = current();
    const examIndex = new Map(g.exams.map((e, i) => [e.id, i]));
    const rowIndex = new Map(g.students.map((s, i) => [s.userId, i]));
    const items = undoItems(last.before, (examId, userId) => {
      const s = g.students[rowIndex.get(userId)!];
      const v = s?.version[examIndex.get(examId)!];
      return v;
    });
    await writeBatch(last.label, items, null, `되돌렸습니다 (${last.label})`);
  };

  const editable = (r: number, c: number, say = true): boolean => {
    const s = students[r];
    const column = columns[c];
    if (!s || !column) return false;
    if (s.status[column.exam] === null) {
      if (say) toast.info(`${s.name} 학생은 이 시험 회차의 참여자가 아닙니다`);
      return false;
    }
    const lock = lockOf(r, c);
    if (lock) {
      if (say) toast.warning(`${lock.holderName} 님이 입력 중인 칸입니다. 잠시 후 다시 시도해 주세요`);
      return false;
    }
    return true;
  };

  const startEdit = (r: number, c: number, text: string) => {
    if (!editable(r, c)) return;
    const s = students[r]!;
    const exam = grid.exams[columns[c]!.exam]!;
    const e = { row: r, col: c, text };
    editingRef.current = e;
    setEditing(e);
    setBlock(null);
    locks.hold(exam.id, s.userId).catch((err: unknown) => {
      if (editingRef.current?.row === r && editingRef.current.col === c) {
        editingRef.current = null;
        setEditing(null);
        focusGrid();
      }
      void reportWriteError(err, [{ examId: exam.id, userId: s.userId }]);
    });
  };

  const cancelEdit = () => {
    editingRef.current = null;
    setEditing(null);
    locks.release();
    focusGrid();
  };

  /** Ends typing: saves when the value changed, releases the lock after the write, then moves. */
  const commitEdit = (move: { dr: number; dc: number } | null): boolean => {
    const e = editingRef.current;
    if (!e) return true;
    const column = columns[e.col]!;
    const exam = grid.exams[column.exam]!;
    const student = students[e.row]!;
    const text = e.text.trim().replace(/점$/, '');
    const value = text === '' ? null : Number(text);
    if (value !== null && (!/^\d+(\.\d+)?$/.test(text) || Number.isNaN(value))) {
      toast.error('점수는 숫자로 입력해 주세요');
      return false;
    }
    if (value !== null && value > exam.maxScore) {
      toast.error(`점수는 만점(${exam.maxScore}점)을 넘을 수 없습니다`);
      return false;
    }
    editingRef.current = null;
    setEditing(null);
    const previous = column.attempt === 'first' ? student.first[column.exam] : student.retake[column.exam];
    const write = value === previous ? Promise.resolve() : writeValue(e.row, e.col, value);
    locks.release(write);
    if (move) moveTo(e.row + move.dr, e.col + move.dc);
    focusGrid();
    return true;
  };

  const clearCells = () => {
    const g = current();
    const cells = targetCells().filter((p) => editable(p.row, p.col, false));
    const items: BatchItem[] = [];
    const before: UndoItem[] = [];
    for (const p of cells) {
      const column = columns[p.col]!;
      const cell = cellOf(g, g.students[p.row]!, column);
      if (cell.value === null) continue;
      items.push({ examId: cell.examId, userId: cell.userId, scoreValue: null, attemptType: column.attempt, version: cell.version });
      before.push({ examId: cell.examId, userId: cell.userId, attempt: column.attempt, value: cell.value, status: cell.status!, version: cell.version });
    }
    if (items.length === 0) return;
    void writeBatch(`${items.length}칸 지우기`, items, before, items.length > 1 ? `${items.length}칸을 지웠습니다` : undefined);
  };

  const setStatus = (status: ScoreStatus) => {
    const g = current();
    const seen = new Set<string>();
    const items: BatchItem[] = [];
    const before: UndoItem[] = [];
    for (const p of targetCells()) {
      if (!editable(p.row, p.col, false)) continue;
      const cell = cellOf(g, g.students[p.row]!, { exam: columns[p.col]!.exam, attempt: 'first' });
      const key = cellKey(cell.examId, cell.userId);
      if (seen.has(key) || cell.status === status) continue;
      seen.add(key);
      items.push({ examId: cell.examId, userId: cell.userId, status, version: cell.version });
      before.push({ examId: cell.examId, userId: cell.userId, attempt: 'first', value: cell.first, status: cell.status!, version: cell.version });
    }
    if (items.length === 0) return;
    void writeBatch(`${SCORE_STATUS_LABEL[status]} ${items.length}칸`, items, before, `${items.length}칸을 ${SCORE_STATUS_LABEL[status]}(으)로 바꿨습니다`);
  };

  const setCellField = (kind: 'clinic' | 'delivery', value?: ClinicStatus | DeliveryType) => {
    const g = current();
    const cells = targetCells().filter((p) => editable(p.row, p.col, false));
    const seen = new Set<string>();
    for (const p of cells) {
      const cell = cellOf(g, g.students[p.row]!, { exam: columns[p.col]!.exam, attempt: 'first' });
      const key = cellKey(cell.examId, cell.userId);
      if (seen.has(key)) continue;
      seen.add(key);
      const next =
        value ??
        (kind === 'clinic'
          ? CLINIC_STATUSES[(CLINIC_STATUSES.indexOf(cell.clinic ?? 'none') + 1) % CLINIC_STATUSES.length]!
          : DELIVERY_TYPES[(DELIVERY_TYPES.indexOf(cell.delivery ?? 'none') + 1) % DELIVERY_TYPES.length]!);
      const call = kind === 'clinic' ? setClinicStatus(cell.examId, cell.userId, next as ClinicStatus) : setDeliveryType(cell.examId, cell.userId, next as DeliveryType);
      void track(call).then(
        (saved) => {
          applyServerCells([saved]);
          if (seen.size === 1) toast.success(`${g.students[p.row]!.name}: ${kind === 'clinic' ? `클리닉 ${CLINIC_STATUS_LABEL[next as ClinicStatus]}` : `전달 ${DELIVERY_TYPE_LABEL[next as DeliveryType]}`}`);
        },
        (err: unknown) => reportWriteError(err, [cell]),
      );
    }
  };

  const openDialog = (kind: 'memo' | 'answers', r: number, c: number) => {
    if (!editable(r, c)) return;
    const column = columns[c]!;
    const exam = grid.exams[column.exam]!;
    if (kind === 'memo' && column.attempt === 'retake') return openDialog('memo', r, c - 1);
    if (kind === 'answers' && exam.questionCount === 0) {
      toast.info(`${exam.title}에는 정답이 없어 문항별로 입력할 수 없습니다. 점수를 직접 입력해 주세요`);
      return;
    }
    const s = students[r]!;
    locks.hold(exam.id, s.userId).catch((err: unknown) => {
      setDialog(null);
      void reportWriteError(err, [{ examId: exam.id, userId: s.userId }]);
    });
    setDialog({ kind, row: r, col: c });
  };
  const closeDialog = () => {
    setDialog(null);
    locks.release();
    focusGrid();
  };

  const openMenu = (r: number, c: number, x: number, y: number) => {
    const s = students[r];
    const column = columns[c];
    if (!s || !column || !editable(r, c)) return;
    const exam = grid.exams[column.exam]!;
    const i = column.exam;
    setMenu({ row: r, col: c, x, y, status: s.status[i]!, clinic: s.clinic[i]!, delivery: s.delivery[i]!, hasMemo: !!s.memo[i], canAnswers: exam.questionCount > 0, hasAnswers: s.hasAnswers[i]!, retake: column.attempt === 'retake' });
  };

  // ─── paste and copy ───────────────────────────────────────────────────────────────────────────
  const paste = (text: string) => {
    const matrix = parseClipboard(text);
    const start = block ? { row: block.r0, col: block.c0 } : { row, col };
    const g = current();
    const plan = planPaste({ grid: g, columns, row: start.row, col: start.col, matrix });
    if (plan.error) {
      toast.error(plan.error);
      return;
    }
    const locked = plan.items.find((i) => lockMap.get(i.userId)?.get(i.examId));
    if (locked) {
      const l = lockMap.get(locked.userId)!.get(locked.examId)!;
      toast.error(`${l.holderName} 님이 입력 중인 칸이 있어 붙여넣지 않았습니다. 잠시 후 다시 시도해 주세요`);
      return;
    }
    const h = matrix.length;
    const w = Math.max(...matrix.map((r) => r.length));
    setBlock({ r0: start.row, r1: start.row + h - 1, c0: start.col, c1: start.col + w - 1 });
    void writeBatch(`붙여넣기 ${plan.items.length}칸`, plan.items, plan.before, `${plan.items.length}칸을 붙여넣었습니다${plan.skipped ? ` (참여자가 아닌 ${plan.skipped}칸 제외)` : ''}`);
  };
  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    const text = e.clipboardData.getData('text/plain');
    if (editingRef.current && !/[\t\n]/.test(text.trim())) return;
    e.preventDefault();
    if (editingRef.current) cancelEdit();
    paste(text);
  };
  const copy = () => {
    const b = block ?? { r0: row, r1: row, c0: col, c1: col };
    const g = current();
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

  // ─── keys ─────────────────────────────────────────────────────────────────────────────────────
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (editingRef.current || dialog || students.length === 0 || columns.length === 0) return;
    if (e.target !== e.currentTarget) return;
    const ctrl = e.ctrlKey || e.metaKey;
    if (ctrl && e.code === 'KeyZ') {
      e.preventDefault();
      void undo();
      return;
    }
    if (ctrl && e.code === 'KeyC') {
      e.preventDefault();
      copy();
      return;
    }
    if (ctrl && (e.key === 'Home' || e.key === 'End')) {
      e.preventDefault();
      moveTo(e.key === 'Home' ? 0 : students.length - 1, e.key === 'Home' ? 0 : columns.length - 1);
      return;
    }
    if (ctrl) return;
    const page = Math.max(1, Math.floor((view.height - TOP) / ROW_H) - 1);
    switch (e.key) {
      case 'ArrowUp':
      case 'ArrowDown':
      case 'ArrowLeft':
      case 'ArrowRight': {
        e.preventDefault();
        const dr = e.key === 'ArrowUp' ? -1 : e.key === 'ArrowDown' ? 1 : 0;
        const dc = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0;
        moveTo(row + dr, col + dc, e.shiftKey);
        return;
      }
      case 'Tab': {
        const next = col + (e.shiftKey ? -1 : 1);
        if (next < 0 || next >= columns.length) return; // let focus leave the grid at its edges
        e.preventDefault();
        moveTo(row, next);
        return;
      }
      case 'Home':
        e.preventDefault();
        moveTo(row, 0);
        return;
      case 'End':
        e.preventDefault();
        moveTo(row, columns.length - 1);
        return;
      case 'PageDown':
      case 'PageUp':
        e.preventDefault();
        moveTo(row + (e.key === 'PageDown' ? page : -page), col);
        return;
      case 'Enter':
      case 'F2': {
        e.preventDefault();
        const cell = cellOf(grid, students[row]!, columns[col]!);
        startEdit(row, col, cell.value === null ? '' : String(cell.value));
        return;
      }
      case 'Delete':
      case 'Backspace':
        e.preventDefault();
        clearCells();
        return;
      case 'Escape':
        setBlock(null);
        return;
      case ' ':
        e.preventDefault();
        toggleStudent(row, false);
        return;
      case 'ContextMenu':
        e.preventDefault();
        openMenuAtCell();
        return;
      case '?':
        e.preventDefault();
        setShortcutsOpen(true);
        return;
      default:
    }
    if (e.key === 'F10' && e.shiftKey) {
      e.preventDefault();
      openMenuAtCell();
      return;
    }
    if (e.altKey) return;
    if (/^[0-9.]$/.test(e.key)) {
      e.preventDefault();
      startEdit(row, col, e.key);
      return;
    }
    const status = STATUS_KEYS[e.code];
    if (status) {
      e.preventDefault();
      if (columns[col]!.attempt === 'first') setStatus(status);
      return;
    }
    if (e.code === 'KeyC' || e.code === 'KeyD') {
      e.preventDefault();
      setCellField(e.code === 'KeyC' ? 'clinic' : 'delivery');
      return;
    }
    if (e.code === 'KeyM' || e.code === 'KeyQ') {
      e.preventDefault();
      openDialog(e.code === 'KeyM' ? 'memo' : 'answers', row, col);
    }
  };

  const openMenuAtCell = () => {
    const el = scroller.current?.querySelector<HTMLElement>(`[data-user-id="${students[row]?.userId}"] [data-col="${col}"]`);
    const rect = el?.getBoundingClientRect();
    openMenu(row, col, rect ? rect.left + rect.width / 2 : 200, rect ? rect.bottom : 200);
  };

  const toggleStudent = (r: number, shift: boolean) => {
    const next = new Set(props.selectedStudents);
    const id = students[r]!.userId;
    if (shift && lastToggled.current !== null) {
      const [a, b] = [Math.min(lastToggled.current, r), Math.max(lastToggled.current, r)];
      for (let i = a; i <= b; i++) next.add(students[i]!.userId);
    } else if (next.has(id)) next.delete(id);
    else next.add(id);
    lastToggled.current = r;
    props.onSelectedStudentsChange(next);
  };
  const lastToggled = useRef<number | null>(null);

  // Handlers of the memoised rows stay the same object; they call the latest closures.
  const latest = useRef({ onCellMouseDown: (_r: number, _c: number, _e: MouseEvent) => {}, onCellDoubleClick: (_r: number, _c: number) => {}, onCellContextMenu: (_r: number, _c: number, _e: MouseEvent) => {}, onToggleStudent: (_r: number, _s: boolean) => {}, onEditChange: (_t: string) => {}, onEditKeyDown: (_e: KeyboardEvent<HTMLInputElement>) => {}, onEditBlur: () => {} });
  latest.current = {
    onCellMouseDown: (r, c, e) => {
      if (e.button !== 0) return;
      const editingNow = editingRef.current;
      if (editingNow && editingNow.row === r && editingNow.col === c) return;
      e.preventDefault();
      if (editingNow && !commitEdit(null)) return;
      moveTo(r, c, e.shiftKey);
      focusGrid();
    },
    onCellDoubleClick: (r, c) => {
      const cell = cellOf(grid, students[r]!, columns[c]!);
      startEdit(r, c, cell.value === null ? '' : String(cell.value));
    },
    onCellContextMenu: (r, c, e) => {
      e.preventDefault();
      if (editingRef.current && !commitEdit(null)) return;
      setActive({ row: r, col: c });
      setBlock((b) => (b && r >= b.r0 && r <= b.r1 && c >= b.c0 && c <= b.c1 ? b : null));
      openMenu(r, c, e.clientX, e.clientY);
    },
    onToggleStudent: (r, shift) => toggleStudent(r, shift),
    onEditChange: (text) => {
      const cleaned = text.replace(/[^0-9.]/g, '');
      if (editingRef.current) editingRef.current = { ...editingRef.current, text: cleaned };
      setEditing((e) => (e ? { ...e, text: cleaned } : e));
    },
    onEditKeyDown: (e) => {
      const ctrl = e.ctrlKey || e.metaKey;
      if (e.key === 'Enter') {
        e.preventDefault();
        commitEdit({ dr: e.shiftKey ? -1 : 1, dc: 0 });
      } else if (e.key === 'Tab') {
        e.preventDefault();
        commitEdit({ dr: 0, dc: e.shiftKey ? -1 : 1 });
      } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        commitEdit({ dr: e.key === 'ArrowDown' ? 1 : -1, dc: 0 });
      } else if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        cancelEdit();
      } else if (ctrl && e.code === 'KeyZ' && editingRef.current?.text === '') {
        e.preventDefault();
        cancelEdit();
      }
    },
    onEditBlur: () => {
      if (editingRef.current && !commitEdit(null)) cancelEdit();
    },
  };
  const handlers = useMemo<RowHandlers>(
    () => ({
      onCellMouseDown: (r, c, e) => latest.current.onCellMouseDown(r, c, e),
      onCellDoubleClick: (r, c) => latest.current.onCellDoubleClick(r, c),
      onCellContextMenu: (r, c, e) => latest.current.onCellContextMenu(r, c, e),
      onToggleStudent: (r, s) => latest.current.onToggleStudent(r, s),
      onEditChange: (t) => latest.current.onEditChange(t),
      onEditKeyDown: (e) => latest.current.onEditKeyDown(e),
      onEditBlur: () => latest.current.onEditBlur(),
    }),
    [],
  );

  // ─── render ───────────────────────────────────────────────────────────────────────────────────
  const averages = useMemo(() => columns.map((c) => columnAverage(grid, c)), [grid, columns]);
  const first = Math.max(0, Math.floor((view.top - TOP) / ROW_H) - OVERSCAN);
  const last = Math.min(students.length, Math.ceil((view.top + view.height) / ROW_H) + OVERSCAN);
  const dialogCell = dialog ? { row: students[dialog.row]!, column: columns[dialog.col]! } : null;
  const dialogExam = dialogCell ? grid.exams[dialogCell.column.exam]! : null;

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2" color="textSecondary" sx={{ mr: 'auto' }}>
          숫자를 치고 Enter · 엑셀에서 복사해 Ctrl+V · 오른쪽 클릭으로 상태 · {live === 'live' ? '실시간 연결됨' : live === 'retrying' ? '실시간 다시 연결 중…' : '실시간 연결 중…'}
          {saving > 0 ? ` · 저장 중 ${saving}` : ''}
        </Typography>
        {props.toolbar}
        <FormControlLabel control={<Switch size="small" checked={withRetakes} onChange={(e) => setWithRetakes(e.target.checked)} />} label="재시험 열" />
        <Button size="small" startIcon={<UndoOutlined />} disabled={undoCount === 0} onClick={() => void undo()} data-testid="score-undo">
          되돌리기
        </Button>
        <ShortcutsButton open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
      </Stack>
      {grid.exams.length === 0 ? (
        <Box sx={{ p: 4, textAlign: 'center', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
          <Typography color="textSecondary">이 회차에는 아직 시험이 없습니다. 위에서 시험을 추가하면 성적표가 열립니다.</Typography>
        </Box>
      ) : (
        <Box
          ref={scroller}
          tabIndex={0}
          role="grid"
          aria-label={`성적표 · ${grid.lecture.name}`}
          aria-rowcount={students.length + 2}
          aria-colcount={columns.length + 1}
          aria-multiselectable
          aria-activedescendant={students[row] && columns[col] ? `sg-${students[row].userId}-${col}` : undefined}
          data-testid="score-grid"
          data-live={live === 'live' ? 'true' : 'false'}
          data-saving={saving}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onScroll={(e) => setView({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight })}
          sx={{
            position: 'relative', overflow: 'auto', height: 'calc(100vh - 280px)', minHeight: 420, border: 1, borderColor: 'divider', borderRadius: 1, outline: 'none', bgcolor: 'background.paper',
            '&:focus-visible': { borderColor: 'primary.main', boxShadow: '0 0 0 1px #1b5e20' },
            ...gridCss,
          }}
          style={{ ['--cw' as string]: `${cw}px` }}
        >
          <Box sx={{ position: 'relative', width: NAME_W + columns.length * cw, height: TOP + students.length * ROW_H }}>
            <div role="row" aria-rowindex={1} className="sg-head">
              <div role="columnheader" className="sg-head-name">학생 ({students.length}명)</div>
              {columns.map((c, k) => {
                const exam = grid.exams[c.exam]!;
                return (
                  <div
                    key={k}
                    role="columnheader"
                    aria-colindex={k + 2}
                    data-testid="score-col"
                    data-exam-id={exam.id}
                    title={`${exam.title} · 만점 ${exam.maxScore}점${exam.cutline !== null ? ` · 커트라인 ${exam.cutline}점` : ''}${exam.readyToShow ? ' · 공개됨' : ''} (눌러서 통계)`}
                    className={`sg-col${c.attempt === 'retake' ? ' sg-col-retake' : c.exam % 2 ? ' sg-col-odd' : ''}${k === col ? ' sg-col-current' : ''}`}
                    onClick={() => props.onOpenExam?.(exam.id)}
                  >
                    <b>{c.attempt === 'first' ? exam.title : '재시험'}</b>
                    <span>{c.attempt === 'first' ? `/${exam.maxScore}${exam.cutline !== null ? ` · 컷${exam.cutline}` : ''}` : exam.title}</span>
                  </div>
                );
              })}
            </div>
            <div role="row" aria-rowindex={2} className="sg-avg" data-testid="score-average-row">
              <div role="rowheader" className="sg-avg-name">반 평균</div>
              {averages.map((a, k) => (
                <div
                  key={k}
                  role="gridcell"
                  aria-colindex={k + 2}
                  className="sg-avg-cell"
                  data-testid="score-average"
                  title={`${a.count}명 평균${a.below ? ` · 커트라인 미만 ${a.below}명` : ''}`}
                >
                  <span style={VISUALLY_HIDDEN}>{`${grid.exams[columns[k]!.exam]!.title} ${columns[k]!.attempt === 'first' ? '1차' : '재시험'} 평균 (${a.count}명) `}</span>
                  {a.below > 0 && <small>미달 {a.below} </small>}
                  {a.average ?? '–'}
                </div>
              ))}
            </div>
            {students.slice(first, last).map((s, k) => {
              const index = first + k;
              const inBlock = block && index >= block.r0 && index <= block.r1 ? ([block.c0, block.c1] as [number, number]) : null;
              return (
                <ScoreRow
                  key={s.userId}
                  row={s}
                  index={index}
                  columns={columns}
                  exams={grid.exams}
                  activeCol={index === row ? col : -1}
                  blockCols={inBlock}
                  editText={editing && editing.row === index ? editing.text : null}
                  locks={lockMap.get(s.userId)}
                  selected={props.selectedStudents.has(s.userId)}
                  handlers={handlers}
                />
              );
            })}
          </Box>
        </Box>
      )}
      <CellMenu
        target={menu}
        onClose={() => {
          setMenu(null);
          focusGrid();
        }}
        onStatus={setStatus}
        onClinic={(v) => setCellField('clinic', v)}
        onDelivery={(v) => setCellField('delivery', v)}
        onMemo={() => menu && openDialog('memo', menu.row, menu.col)}
        onAnswers={() => menu && openDialog('answers', menu.row, menu.col)}
        onSheet={() => {
          const s = menu && students[menu.row];
          const column = menu && columns[menu.col];
          if (s && column) void navigate(`/crm/lectures/${props.lectureId}/omr/${grid.exams[column.exam]!.id}?student=${s.userId}`);
        }}
        onClear={clearCells}
      />
      {dialog?.kind === 'memo' && dialogCell && dialogExam && (
        <ScoreMemoDialog
          cell={{ exam: dialogExam, userId: dialogCell.row.userId, studentName: dialogCell.row.name, version: dialogCell.row.version[dialogCell.column.exam]! }}
          memo={dialogCell.row.memo[dialogCell.column.exam] ?? ''}
          onClose={closeDialog}
          onSaved={(c) => {
            applyServerCells([c]);
            toast.success('메모를 저장했습니다');
          }}
        />
      )}
      {dialog?.kind === 'answers' && dialogCell && dialogExam && (
        <AnswersDialog
          cell={{ exam: dialogExam, userId: dialogCell.row.userId, studentName: dialogCell.row.name, version: undefined }}
          attempt={dialogCell.column.attempt}
          onClose={closeDialog}
          onSaved={(c) => {
            applyServerCells([c]);
            toast.success(`${dialogCell.row.name}: ${dialogCell.column.attempt === 'first' ? c.first : c.retake}점으로 채점했습니다`);
          }}
        />
      )}
    </Box>
  );
}
