import { formatKoreanDate } from '@academy/contracts/format';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { mixColors, readableInk } from '../../lib/colors.ts';
import { errorMessage } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';
import { useProfileImages } from '../../lib/profile-images.ts';
import { sessionLabel, type AttendanceGrid as Grid, type AttendanceType, type GridStudent } from '@academy/contracts/lectures';
import { attendanceGridQuery } from './api/attendance-grid.ts';
import { setAttendance } from './api/set-attendance.ts';
import { setAttendanceLock } from './api/set-attendance-lock.ts';

const ROW_H = 32;
const CELL_W = 64;
const NAME_W = 168;
const HEAD_H = 52;
const OVERSCAN = 8;

/** Letters that pick the default types; digits 1–9 pick any type by its order. */
const LETTERS: Record<string, string> = { 출석: 'a', 지각: 'l', 조퇴: 'e', 결석: 'x', '온라인(영상 수강)': 'o', 보강: 'b' };

type Selection = { kind: 'none' } | { kind: 'column'; col: number } | { kind: 'rows'; rows: Set<number>; anchor: number };

function shortName(name: string): string {
  return name.startsWith('온라인') ? '온라인' : name.slice(0, 2);
}

type RowProps = {
  student: GridStudent;
  index: number;
  activeCol: number;
  rowSelected: boolean;
  selectedCol: number;
  typeById: Map<number, AttendanceType>;
  lockedSet: Set<number>;
  sessionIds: number[];
  onCellClick: (row: number, col: number) => void;
  onNameClick: (row: number, shift: boolean, ctrl: boolean) => void;
  /** The student's photo, when they have one (new TAs learn faces from the sheet). */
  photoUrl: string | undefined;
};

/** One student's row. Memoised: a mark repaints only the rows it changed; plain elements keep 300 × 40 cheap. */
const Row = memo(function Row({ student, index, activeCol, rowSelected, selectedCol, typeById, lockedSet, sessionIds, onCellClick, onNameClick, photoUrl }: RowProps) {
  return (
    <div role="row" data-testid="att-row" data-user-id={student.userId} className={rowSelected ? 'att-row att-row-selected' : 'att-row'} style={{ top: HEAD_H + index * ROW_H }}>
      <div role="rowheader" className={student.enrolled ? 'att-name' : 'att-name att-name-left'} onClick={(e) => onNameClick(index, e.shiftKey, e.metaKey || e.ctrlKey)}>
        {photoUrl && <img className="att-photo" src={photoUrl} alt={`${student.name} 사진`} width={22} height={22} data-testid="att-photo" />}
        <b>{student.name}</b>
        <span>{student.enrolled ? student.loginId : '이동/종료'}</span>
      </div>
      {student.cells.map((v, col) => {
        const type = v ? typeById.get(v) : undefined;
        const locked = v !== null && lockedSet.has(sessionIds[col]!);
        let className = 'att-cell';
        if (v === null) className += ' att-none';
        if (col === activeCol) className += ' att-active';
        if (selectedCol === col) className += ' att-col-selected';
        return (
          <div
            key={col}
            role="gridcell"
            data-col={col}
            data-value={v === null ? '' : String(v)}
            data-locked={locked ? 'true' : undefined}
            className={className}
            style={type ? cellColors(type.color) : undefined}
            onClick={() => onCellClick(index, col)}
          >
            {v === null ? '' : type ? shortName(type.name) : '·'}
            {locked && <LockOutlined className="att-lock" />}
          </div>
        );
      })}
    </div>
  );
});

const SELECTED_ROW = '#e3efe3';

/**
 * A mark's cell: a light tint of the type's colour, with the label in that colour darkened as far
 * as WCAG AA needs on the tint (judged on the selected row's background, the darkest it sits on).
 */
const cellColorCache = new Map<string, { backgroundColor: string; color: string }>();
function cellColors(color: string): { backgroundColor: string; color: string } {
  let c = cellColorCache.get(color);
  if (!c) cellColorCache.set(color, (c = { backgroundColor: `${color}26`, color: readableInk(color, mixColors(SELECTED_ROW, color, 0.15)) }));
  return c;
}

const gridCss = {
  '& .att-row': { position: 'absolute', left: 0, height: ROW_H, display: 'flex', bgcolor: 'background.paper' },
  '& .att-row-selected, & .att-row-selected .att-name': { bgcolor: SELECTED_ROW },
  '& .att-name': {
    position: 'sticky', left: 0, zIndex: 1, width: NAME_W, flex: `0 0 ${NAME_W}px`, px: 1, display: 'flex', alignItems: 'center', gap: 0.5, boxSizing: 'border-box',
    borderRight: 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', cursor: 'pointer', fontSize: 13, overflow: 'hidden', whiteSpace: 'nowrap',
    '& span': { color: 'text.secondary', fontSize: 11, overflow: 'hidden', textOverflow: 'ellipsis' },
  },
  '& .att-name-left': { color: 'text.secondary' },
  '& .att-photo': { width: 22, height: 22, borderRadius: '50%', flex: '0 0 22px', objectFit: 'cover' },
  '& .att-cell': {
    width: CELL_W, flex: `0 0 ${CELL_W}px`, boxSizing: 'border-box', borderRight: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', justifyContent: 'center',
    fontSize: 12, fontWeight: 700, cursor: 'pointer', position: 'relative', color: 'text.secondary',
  },
  '& .att-none': { bgcolor: 'action.hover', cursor: 'default' },
  '& .att-col-selected': { bgcolor: 'rgba(46,125,50,0.08)' },
  '& .att-active': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' },
  '& .att-lock': { position: 'absolute', right: 2, top: 2, fontSize: 10, color: 'text.secondary' },
  '& .att-head': { position: 'sticky', top: 0, zIndex: 3, display: 'flex', height: HEAD_H },
  '& .att-head-name': {
    position: 'sticky', left: 0, zIndex: 4, width: NAME_W, flex: `0 0 ${NAME_W}px`, boxSizing: 'border-box', bgcolor: 'grey.100', borderRight: 1, borderBottom: 1, borderColor: 'divider',
    px: 1, display: 'flex', alignItems: 'center', fontSize: 13, fontWeight: 700,
  },
  '& .att-col': {
    width: CELL_W, flex: `0 0 ${CELL_W}px`, boxSizing: 'border-box', borderRight: 1, borderBottom: 1, borderColor: 'divider', cursor: 'pointer', textAlign: 'center', fontSize: 11,
    lineHeight: 1.3, display: 'flex', flexDirection: 'column', justifyContent: 'center', bgcolor: 'grey.100',
    '& b': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', px: 0.25 },
  },
  '& .att-col-special': { bgcolor: '#f3e5f5' },
  '& .att-col-current': { bgcolor: '#2f6b2d', color: 'primary.contrastText' },
  '& .att-col-picked': { bgcolor: 'primary.main', color: 'primary.contrastText' },
} as const;

/**
 * The attendance sheet of a lecture: students × weekly lectures. Keyboard first: arrows move, a
 * digit (1–9) or letter picks a type and steps down, 0/Delete clears, K locks or unlocks. Clicking a
 * column header selects the week; clicking names (Shift/Ctrl for ranges) selects rows; a key then
 * sets every selected participant in one call. Rows are virtualised, so 300 × 40 paints at once.
 */
export function AttendanceGrid({ lectureId, grid, initialCol }: { lectureId: number; grid: Grid; initialCol: number }) {
  const client = useQueryClient();
  const types = useMemo(() => [...grid.attendanceTypes].sort((a, b) => a.seq - b.seq), [grid.attendanceTypes]);
  const typeById = useMemo(() => new Map(types.map((t) => [t.id, t])), [types]);
  const sessionIds = useMemo(() => grid.weeklyLectures.map((w) => w.id), [grid.weeklyLectures]);
  // The sheet opens on today's session with its first unmarked participant active and the grid
  // focused, so a TA types marks at once (no click, no Tab through the page first).
  const [active, setActive] = useState(() => {
    const col = Math.max(0, initialCol);
    return { row: Math.max(0, grid.students.findIndex((s) => s.cells[col] === 0)), col };
  });
  const [selection, setSelection] = useState<Selection>({ kind: 'none' });
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 600 });
  const students = grid.students;
  const photos = useProfileImages(students.map((s) => s.userId));
  const lockedSets = useMemo(() => students.map((s) => new Set(s.lockedWeeklyLectureIds)), [students]);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    setView({ top: el.scrollTop, height: el.clientHeight });
    // Start at the chosen week (today's session), not at the first column.
    el.scrollLeft = Math.max(0, initialCol * CELL_W - CELL_W * 3);
  }, [initialCol]);

  const opened = useRef(false);
  useEffect(() => {
    const el = scroller.current;
    if (!el || opened.current) return;
    opened.current = true;
    el.focus({ preventScroll: true });
    el.scrollTop = Math.max(0, active.row * ROW_H - el.clientHeight / 2);
  }, [active.row]);

  const patch = useCallback(
    (change: (s: GridStudent) => GridStudent | null) => {
      client.setQueryData(attendanceGridQuery(lectureId).queryKey, (old) => {
        if (!old) return old;
        return { ...old, students: old.students.map((s) => change(s) ?? s) };
      });
    },
    [client, lectureId],
  );

  const mark = useCallback(
    async (rows: number[], col: number, attTypeId: number | null) => {
      const wl = grid.weeklyLectures[col]!;
      const targets = rows.map((r) => students[r]!).filter((s) => s.cells[col] !== null);
      const open = targets.filter((s) => !s.lockedWeeklyLectureIds.includes(wl.id));
      if (open.length < targets.length) {
        const names = targets.filter((s) => s.lockedWeeklyLectureIds.includes(wl.id)).map((s) => s.name);
        if (open.length === 0) {
          toast.warning(`출결이 잠겨 있어 변경할 수 없습니다: ${names.join(', ')}. 잠금을 해제한 뒤 다시 시도해 주세요`);
          return;
        }
        toast.info(`잠긴 ${names.length}명(${names.slice(0, 3).join(', ')}${names.length > 3 ? ' 외' : ''})은 제외했습니다`);
      }
      if (open.length === 0) return;
      const ids = new Set(open.map((s) => s.userId));
      const before = new Map(open.map((s) => [s.userId, s.cells[col]!]));
      patch((s) => (ids.has(s.userId) ? { ...s, cells: s.cells.map((c, i) => (i === col ? (attTypeId ?? 0) : c)) } : null));
      try {
        await setAttendance({ lectureId, wlId: wl.id, userIds: [...ids], attTypeId });
      } catch (err) {
        patch((s) => (ids.has(s.userId) ? { ...s, cells: s.cells.map((c, i) => (i === col ? before.get(s.userId)! : c)) } : null));
        toast.error(errorMessage(err));
      }
    },
    [grid.weeklyLectures, students, lectureId, patch],
  );

  const toggleLock = useCallback(
    async (rows: number[], col: number) => {
      const wl = grid.weeklyLectures[col]!;
      const targets = rows.map((r) => students[r]!).filter((s) => s.cells[col] !== null);
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
    },
    [grid.weeklyLectures, students, lectureId, patch],
  );

  const selectedRows = (): number[] => {
    if (selection.kind === 'column') return students.map((_, i) => i);
    if (selection.kind === 'rows') return [...selection.rows].sort((a, b) => a - b);
    return [active.row];
  };
  const targetCol = selection.kind === 'column' ? selection.col : active.col;

  const scrollIntoView = (row: number, col: number) => {
    const el = scroller.current;
    if (!el) return;
    const top = HEAD_H + row * ROW_H;
    if (top < el.scrollTop + HEAD_H) el.scrollTop = top - HEAD_H;
    else if (top + ROW_H > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_H - el.clientHeight;
    const left = NAME_W + col * CELL_W;
    if (left < el.scrollLeft + NAME_W) el.scrollLeft = left - NAME_W;
    else if (left + CELL_W > el.scrollLeft + el.clientWidth) el.scrollLeft = left + CELL_W - el.clientWidth;
  };

  const move = (row: number, col: number) => {
    const r = Math.min(Math.max(row, 0), students.length - 1);
    const c = Math.min(Math.max(col, 0), sessionIds.length - 1);
    setActive({ row: r, col: c });
    scrollIntoView(r, c);
  };

  const typeForKey = (key: string): AttendanceType | null | undefined => {
    if (key === '0' || key === 'Delete' || key === 'Backspace') return null;
    if (/^[1-9]$/.test(key)) return types[Number(key) - 1];
    const byLetter = types.find((t) => LETTERS[t.name] === key.toLowerCase());
    return byLetter;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (students.length === 0 || sessionIds.length === 0) return;
    const { row, col } = active;
    switch (e.key) {
      case 'ArrowUp':
      case 'ArrowDown': {
        e.preventDefault();
        const next = row + (e.key === 'ArrowUp' ? -1 : 1);
        if (e.shiftKey) {
          const anchor = selection.kind === 'rows' ? selection.anchor : row;
          const lo = Math.min(anchor, next);
          const hi = Math.max(anchor, next);
          setSelection({ kind: 'rows', anchor, rows: new Set(Array.from({ length: hi - lo + 1 }, (_, i) => lo + i).filter((i) => i >= 0 && i < students.length)) });
        } else setSelection({ kind: 'none' });
        move(next, col);
        return;
      }
      case 'ArrowLeft':
      case 'ArrowRight':
        e.preventDefault();
        if (selection.kind === 'column') setSelection({ kind: 'none' });
        move(row, col + (e.key === 'ArrowLeft' ? -1 : 1));
        return;
      case 'Enter':
        e.preventDefault();
        move(row + 1, col);
        return;
      case 'Escape':
        setSelection({ kind: 'none' });
        return;
      case 'k':
      case 'K':
        e.preventDefault();
        void toggleLock(selectedRows(), targetCol);
        return;
      default: {
        if (e.metaKey || e.ctrlKey || e.altKey) return;
        const type = typeForKey(e.key);
        if (type === undefined) return;
        e.preventDefault();
        const rows = selectedRows();
        void mark(rows, targetCol, type ? type.id : null);
        if (selection.kind === 'none') move(row + 1, col);
        else setSelection({ kind: 'none' });
      }
    }
  };

  const onCellClick = useCallback((row: number, col: number) => {
    setActive({ row, col });
    setSelection({ kind: 'none' });
    scroller.current?.focus();
  }, []);
  const onNameClick = useCallback(
    (row: number, shift: boolean, ctrl: boolean) => {
      setSelection((sel) => {
        if (shift && sel.kind === 'rows') {
          const lo = Math.min(sel.anchor, row);
          const hi = Math.max(sel.anchor, row);
          return { kind: 'rows', anchor: sel.anchor, rows: new Set(Array.from({ length: hi - lo + 1 }, (_, i) => lo + i)) };
        }
        if (ctrl && sel.kind === 'rows') {
          const rows = new Set(sel.rows);
          if (rows.has(row)) rows.delete(row);
          else rows.add(row);
          return { kind: 'rows', anchor: row, rows };
        }
        return { kind: 'rows', anchor: row, rows: new Set([row]) };
      });
      setActive((a) => ({ row, col: a.col }));
      scroller.current?.focus();
    },
    [],
  );

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

  const first = Math.max(0, Math.floor((view.top - HEAD_H) / ROW_H) - OVERSCAN);
  const last = Math.min(students.length, Math.ceil((view.top + view.height) / ROW_H) + OVERSCAN);
  const rowSel = selection.kind === 'rows' ? selection.rows : null;
  const selectedCol = selection.kind === 'column' ? selection.col : -1;
  const wl = grid.weeklyLectures[targetCol];

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }} data-testid="att-counts">
        <Typography variant="subtitle2" sx={{ mr: 1 }}>
          {wl ? `${wl.title} · ${formatKoreanDate(wl.date)}` : '회차 없음'}
        </Typography>
        {types.map((t) => (
          <Chip key={t.id} size="small" label={`${t.name} ${counts.byType.get(t.id) ?? 0}`} sx={{ bgcolor: `${t.color}26`, color: cellColors(t.color).color, fontWeight: 700 }} data-testid={`count-${t.name}`} />
        ))}
        <Chip size="small" variant="outlined" label={`미입력 ${counts.unmarked}`} data-testid="count-unmarked" />
        <Typography variant="caption" color="textSecondary">참여 {counts.participants}명</Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button size="small" startIcon={<LockOutlined />} onClick={() => void toggleLock(selectedRows(), targetCol)} data-testid="att-lock">
          잠금/해제
        </Button>
      </Stack>
      <Typography variant="caption" color="textSecondary" sx={{ display: 'block', mb: 1 }}>
        방향키로 이동 · {types.slice(0, 9).map((t, i) => `${i + 1}${LETTERS[t.name] ? `/${LETTERS[t.name]!.toUpperCase()}` : ''} ${t.name}`).join(' · ')} · 0/Delete 지우기 · K 잠금 ·
        회차 제목을 누르면 그 주 전체, 이름을 누르면(Shift·Ctrl로 여러 명) 선택한 학생에게 한 번에 입력
      </Typography>
      <Box
        ref={scroller}
        tabIndex={0}
        role="grid"
        aria-label="출석부"
        data-testid="attendance-grid"
        onKeyDown={onKeyDown}
        onScroll={(e) => setView({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight })}
        sx={{ position: 'relative', overflow: 'auto', height: 'calc(100vh - 300px)', minHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1, outline: 'none', '&:focus-visible': { borderColor: 'primary.main' }, ...gridCss }}
      >
        <Box sx={{ position: 'relative', width: NAME_W + sessionIds.length * CELL_W, height: HEAD_H + students.length * ROW_H }}>
          <div role="row" className="att-head">
            <div className="att-head-name">학생 ({students.length}명)</div>
            {grid.weeklyLectures.map((w, col) => (
              <div
                key={w.id}
                role="columnheader"
                data-testid="att-col"
                data-col={col}
                title={`${w.title} · ${formatKoreanDate(w.date)} ${w.startTime}–${w.endTime} (눌러서 이 회차 전체 선택)`}
                className={`att-col${selectedCol === col ? ' att-col-picked' : col === active.col ? ' att-col-current' : w.specialName ? ' att-col-special' : ''}`}
                onClick={() => {
                  setSelection({ kind: 'column', col });
                  setActive((a) => ({ row: a.row, col }));
                  scroller.current?.focus();
                }}
              >
                <b>{sessionLabel(w)}</b>
                <span>{w.date.slice(5).replace('-', '/')}</span>
              </div>
            ))}
          </div>
          {students.slice(first, last).map((s, k) => {
            const index = first + k;
            return (
              <Row
                key={s.userId}
                student={s}
                index={index}
                activeCol={index === active.row ? active.col : -1}
                rowSelected={rowSel?.has(index) ?? false}
                selectedCol={selectedCol}
                typeById={typeById}
                lockedSet={lockedSets[index]!}
                sessionIds={sessionIds}
                onCellClick={onCellClick}
                onNameClick={onNameClick}
                photoUrl={photos.get(s.userId)}
              />
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}
