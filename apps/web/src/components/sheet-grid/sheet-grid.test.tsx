// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cellClass, SheetGrid, SheetLockBadge, SheetRow } from './sheet-grid.tsx';
import type { Block, Pos } from './sheet-model.ts';
import { useSheetGrid } from './use-sheet-grid.ts';

const ROWS = 40;
const COLS = 4;
const layout = { rowHeight: 30, colWidth: 80, firstColWidth: 120, top: 30 };
type Before = { row: number; col: number; value: string }[];

/**
 * A small sheet on the shared grid, as a screen builds one: scores out of 100 typed or pasted,
 * Ctrl+Z, and cells other staff hold (`locks`: "row:col" → holder).
 */
function TestSheet({ locks }: { locks: Map<string, string> }) {
  const [values, setValues] = useState<string[][]>(() => Array.from({ length: ROWS }, () => Array<string>(COLS).fill('')));
  const write = (cells: Before, label: string | null) => {
    if (label) sheet.pushUndo(label, cells.map((c) => ({ ...c, value: values[c.row]![c.col]! })));
    setValues((v) => v.map((r, i) => r.map((x, j) => cells.find((c) => c.row === i && c.col === j)?.value ?? x)));
  };
  const sheet = useSheetGrid<Before>({
    rows: ROWS,
    cols: COLS,
    layout,
    blocks: true,
    refusal: (p) => (locks.has(`${p.row}:${p.col}`) ? `${locks.get(`${p.row}:${p.col}`)} 님이 입력 중인 칸입니다` : null),
    onKey: (e, sel) => {
      if (!/^[0-9]$/.test(e.key)) return false;
      e.preventDefault();
      sheet.startEdit(sel.active, e.key);
      return true;
    },
    onCommit: (e) => {
      if (Number(e.text) > 100) {
        sheet.say('점수는 만점(100점)을 넘을 수 없습니다');
        return false;
      }
      write([{ row: e.row, col: e.col, value: e.text }], `${e.text}점`);
      return true;
    },
    onPaste: (start, matrix): Block => {
      write(matrix.flatMap((r, i) => r.map((value, j) => ({ row: start.row + i, col: start.col + j, value }))), `붙여넣기`);
      return sheet.pasteBlock(start, matrix);
    },
    onUndo: (step) => write(step.before, null),
  });
  const { row, col } = sheet.sel.active;
  return (
    <>
      <pre data-testid="values">{JSON.stringify(values)}</pre>
      <SheetGrid
        sheet={sheet}
        label="시험 성적"
        testId="sheet"
        rows={ROWS}
        cols={COLS}
        layout={layout}
        colWidth={layout.colWidth}
        header={<div role="row" className="sheet-head" />}
        renderRow={(r) => (
          <SheetRow key={r} index={r} layout={layout}>
            <div role="rowheader" className="sheet-first">학생 {r + 1}</div>
            {values[r]!.map((v, c) => {
              const holder = locks.get(`${r}:${c}`);
              const editing = sheet.editing && sheet.editing.row === r && sheet.editing.col === c;
              return (
                <div key={c} role="gridcell" data-pos={`${r}:${c}`} className={cellClass({ active: r === row && c === col, block: sheet.isInBlock({ row: r, col: c }), locked: !!holder })} onMouseDown={(e) => sheet.onCellMouseDown({ row: r, col: c }, e)}>
                  {editing ? <input aria-label="점수" value={sheet.editing!.text} onChange={(e) => sheet.editor.onChange(e.target.value)} onKeyDown={sheet.editor.onKeyDown} /> : v}
                  {holder && <SheetLockBadge label={`${holder} 입력 중`} />}
                </div>
              );
            })}
          </SheetRow>
        )}
      />
    </>
  );
}

const grid = () => screen.getByTestId('sheet');
const values = () => JSON.parse(screen.getByTestId('values').textContent!) as string[][];
const active = () => document.querySelector('.sheet-active')!.getAttribute('data-pos');
const key = (k: string, init: Partial<KeyboardEventInit> = {}) => fireEvent.keyDown(grid(), { key: k, code: k.length === 1 ? `Key${k.toUpperCase()}` : k, ...init });
const typeScore = (text: string) => {
  key(text[0]!);
  const input = screen.getByLabelText('점수');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
};
const paste = (text: string) => fireEvent.paste(grid(), { clipboardData: { getData: () => text } });
const cell = (p: Pos) => document.querySelector(`[data-pos="${p.row}:${p.col}"]`)!;

afterEach(cleanup);

describe('SheetGrid', () => {
  it('moves by keyboard: arrows, Tab, Home/End, the corners, and Shift for a block', () => {
    render(<TestSheet locks={new Map()} />);
    expect(active()).toBe('0:0');
    key('ArrowDown');
    key('ArrowDown');
    key('ArrowRight');
    expect(active()).toBe('2:1');
    key('Tab');
    expect(active()).toBe('2:2');
    key('End');
    expect(active()).toBe('2:3');
    key('Home');
    key('ArrowUp');
    expect(active()).toBe('1:0');
    key('ArrowDown', { shiftKey: true });
    key('ArrowRight', { shiftKey: true });
    expect(document.querySelectorAll('.sheet-block').length).toBe(4);
    key('Escape');
    expect(document.querySelectorAll('.sheet-block').length).toBe(0);
    // The last row is painted once the sheet scrolled to it (rows outside the view are not in the DOM).
    expect(cell({ row: ROWS - 1, col: 0 })).toBeNull();
    key('End', { ctrlKey: true });
    fireEvent.scroll(grid());
    expect(active()).toBe(`${ROWS - 1}:${COLS - 1}`);
    expect(grid().getAttribute('role')).toBe('grid');
  });

  it('pastes a 30 × 3 block from Excel at the cursor, selects it, and Ctrl+Z puts it all back', () => {
    render(<TestSheet locks={new Map()} />);
    key('ArrowRight');
    const block = Array.from({ length: 30 }, (_, r) => [r, r + 30, r + 60].join('\t')).join('\r\n');
    paste(`${block}\r\n`);
    const v = values();
    expect(v.slice(0, 30).map((r) => r.slice(1, 4))).toEqual(Array.from({ length: 30 }, (_, r) => [String(r), String(r + 30), String(r + 60)]));
    expect(v[30]).toEqual(['', '', '', '']);
    expect(v.every((r) => r[0] === '')).toBe(true);
    expect(document.querySelector('.sheet-block')).not.toBeNull();
    key('z', { ctrlKey: true, code: 'KeyZ' });
    expect(values().flat().every((x) => x === '')).toBe(true);
    key('z', { ctrlKey: true, code: 'KeyZ' });
    expect(screen.getByTestId('sheet-message').textContent).toBe('되돌릴 입력이 없습니다');
  });

  it('undoes typed scores one at a time, newest first', () => {
    render(<TestSheet locks={new Map()} />);
    typeScore('85');
    typeScore('90');
    expect(values().map((r) => r[0]).slice(0, 3)).toEqual(['85', '90', '']);
    expect(active()).toBe('2:0');
    key('z', { ctrlKey: true, code: 'KeyZ' });
    expect(values().map((r) => r[0]).slice(0, 3)).toEqual(['85', '', '']);
  });

  it('after a refused value, a click elsewhere keeps the old value and a paste starts at the clicked cell', () => {
    render(<TestSheet locks={new Map()} />);
    typeScore('70');
    key('ArrowUp');
    typeScore('105');
    expect(screen.getByTestId('sheet-message').textContent).toBe('점수는 만점(100점)을 넘을 수 없습니다');
    expect(screen.getByLabelText('점수')).toBeTruthy();
    fireEvent.mouseDown(cell({ row: 5, col: 2 }), { button: 0 });
    expect(screen.queryByLabelText('점수')).toBeNull();
    expect(values()[0]![0]).toBe('70');
    expect(active()).toBe('5:2');
    paste('45\n90\n');
    expect([values()[5]![2], values()[6]![2], values()[0]![0]]).toEqual(['45', '90', '70']);
  });

  it('shows a lock that arrives from another TA and says why the cell takes no key', () => {
    const { rerender } = render(<TestSheet locks={new Map()} />);
    key('ArrowDown');
    expect(cell({ row: 1, col: 0 }).textContent).toBe('');
    act(() => rerender(<TestSheet locks={new Map([['1:0', '박조교']])} />));
    expect(cell({ row: 1, col: 0 }).textContent).toBe('박조교 입력 중');
    expect(cell({ row: 1, col: 0 }).className).toContain('sheet-locked');
    key('7');
    expect(screen.queryByLabelText('점수')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('박조교 님이 입력 중인 칸입니다');
    act(() => rerender(<TestSheet locks={new Map()} />));
    key('7');
    expect(screen.getByLabelText('점수')).toBeTruthy();
  });
});
