import type { AttendanceGrid, AttendanceType, GridStudent } from '@academy/contracts/lectures';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSheetGrid } from '../../components/sheet-grid/use-sheet-grid.ts';
import { errorMessage } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';
import { attendanceGridQuery } from './api/attendance-grid.ts';
import { setAttendance } from './api/set-attendance.ts';
import { setAttendanceLock } from './api/set-attendance-lock.ts';
import { ATTENDANCE_LAYOUT } from './attendance-grid-row.tsx';

/** Letters that pick the default types; digits 1–9 pick any type by its order. */
export const LETTERS: Record<string, string> = { 출석: 'a', 지각: 'l', 조퇴: 'e', 결석: 'x', '온라인(영상 수강)': 'o', 보강: 'b' };

export type AttendanceSelection = { kind: 'none' } | { kind: 'column'; col: number } | { kind: 'rows'; rows: Set<number>; anchor: number };

const range = (a: number, b: number) => Array.from({ length: Math.abs(b - a) + 1 }, (_, i) => Math.min(a, b) + i);

/**
 * The attendance sheet's state over the shared sheet grid: the cursor starts on today's session at
 * its first unmarked participant (the screen says so), a key marks and steps down, whole weeks or
 * picked rows take one key at once, K locks, and a locked or non-participant cell says why it
 * takes no mark.
 */
export function useAttendanceGrid({ lectureId, grid, initialCol }: { lectureId: number; grid: AttendanceGrid; initialCol: number }) {
  const client = useQueryClient();
  const types = useMemo(() => [...grid.attendanceTypes].sort((a, b) => a.seq - b.seq), [grid.attendanceTypes]);
  const typeById = useMemo(() => new Map(types.map((t) => [t.id, t])), [types]);
  const sessionIds = useMemo(() => grid.weeklyLectures.map((w) => w.id), [grid.weeklyLectures]);
  const students = grid.students;
  const lockedSets = useMemo(() => students.map((s) => new Set(s.lockedWeeklyLectureIds)), [students]);
  const [selection, setSelection] = useState<AttendanceSelection>({ kind: 'none' });
  const startCol = Math.max(0, initialCol);
  const startRow = Math.max(0, students.findIndex((s) => s.cells[startCol] === 0));

  const sheet = useSheetGrid({
    rows: students.length,
    cols: sessionIds.length,
    layout: ATTENDANCE_LAYOUT,
    initial: { row: startRow, col: startCol },
    blocks: false,
    onKey: (e) => onKey(e),
  });
  const { row, col } = sheet.sel.active;
  const targetCol = selection.kind === 'column' ? selection.col : col;

  // The sheet opens on today's session with its first unmarked participant active and the grid
  // focused, so a TA types marks at once (no click, no Tab through the page first). Focus the user
  // has already put somewhere while the grid loaded (a tab, the search) stays where it is.
  const opened = useRef(false);
  const scroller = sheet.scroller;
  useEffect(() => {
    const el = scroller.current;
    if (!el || opened.current) return;
    opened.current = true;
    const focused = document.activeElement;
    if (!focused || focused === document.body) el.focus({ preventScroll: true });
    el.scrollLeft = Math.max(0, startCol * ATTENDANCE_LAYOUT.colWidth - ATTENDANCE_LAYOUT.colWidth * 3);
    el.scrollTop = Math.max(0, startRow * ATTENDANCE_LAYOUT.rowHeight - el.clientHeight / 2);
  }, [scroller, startCol, startRow]);

  const patch = useCallback(
    (change: (s: GridStudent) => GridStudent | null) =>
      client.setQueryData(attendanceGridQuery(lectureId).queryKey, (old) => (old ? { ...old, students: old.students.map((s) => change(s) ?? s) } : old)),
    [client, lectureId],
  );

  /** Marks the rows in a week; false (nothing sent, the reason said next to the sheet) when no row can take it. */
  const mark = (rows: number[], c: number, attTypeId: number | null): boolean => {
    const wl = grid.weeklyLectures[c]!;
    const targets = rows.map((r) => students[r]!).filter((s) => s.cells[c] !== null);
    if (targets.length === 0) {
      sheet.say(`${rows.length === 1 ? `${students[rows[0]!]!.name} 학생은` : '선택한 학생은'} 이 회차의 참여자가 아니라 출결을 입력할 수 없습니다`);
      return false;
    }
    const open = targets.filter((s) => !s.lockedWeeklyLectureIds.includes(wl.id));
    const lockedNames = targets.filter((s) => s.lockedWeeklyLectureIds.includes(wl.id)).map((s) => s.name);
    if (open.length === 0) {
      sheet.say(`출결이 잠겨 있어 변경할 수 없습니다: ${lockedNames.slice(0, 3).join(', ')}${lockedNames.length > 3 ? ` 외 ${lockedNames.length - 3}명` : ''}. K를 누르면 잠금이 풀립니다`);
      return false;
    }
    if (lockedNames.length) sheet.say(`잠긴 ${lockedNames.length}명(${lockedNames.slice(0, 3).join(', ')}${lockedNames.length > 3 ? ' 외' : ''})은 제외했습니다`);
    const ids = new Set(open.map((s) => s.userId));
    const before = new Map(open.map((s) => [s.userId, s.cells[c]!]));
    const put = (value: (s: GridStudent) => number) => patch((s) => (ids.has(s.userId) ? { ...s, cells: s.cells.map((v, i) => (i === c ? value(s) : v)) } : null));
    put(() => attTypeId ?? 0);
    setAttendance({ lectureId, wlId: wl.id, userIds: [...ids], attTypeId }).catch((err: unknown) => {
      put((s) => before.get(s.userId)!);
      toast.error(errorMessage(err));
    });
    return true;
  };

  const toggleLock = async (rows: number[], c: number) => {
    const wl = grid.weeklyLectures[c]!;
    const targets = rows.map((r) => students[r]!).filter((s) => s.cells[c] !== null);
    if (targets.length === 0) return;
    const locked = !targets[0]!.lockedWeeklyLectureIds.includes(wl.id);
    const ids = new Set(targets.map((s) => s.userId));
    const apply = (lock: boolean) =>
      patch((s) => {
        if (!ids.has(s.userId)) return null;
        const rest = s.lockedWeeklyLectureIds.filter((id) => id !== wl.id);
        return { ...s, lockedWeeklyLectureIds: lock ? [...rest, wl.id] : rest };
      });
    apply(locked);
    try {
      await setAttendanceLock({ lectureId, wlId: wl.id, userIds: [...ids], locked });
      toast.success(locked ? `${targets.length}명의 출결을 잠갔습니다` : `${targets.length}명의 출결 잠금을 풀었습니다`);
    } catch (err) {
      apply(!locked);
      toast.error(errorMessage(err));
    }
  };

  const selectedRows = (): number[] => {
    if (selection.kind === 'column') return students.map((_, i) => i);
    if (selection.kind === 'rows') return [...selection.rows].sort((a, b) => a - b);
    return [row];
  };

  const typeForKey = (key: string): AttendanceType | null | undefined => {
    if (key === '0' || key === 'Delete' || key === 'Backspace') return null;
    if (/^[1-9]$/.test(key)) return types[Number(key) - 1];
    return types.find((t) => LETTERS[t.name] === key.toLowerCase());
  };

  /** The sheet's own keys; the shared sheet moves for the rest (arrows, Home/End, pages). */
  function onKey(e: KeyboardEvent<HTMLElement>): boolean {
    if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && e.shiftKey) {
      e.preventDefault();
      const next = Math.min(Math.max(row + (e.key === 'ArrowUp' ? -1 : 1), 0), students.length - 1);
      const anchor = selection.kind === 'rows' ? selection.anchor : row;
      setSelection({ kind: 'rows', anchor, rows: new Set(range(anchor, next)) });
      sheet.moveTo({ row: next, col });
      return true;
    }
    if (e.key.startsWith('Arrow') || e.key === 'Escape') {
      setSelection({ kind: 'none' });
      return false;
    }
    if (e.key === 'Enter') {
      e.preventDefault();
      sheet.moveTo({ row: row + 1, col });
      return true;
    }
    if (e.key === 'k' || e.key === 'K') {
      e.preventDefault();
      void toggleLock(selectedRows(), targetCol);
      return true;
    }
    if (e.metaKey || e.ctrlKey || e.altKey) return false;
    const type = typeForKey(e.key);
    if (type === undefined) return false;
    e.preventDefault();
    const marked = mark(selectedRows(), targetCol, type ? type.id : null);
    if (selection.kind !== 'none') setSelection({ kind: 'none' });
    else if (marked) {
      sheet.moveTo({ row: row + 1, col });
      // A mark on the last student stays put: say where the roll ended.
      if (row === students.length - 1) sheet.say('마지막 학생까지 입력했습니다');
    }
    return true;
  }

  const onCellMouseDown = (r: number, c: number, e: React.MouseEvent) => {
    setSelection({ kind: 'none' });
    sheet.onCellMouseDown({ row: r, col: c }, e);
  };
  const onNameClick = (r: number, shift: boolean, ctrl: boolean) => {
    setSelection((sel) => {
      if (shift && sel.kind === 'rows') return { kind: 'rows', anchor: sel.anchor, rows: new Set(range(sel.anchor, r)) };
      if (ctrl && sel.kind === 'rows') {
        const rows = new Set(sel.rows);
        if (rows.has(r)) rows.delete(r);
        else rows.add(r);
        return { kind: 'rows', anchor: r, rows };
      }
      return { kind: 'rows', anchor: r, rows: new Set([r]) };
    });
    sheet.moveTo({ row: r, col });
    sheet.focus();
  };
  const pickColumn = (c: number) => {
    setSelection({ kind: 'column', col: c });
    sheet.moveTo({ row, col: c });
    sheet.focus();
  };

  // Live counts of the week being edited (the selected column or the active cell's column).
  const counts = useMemo(() => {
    const byType = new Map<number, number>();
    let unmarked = 0;
    let participants = 0;
    for (const s of students) {
      const v = s.cells[targetCol];
      if (v === null || v === undefined) continue;
      participants++;
      if (v === 0) unmarked++;
      else byType.set(v, (byType.get(v) ?? 0) + 1);
    }
    return { byType, unmarked, participants };
  }, [students, targetCol]);

  // The memoised rows get handlers that stay the same object and call the latest closures.
  const latest = useRef({ onCellMouseDown, onNameClick });
  latest.current = { onCellMouseDown, onNameClick };
  const rowHandlers = useMemo(
    () => ({
      onCellMouseDown: (r: number, c: number, e: React.MouseEvent) => latest.current.onCellMouseDown(r, c, e),
      onNameClick: (r: number, shift: boolean, ctrl: boolean) => latest.current.onNameClick(r, shift, ctrl),
    }),
    [],
  );

  return { sheet, types, typeById, sessionIds, lockedSets, selection, targetCol, counts, selectedRows, toggleLock, rowHandlers, pickColumn };
}
