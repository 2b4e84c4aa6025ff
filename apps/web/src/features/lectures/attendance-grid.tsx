import { formatKoreanDate } from '@academy/contracts/format';
import { type AttendanceGrid as Grid, sessionLabel } from '@academy/contracts/lectures';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { SheetGrid } from '../../components/sheet-grid/sheet-grid.tsx';
import { useProfileImages } from '../../lib/profile-images.ts';
import { ATTENDANCE_LAYOUT, AttendanceRow, attendanceCss, cellColors } from './attendance-grid-row.tsx';
import { LETTERS, useAttendanceGrid } from './use-attendance-grid.ts';

/**
 * The attendance sheet of a lecture: students × weekly lectures, on the shared sheet grid. Keyboard
 * first: arrows move, a digit (1–9) or letter picks a type and steps down, 0/Delete clears, K locks
 * or unlocks. It opens at today's first unmarked student and says so. Clicking a column header
 * selects the week; clicking names (Shift/Ctrl for ranges) selects rows; a key then sets every
 * selected participant in one call. Rows are virtualised, so 300 × 40 paints at once.
 */
export function AttendanceGrid({ lectureId, grid, initialCol }: { lectureId: number; grid: Grid; initialCol: number }) {
  const a = useAttendanceGrid({ lectureId, grid, initialCol });
  const { sheet, types, counts, selection, targetCol } = a;
  const students = grid.students;
  const photos = useProfileImages(students.map((s) => s.userId));
  const { row, col } = sheet.sel.active;
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
        <Typography variant="body2" sx={{ fontWeight: 700, color: 'primary.dark' }} data-testid="att-start-hint">
          다음 미입력 학생부터 · 입력하면 아래로
        </Typography>
        <Button size="small" startIcon={<LockOutlined />} onClick={() => void a.toggleLock(a.selectedRows(), targetCol)} data-testid="att-lock">
          잠금/해제
        </Button>
      </Stack>
      <Typography variant="caption" color="textSecondary" sx={{ display: 'block', mb: 1 }}>
        방향키로 이동 · {types.slice(0, 9).map((t, i) => `${i + 1}${LETTERS[t.name] ? `/${LETTERS[t.name]!.toUpperCase()}` : ''} ${t.name}`).join(' · ')} · 0/Delete 지우기 · K 잠금 ·
        회차 제목을 누르면 그 주 전체, 이름을 누르면(Shift·Ctrl로 여러 명) 선택한 학생에게 한 번에 입력
      </Typography>
      <SheetGrid
        sheet={sheet}
        label="출석부"
        testId="attendance-grid"
        rows={students.length}
        cols={a.sessionIds.length}
        layout={ATTENDANCE_LAYOUT}
        colWidth={ATTENDANCE_LAYOUT.colWidth}
        height="calc(100vh - 300px)"
        sx={attendanceCss}
        header={
          <div role="row" className="sheet-head att-head">
            <div className="sheet-first att-head-name">학생 ({students.length}명)</div>
            {grid.weeklyLectures.map((w, c) => (
              <div
                key={w.id}
                role="columnheader"
                data-testid="att-col"
                data-col={c}
                title={`${w.title} · ${formatKoreanDate(w.date)} ${w.startTime}–${w.endTime} (눌러서 이 회차 전체 선택)`}
                className={`att-col${selectedCol === c ? ' att-col-picked' : c === col ? ' att-col-current' : w.specialName ? ' att-col-special' : ''}`}
                onClick={() => a.pickColumn(c)}
              >
                <b>{sessionLabel(w)}</b>
                <span>{w.date.slice(5).replace('-', '/')}</span>
              </div>
            ))}
          </div>
        }
        renderRow={(index) => {
          const s = students[index]!;
          return (
            <AttendanceRow
              key={s.userId}
              student={s}
              index={index}
              activeCol={index === row ? col : -1}
              rowSelected={rowSel?.has(index) ?? false}
              selectedCol={selectedCol}
              typeById={a.typeById}
              lockedSet={a.lockedSets[index]!}
              sessionIds={a.sessionIds}
              onCellMouseDown={a.rowHandlers.onCellMouseDown}
              onNameClick={a.rowHandlers.onNameClick}
              photoUrl={photos.get(s.userId)}
            />
          );
        }}
      />
    </Box>
  );
}
