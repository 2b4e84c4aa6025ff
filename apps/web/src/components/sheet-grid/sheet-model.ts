/**
 * The sheet grid's rules, free of React so they can be tested: where the cursor goes for a key,
 * the block a Shift move or a paste covers, what a paste from Excel is, which rows are painted,
 * where to scroll so a cell shows, and the undo stack. The score grid and the attendance sheet
 * (and any later sheet: the homework check) share them through `useSheetGrid` and `SheetGrid`.
 */

export type Pos = { row: number; col: number };
/** A rectangle of cells, inclusive. */
export type Block = { r0: number; r1: number; c0: number; c1: number };
export type Dims = { rows: number; cols: number };

/** The cursor (`active`), the block a Shift move or a paste selected, and the corner it grows from. */
export type Selection = { active: Pos; block: Block | null; anchor: Pos | null };

export const selectionAt = (active: Pos): Selection => ({ active, block: null, anchor: null });

export function clampPos(p: Pos, dims: Dims): Pos {
  return { row: Math.min(Math.max(p.row, 0), Math.max(0, dims.rows - 1)), col: Math.min(Math.max(p.col, 0), Math.max(0, dims.cols - 1)) };
}

export const blockBetween = (a: Pos, b: Pos): Block => ({ r0: Math.min(a.row, b.row), r1: Math.max(a.row, b.row), c0: Math.min(a.col, b.col), c1: Math.max(a.col, b.col) });

/** Moves the cursor to `to`; with `extend` (Shift) the block stretches from where the move started. */
export function moveSelection(sel: Selection, to: Pos, dims: Dims, extend = false): Selection {
  const active = clampPos(to, dims);
  if (!extend) return selectionAt(active);
  const anchor = sel.block && sel.anchor ? sel.anchor : sel.active;
  return { active, anchor, block: blockBetween(anchor, active) };
}

/** The cells a command applies to: the block, or the cursor's cell. */
export function targetBlock(sel: Selection): Block {
  return sel.block ?? { r0: sel.active.row, r1: sel.active.row, c0: sel.active.col, c1: sel.active.col };
}

export function cellsOf(b: Block): Pos[] {
  const out: Pos[] = [];
  for (let r = b.r0; r <= b.r1; r++) for (let c = b.c0; c <= b.c1; c++) out.push({ row: r, col: c });
  return out;
}

export const inBlock = (b: Block | null, p: Pos) => !!b && p.row >= b.r0 && p.row <= b.r1 && p.col >= b.c0 && p.col <= b.c1;

export type KeyInput = { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean };

/**
 * Where a navigation key takes the cursor: arrows, Home/End (the row's ends), Ctrl+Home/End (the
 * sheet's corners), PageUp/PageDown (`page` rows) and Tab/Shift+Tab (null at the row's edges, so
 * focus may leave the sheet). Null for any other key.
 */
export function navigate(key: KeyInput, at: Pos, dims: Dims, page: number): Pos | null {
  const ctrl = key.ctrlKey || key.metaKey;
  if (ctrl && key.key === 'Home') return { row: 0, col: 0 };
  if (ctrl && key.key === 'End') return { row: dims.rows - 1, col: dims.cols - 1 };
  if (ctrl) return null;
  switch (key.key) {
    case 'ArrowUp':
      return { row: at.row - 1, col: at.col };
    case 'ArrowDown':
      return { row: at.row + 1, col: at.col };
    case 'ArrowLeft':
      return { row: at.row, col: at.col - 1 };
    case 'ArrowRight':
      return { row: at.row, col: at.col + 1 };
    case 'Home':
      return { row: at.row, col: 0 };
    case 'End':
      return { row: at.row, col: dims.cols - 1 };
    case 'PageDown':
      return { row: at.row + page, col: at.col };
    case 'PageUp':
      return { row: at.row - page, col: at.col };
    case 'Tab': {
      const col = at.col + (key.shiftKey ? -1 : 1);
      return col < 0 || col >= dims.cols ? null : { row: at.row, col };
    }
    default:
      return null;
  }
}

/**
 * Clipboard text from Excel or Sheets as rows of cells: tabs between cells, new lines between rows,
 * a trailing new line ignored, cells with tabs or new lines quoted ("…", "" for a quote).
 */
export function parseClipboard(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (ch === '"') {
        quoted = false;
        i++;
        continue;
      }
      cell += ch;
      i++;
      continue;
    }
    if (ch === '"' && cell === '') {
      quoted = true;
      i++;
    } else if (ch === '\t') {
      row.push(cell);
      cell = '';
      i++;
    } else if (ch === '\r' || ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      cell += ch;
      i++;
    }
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** The block a pasted matrix covers from `start` (cut at the sheet's edges). */
export function pasteBlock(start: Pos, matrix: readonly (readonly string[])[], dims: Dims): Block {
  const w = Math.max(1, ...matrix.map((r) => r.length));
  return { r0: start.row, c0: start.col, r1: Math.min(dims.rows - 1, start.row + matrix.length - 1), c1: Math.min(dims.cols - 1, start.col + w - 1) };
}

/** Where a paste starts: the block's top-left corner when a block is selected, else the cursor. */
export const pasteStart = (sel: Selection): Pos => (sel.block ? { row: sel.block.r0, col: sel.block.c0 } : sel.active);

export type Layout = { rowHeight: number; colWidth: number; firstColWidth: number; top: number };

/** The rows to paint for a scroll position: those in view plus `overscan` on each side. */
export function visibleRows(view: { top: number; height: number }, rows: number, layout: Layout, overscan = 8): { first: number; last: number } {
  const first = Math.max(0, Math.floor((view.top - layout.top) / layout.rowHeight) - overscan);
  const last = Math.min(rows, Math.ceil((view.top + view.height) / layout.rowHeight) + overscan);
  return { first, last };
}

/** The scroll position that shows a cell below the sticky header and right of the sticky first column. */
export function revealCell(scroll: { top: number; left: number; width: number; height: number }, p: Pos, layout: Layout): { top: number; left: number } {
  let { top, left } = scroll;
  const y = layout.top + p.row * layout.rowHeight;
  if (y < top + layout.top) top = y - layout.top;
  else if (y + layout.rowHeight > top + scroll.height) top = y + layout.rowHeight - scroll.height;
  const x = layout.firstColWidth + p.col * layout.colWidth;
  if (x < left + layout.firstColWidth) left = x - layout.firstColWidth;
  else if (x + layout.colWidth > left + scroll.width) left = x + layout.colWidth - scroll.width;
  return { top: Math.max(0, top), left: Math.max(0, left) };
}

/** Rows a PageUp/PageDown moves: a screenful, less one row of overlap. */
export const pageRows = (height: number, layout: Layout) => Math.max(1, Math.floor((height - layout.top) / layout.rowHeight) - 1);

/** One step of the undo stack: what it says ("붙여넣기 30칸") and what puts it back. */
export type UndoStep<T> = { label: string; before: T };

/** The stack with a step pushed, keeping the last `depth` steps. */
export function pushStep<T>(stack: readonly UndoStep<T>[], step: UndoStep<T>, depth = 30): UndoStep<T>[] {
  return [...stack.slice(-(depth - 1)), step];
}

/** Columns share the width when there are few of them (long titles stay readable), up to `max`; else the sheet scrolls. */
export function fitColumnWidth(width: number, layout: Pick<Layout, 'colWidth' | 'firstColWidth'>, cols: number, max: number): number {
  return Math.max(layout.colWidth, Math.min(max, Math.floor((width - layout.firstColWidth - 2) / Math.max(1, cols))));
}
