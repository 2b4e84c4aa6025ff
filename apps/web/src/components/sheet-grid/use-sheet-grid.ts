import { type ClipboardEvent, type KeyboardEvent, type MouseEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type Block,
  type Dims,
  fitColumnWidth,
  inBlock,
  type Layout,
  moveSelection,
  navigate,
  pageRows,
  parseClipboard,
  pasteBlock,
  pasteStart,
  type Pos,
  pushStep,
  revealCell,
  type Selection,
  selectionAt,
  targetBlock,
  type UndoStep,
  visibleRows,
} from './sheet-model.ts';

/** The one cell being typed into, and its text. */
export type Editing = Pos & { text: string };

export type SheetOptions<U> = {
  rows: number;
  cols: number;
  /** Row height, the narrowest column, the first column's width and the header's height. */
  layout: Layout;
  /** Columns widen up to this to fill the sheet's width (few columns, long titles). */
  maxColWidth?: number;
  /** Where the cursor starts. */
  initial?: Pos;
  /** Shift+arrows and Shift+click select a block (the score grid); off, they only move (attendance). */
  blocks?: boolean;
  /**
   * The sheet's own keys (a digit types a score, a letter marks attendance), tried before the
   * sheet's navigation; true when handled.
   */
  onKey?: (e: KeyboardEvent<HTMLElement>, sel: Selection) => boolean;
  /** A matrix pasted at `start` (the clicked cell, or the block's corner); returns the block it filled. */
  onPaste?: (start: Pos, matrix: string[][]) => Block | null;
  /** Copies the block (Ctrl+C). */
  onCopy?: (block: Block) => void;
  /** Puts back one step of the undo stack (Ctrl+Z or the button). */
  onUndo?: (step: UndoStep<U>) => void | Promise<void>;
  /** Why a cell takes no input (a lock, not a participant), said next to the sheet; null when it does. */
  refusal?: (pos: Pos) => string | null;
  /**
   * Ends an edit with its text: false when the text is refused (out of range). On Enter the editor
   * stays so the value can be fixed; a click elsewhere drops it and the cell keeps its old value.
   */
  onCommit?: (edit: Editing) => boolean;
  /** The edit was dropped (Escape, or a refused value left behind). */
  onCancel?: (edit: Editing) => void;
};

/**
 * The state and the handlers of a keyboard-first sheet: the cursor and the block, one cell's
 * editor, paste, copy, the undo stack, the painted rows and scrolling a cell into view, and a line
 * that says why a key did nothing. `SheetGrid` paints it; the sheet's own rules come in `options`.
 */
export function useSheetGrid<U = unknown>(options: SheetOptions<U>) {
  const o = useRef(options);
  o.current = options;
  const dims: Dims = { rows: options.rows, cols: options.cols };
  const [width, setWidth] = useState(1200);
  const layout: Layout = { ...options.layout, colWidth: options.maxColWidth ? fitColumnWidth(width, options.layout, options.cols, options.maxColWidth) : options.layout.colWidth };
  const layoutRef = useRef(layout);
  layoutRef.current = layout;
  const [sel, setSelState] = useState<Selection>(() => selectionAt(options.initial ?? { row: 0, col: 0 }));
  const selRef = useRef(sel);
  const [editing, setEditingState] = useState<Editing | null>(null);
  const editRef = useRef<Editing | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [undoSteps, setUndoSteps] = useState<UndoStep<U>[]>([]);
  const undoRef = useRef(undoSteps);
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 600 });

  const setSel = (next: Selection) => {
    selRef.current = next;
    setSelState(next);
  };
  const setEditing = (next: Editing | null) => {
    editRef.current = next;
    setEditingState(next);
  };

  // A callback ref: the sheet may mount after the hook (a screen that shows it only with data).
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  const attach = useCallback((node: HTMLDivElement | null) => {
    scroller.current = node;
    setEl(node);
  }, []);
  useEffect(() => {
    if (!el) return;
    const read = () => {
      setView({ top: el.scrollTop, height: el.clientHeight || 600 });
      setWidth(el.clientWidth || 1200);
    };
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(read);
    ro.observe(el);
    return () => ro.disconnect();
  }, [el]);

  // The cursor stays inside the sheet when rows or columns go away.
  const active = { row: Math.min(sel.active.row, Math.max(0, dims.rows - 1)), col: Math.min(sel.active.col, Math.max(0, dims.cols - 1)) };

  const focus = () => scroller.current?.focus({ preventScroll: true });
  const reveal = (p: Pos) => {
    const el = scroller.current;
    if (!el) return;
    const next = revealCell({ top: el.scrollTop, left: el.scrollLeft, width: el.clientWidth, height: el.clientHeight }, p, layoutRef.current);
    el.scrollTop = next.top;
    el.scrollLeft = next.left;
  };
  const moveTo = (p: Pos, extend = false) => {
    const next = moveSelection(selRef.current, p, { rows: o.current.rows, cols: o.current.cols }, extend && o.current.blocks !== false);
    setSel(next);
    setMessage(null);
    reveal(next.active);
  };
  const selectBlock = (block: Block | null) => setSel({ ...selRef.current, block, anchor: block ? { row: block.r0, col: block.c0 } : null });

  /** True when the cell takes input; otherwise says why next to the sheet. */
  const guard = (p: Pos): boolean => {
    const why = o.current.refusal?.(p) ?? null;
    if (why) setMessage(why);
    return why === null;
  };

  // ─── the editor ────────────────────────────────────────────────────────────────────────────────
  const startEdit = (p: Pos, text: string): boolean => {
    if (!guard(p)) return false;
    setSel(selectionAt(p));
    setMessage(null);
    setEditing({ ...p, text });
    return true;
  };
  const cancelEdit = () => {
    const e = editRef.current;
    if (!e) return;
    setEditing(null);
    o.current.onCancel?.(e);
    focus();
  };
  /** Ends the edit; false (editor kept) when the value was refused. */
  const commitEdit = (move: { dr: number; dc: number } | null): boolean => {
    const e = editRef.current;
    if (!e) return true;
    if (o.current.onCommit && !o.current.onCommit(e)) return false;
    setEditing(null);
    if (move) moveTo({ row: e.row + move.dr, col: e.col + move.dc });
    focus();
    return true;
  };
  /** Leaving the cell (a click elsewhere, focus gone): a refused value is dropped, the old one stays. */
  const leaveEdit = () => {
    if (!commitEdit(null)) cancelEdit();
  };

  const editor = {
    onChange: (text: string) => {
      if (editRef.current) setEditing({ ...editRef.current, text });
    },
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
      const moves: Record<string, { dr: number; dc: number }> = { Enter: { dr: e.shiftKey ? -1 : 1, dc: 0 }, Tab: { dr: 0, dc: e.shiftKey ? -1 : 1 }, ArrowDown: { dr: 1, dc: 0 }, ArrowUp: { dr: -1, dc: 0 } };
      const move = moves[e.key];
      if (move) {
        e.preventDefault();
        commitEdit(move);
      } else if (e.key === 'Escape' || ((e.ctrlKey || e.metaKey) && e.code === 'KeyZ' && editRef.current?.text === '')) {
        e.preventDefault();
        e.stopPropagation();
        cancelEdit();
      }
    },
    onBlur: () => leaveEdit(),
  };

  // ─── undo ──────────────────────────────────────────────────────────────────────────────────────
  const pushUndo = (label: string, before: U) => {
    undoRef.current = pushStep(undoRef.current, { label, before });
    setUndoSteps(undoRef.current);
  };
  const undo = async () => {
    const last = undoRef.current.at(-1);
    if (!last) {
      setMessage('되돌릴 입력이 없습니다');
      return;
    }
    undoRef.current = undoRef.current.slice(0, -1);
    setUndoSteps(undoRef.current);
    await o.current.onUndo?.(last);
  };

  // ─── keys, paste, mouse ────────────────────────────────────────────────────────────────────────
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (editRef.current || e.target !== e.currentTarget || o.current.rows === 0 || o.current.cols === 0) return;
    const current = { ...selRef.current, active };
    const ctrl = e.ctrlKey || e.metaKey;
    if (ctrl && e.code === 'KeyZ') {
      e.preventDefault();
      void undo();
      return;
    }
    if (ctrl && e.code === 'KeyC' && o.current.onCopy) {
      e.preventDefault();
      o.current.onCopy(targetBlock(current));
      return;
    }
    if (o.current.onKey?.(e, current)) return;
    if (e.key === 'Escape') {
      selectBlock(null);
      setMessage(null);
      return;
    }
    const height = scroller.current?.clientHeight || view.height;
    const to = navigate(e, active, { rows: o.current.rows, cols: o.current.cols }, pageRows(height, layoutRef.current));
    if (!to) return;
    e.preventDefault();
    moveTo(to, e.shiftKey && e.key.startsWith('Arrow'));
  };

  const paste = (text: string) => {
    const matrix = parseClipboard(text);
    const start = pasteStart({ ...selRef.current, active });
    const filled = o.current.onPaste?.(start, matrix);
    if (filled !== null && filled !== undefined) selectBlock(filled);
  };
  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    if (!o.current.onPaste) return;
    const text = e.clipboardData.getData('text/plain');
    // A single value pasted into the open editor is typing; a block replaces the edit.
    if (editRef.current && !/[\t\n]/.test(text.trim())) return;
    e.preventDefault();
    if (editRef.current) cancelEdit();
    paste(text);
  };

  /** A press on a cell: leaves an open editor (dropping a refused value), then moves there. */
  const onCellMouseDown = (p: Pos, e: MouseEvent) => {
    if (e.button !== 0) return;
    const open = editRef.current;
    if (open && open.row === p.row && open.col === p.col) return;
    e.preventDefault();
    if (open) leaveEdit();
    moveTo(p, e.shiftKey);
    focus();
  };

  const rowsInView = visibleRows(view, dims.rows, layout);
  const undoState = useMemo(() => ({ count: undoSteps.length, last: undoSteps.at(-1)?.label ?? null }), [undoSteps]);
  const onScroll = useCallback((e: { currentTarget: HTMLDivElement }) => {
    const el = e.currentTarget;
    setView({ top: el.scrollTop, height: el.clientHeight || 600 });
  }, []);

  return {
    layout,
    sel: { ...sel, active },
    editing,
    message,
    say: setMessage,
    scroller,
    attach,
    view,
    rowsInView,
    focus,
    moveTo,
    selectBlock,
    guard,
    isInBlock: (p: Pos) => inBlock(sel.block, p),
    targetBlock: () => targetBlock({ ...selRef.current, active }),
    startEdit,
    cancelEdit,
    commitEdit,
    editor,
    undo: undoState,
    pushUndo,
    runUndo: undo,
    paste,
    onKeyDown,
    onPaste,
    onScroll,
    onCellMouseDown,
    /** The block of a pasted matrix at `start`, cut at the sheet's edges. */
    pasteBlock: (start: Pos, matrix: string[][]) => pasteBlock(start, matrix, { rows: o.current.rows, cols: o.current.cols }),
  };
}

export type SheetController<U = unknown> = ReturnType<typeof useSheetGrid<U>>;
