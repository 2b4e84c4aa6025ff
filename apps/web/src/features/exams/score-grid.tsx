import type { ScoreGrid as Grid } from '@academy/contracts/exams';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import { Box, Button, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import type { QueryKey } from '@tanstack/react-query';
import { type ReactNode, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { SheetGrid } from '../../components/sheet-grid/sheet-grid.tsx';
import { toast } from '../../lib/toast.ts';
import { AnswersDialog, ScoreMemoDialog } from './score-cell-dialogs.tsx';
import { ScoreGridHead } from './score-grid-head.tsx';
import { CellMenu, ShortcutsButton } from './score-grid-menus.tsx';
import { gridCss, type RowHandlers, ScoreRow } from './score-grid-row.tsx';
import { type ScoreGridState, useScoreGrid } from './use-score-grid.ts';

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
 * spreadsheet by keyboard on the shared sheet grid. A typed score is saved with the version the
 * screen showed (one request; the cell is locked for the others only when its editor stays open);
 * a paste from Excel is one all-or-nothing call; Ctrl+Z puts back the last write. Other staff's
 * locks and scores arrive live and patch the cached grid. Rows are virtualised.
 */
export function ScoreGrid(props: ScoreGridProps) {
  const s = useScoreGrid(props);
  const { grid, sheet, commands } = s;
  const live = s.live;
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2" color="textSecondary" sx={{ mr: 'auto' }}>
          숫자를 치고 Enter · 엑셀에서 복사해 Ctrl+V · 오른쪽 클릭으로 상태 · {live === 'live' ? '실시간 연결됨' : live === 'retrying' ? '실시간 다시 연결 중…' : '실시간 연결 중…'}
          {s.writes.saving > 0 ? ` · 저장 중 ${s.writes.saving}` : ''}
        </Typography>
        {props.toolbar}
        <FormControlLabel control={<Switch size="small" checked={s.withRetakes} onChange={(e) => s.setWithRetakes(e.target.checked)} />} label="재시험 열" />
        <Button size="small" startIcon={<UndoOutlined />} disabled={sheet.undo.count === 0} onClick={() => void sheet.runUndo()} data-testid="score-undo">
          되돌리기
        </Button>
        <ShortcutsButton open={commands.shortcutsOpen} onOpenChange={commands.setShortcutsOpen} />
      </Stack>
      {grid.exams.length === 0 ? (
        <Box sx={{ p: 4, textAlign: 'center', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
          <Typography color="textSecondary">이 회차에는 아직 시험이 없습니다. 위에서 시험을 추가하면 성적표가 열립니다.</Typography>
        </Box>
      ) : (
        <ScoreSheet state={s} onOpenExam={props.onOpenExam} selectedStudents={props.selectedStudents} />
      )}
      <ScoreGridPopups state={s} lectureId={props.lectureId} />
    </Box>
  );
}

/** The sheet itself: header, averages and the painted rows. */
function ScoreSheet({ state: s, onOpenExam, selectedStudents }: { state: ScoreGridState; onOpenExam?: (examId: number) => void; selectedStudents: ReadonlySet<number> }) {
  const { grid, columns, sheet } = s;
  const { row, col } = s.active;
  const handlers = useRowHandlers(s);
  const block = sheet.sel.block;
  const students = grid.students;
  return (
    <SheetGrid
      sheet={sheet}
      label={`성적표 · ${grid.lecture.name}`}
      testId="score-grid"
      rows={students.length}
      cols={columns.length}
      layout={sheet.layout}
      colWidth={sheet.layout.colWidth}
      sx={gridCss}
      attributes={{
        'aria-rowcount': students.length + 2,
        'aria-multiselectable': true,
        'aria-activedescendant': students[row] && columns[col] ? `sg-${students[row].userId}-${col}` : undefined,
        'data-live': s.live === 'live' ? 'true' : 'false',
        'data-saving': s.writes.saving,
      }}
      header={<ScoreGridHead grid={grid} columns={columns} activeCol={col} onOpenExam={onOpenExam} />}
      renderRow={(index) => {
        const st = students[index]!;
        const editing = sheet.editing;
        return (
          <ScoreRow
            key={st.userId}
            row={st}
            index={index}
            columns={columns}
            exams={grid.exams}
            activeCol={index === row ? col : -1}
            blockCols={block && index >= block.r0 && index <= block.r1 ? [block.c0, block.c1] : null}
            editText={editing && editing.row === index ? editing.text : null}
            locks={s.lockMap.get(st.userId)}
            selected={selectedStudents.has(st.userId)}
            handlers={handlers}
          />
        );
      }}
    />
  );
}

/** Handlers of the memoised rows: one object for the grid's life, calling the latest state. */
function useRowHandlers(s: ScoreGridState): RowHandlers {
  const latest = useRef(s);
  latest.current = s;
  return useMemo<RowHandlers>(() => {
    const st = () => latest.current;
    return {
      onCellMouseDown: (r, c, e) => st().sheet.onCellMouseDown({ row: r, col: c }, e),
      onCellDoubleClick: (r, c) => {
        const cell = st().cellOf(r, c);
        st().startEdit({ row: r, col: c }, cell.value === null ? '' : String(cell.value));
      },
      onCellContextMenu: (r, c, e) => {
        e.preventDefault();
        const { sheet, commands } = st();
        if (sheet.editing && !sheet.commitEdit(null)) sheet.cancelEdit();
        if (!sheet.isInBlock({ row: r, col: c })) sheet.moveTo({ row: r, col: c });
        commands.openMenu({ row: r, col: c }, e.clientX, e.clientY);
      },
      onToggleStudent: (r, shift) => st().commands.toggleStudent(r, shift),
      onEditChange: (t) => st().sheet.editor.onChange(t.replace(/[^0-9.]/g, '')),
      onEditKeyDown: (e) => st().sheet.editor.onKeyDown(e),
      onEditBlur: () => st().sheet.editor.onBlur(),
    };
  }, []);
}

/** The cell menu and the memo and answers dialogs. */
function ScoreGridPopups({ state: s, lectureId }: { state: ScoreGridState; lectureId: number }) {
  const { grid, columns, commands } = s;
  const navigate = useNavigate();
  const menu = commands.menu;
  const dialog = commands.dialog;
  const row = dialog ? grid.students[dialog.row] : undefined;
  const column = dialog ? columns[dialog.col] : undefined;
  const exam = column ? grid.exams[column.exam] : undefined;
  return (
    <>
      <CellMenu
        target={menu}
        onClose={() => {
          commands.setMenu(null);
          s.sheet.focus();
        }}
        onStatus={commands.setStatus}
        onClinic={(v) => commands.setCellField('clinic', v)}
        onDelivery={(v) => commands.setCellField('delivery', v)}
        onMemo={() => menu && commands.openDialog('memo', menu)}
        onAnswers={() => menu && commands.openDialog('answers', menu)}
        onSheet={() => {
          const st = menu && grid.students[menu.row];
          const c = menu && columns[menu.col];
          if (st && c) void navigate(`/crm/lectures/${lectureId}/omr/${grid.exams[c.exam]!.id}?student=${st.userId}`);
        }}
        onClear={commands.clearCells}
      />
      {dialog?.kind === 'memo' && row && column && exam && (
        <ScoreMemoDialog
          cell={{ exam, userId: row.userId, studentName: row.name, version: row.version[column.exam]! }}
          memo={row.memo[column.exam] ?? ''}
          onClose={() => commands.closeDialog()}
          onSaved={(c) => {
            s.writes.applyServerCells([c]);
            commands.closeDialog(true);
            toast.success('메모를 저장했습니다');
          }}
        />
      )}
      {dialog?.kind === 'answers' && row && column && exam && (
        <AnswersDialog
          cell={{ exam, userId: row.userId, studentName: row.name, version: undefined }}
          attempt={column.attempt}
          onClose={() => commands.closeDialog()}
          onSaved={(c) => {
            s.writes.applyServerCells([c]);
            commands.closeDialog(true);
            toast.success(`${row.name}: ${column.attempt === 'first' ? c.first : c.retake}점으로 채점했습니다`);
          }}
        />
      )}
    </>
  );
}
