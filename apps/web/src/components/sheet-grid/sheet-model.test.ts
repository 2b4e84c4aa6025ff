import { describe, expect, it } from 'vitest';
import { moveSelection, navigate, pageRows, parseClipboard, pasteBlock, pasteStart, pushStep, revealCell, selectionAt, targetBlock, visibleRows } from './sheet-model.ts';

const dims = { rows: 30, cols: 4 };
const key = (k: string, mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) => ({ key: k, shiftKey: false, ctrlKey: false, metaKey: false, ...mods });
const layout = { rowHeight: 30, colWidth: 80, firstColWidth: 160, top: 60 };

describe('parseClipboard', () => {
  it('reads an Excel column and block (tabs, CRLF, trailing new line)', () => {
    expect(parseClipboard('85\r\n90\r\n\r\n77\r\n')).toEqual([['85'], ['90'], [''], ['77']]);
    expect(parseClipboard('1\t2\n3\t4')).toEqual([['1', '2'], ['3', '4']]);
  });
  it('keeps quoted cells with new lines and quotes', () => {
    expect(parseClipboard('"a\nb"\t"say ""hi"""\n')).toEqual([['a\nb', 'say "hi"']]);
  });
});

describe('navigate', () => {
  it('moves by arrows, Home/End, pages and the corners', () => {
    const at = { row: 5, col: 1 };
    expect(navigate(key('ArrowDown'), at, dims, 10)).toEqual({ row: 6, col: 1 });
    expect(navigate(key('ArrowLeft'), at, dims, 10)).toEqual({ row: 5, col: 0 });
    expect(navigate(key('End'), at, dims, 10)).toEqual({ row: 5, col: 3 });
    expect(navigate(key('PageDown'), at, dims, 10)).toEqual({ row: 15, col: 1 });
    expect(navigate(key('End', { ctrlKey: true }), at, dims, 10)).toEqual({ row: 29, col: 3 });
    expect(navigate(key('a'), at, dims, 10)).toBeNull();
  });
  it('lets Tab leave the sheet at the row edges', () => {
    expect(navigate(key('Tab'), { row: 0, col: 3 }, dims, 10)).toBeNull();
    expect(navigate(key('Tab', { shiftKey: true }), { row: 0, col: 0 }, dims, 10)).toBeNull();
    expect(navigate(key('Tab'), { row: 0, col: 1 }, dims, 10)).toEqual({ row: 0, col: 2 });
  });
});

describe('selection', () => {
  it('grows a block from where the Shift move started and clamps to the sheet', () => {
    let sel = selectionAt({ row: 2, col: 1 });
    sel = moveSelection(sel, { row: 3, col: 1 }, dims, true);
    sel = moveSelection(sel, { row: 4, col: 2 }, dims, true);
    expect(sel.block).toEqual({ r0: 2, r1: 4, c0: 1, c1: 2 });
    expect(targetBlock(sel)).toEqual(sel.block);
    expect(moveSelection(sel, { row: 99, col: -3 }, dims).active).toEqual({ row: 29, col: 0 });
    expect(moveSelection(sel, { row: 1, col: 1 }, dims).block).toBeNull();
  });
  it('pastes at the block corner or the cursor, cut at the edges', () => {
    expect(pasteStart(selectionAt({ row: 7, col: 2 }))).toEqual({ row: 7, col: 2 });
    expect(pasteStart({ active: { row: 9, col: 3 }, anchor: { row: 4, col: 1 }, block: { r0: 4, r1: 9, c0: 1, c1: 3 } })).toEqual({ row: 4, col: 1 });
    expect(pasteBlock({ row: 25, col: 2 }, [['1', '2', '3'], ['4']], dims)).toEqual({ r0: 25, r1: 26, c0: 2, c1: 3 });
  });
});

describe('viewport', () => {
  it('paints the rows in view with overscan', () => {
    expect(visibleRows({ top: 0, height: 300 }, 300, layout, 2)).toEqual({ first: 0, last: 12 });
    expect(visibleRows({ top: 3000, height: 300 }, 300, layout, 2)).toEqual({ first: 96, last: 112 });
    expect(pageRows(360, layout)).toBe(9);
  });
  it('scrolls a cell out from under the sticky header and first column', () => {
    const scroll = { top: 600, left: 400, width: 500, height: 300 };
    expect(revealCell(scroll, { row: 20, col: 6 }, layout)).toEqual({ top: 600, left: 400 });
    expect(revealCell(scroll, { row: 0, col: 0 }, layout)).toEqual({ top: 0, left: 0 });
    expect(revealCell(scroll, { row: 40, col: 20 }, layout)).toEqual({ top: 990, left: 1340 });
  });
});

describe('undo stack', () => {
  it('keeps the last steps only', () => {
    let stack = pushStep([], { label: 'a', before: 1 }, 2);
    stack = pushStep(stack, { label: 'b', before: 2 }, 2);
    stack = pushStep(stack, { label: 'c', before: 3 }, 2);
    expect(stack.map((s) => s.label)).toEqual(['b', 'c']);
  });
});
