import type { AttendanceType, GridStudent } from '@academy/contracts/lectures';
import { memo } from 'react';
import { cellClass, SheetLockBadge, SheetRow } from '../../components/sheet-grid/sheet-grid.tsx';
import type { Layout } from '../../components/sheet-grid/sheet-model.ts';
import { mixColors, readableInk } from '../../lib/colors.ts';

export const ATTENDANCE_LAYOUT: Layout = { rowHeight: 32, colWidth: 64, firstColWidth: 168, top: 52 };

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
  onCellMouseDown: (row: number, col: number, e: React.MouseEvent) => void;
  onNameClick: (row: number, shift: boolean, ctrl: boolean) => void;
  /** The student's photo, when they have one (new TAs learn faces from the sheet). */
  photoUrl: string | undefined;
};

/** One student's row. Memoised: a mark repaints only the rows it changed; plain elements keep 300 × 40 cheap. */
export const AttendanceRow = memo(function AttendanceRow({ student, index, activeCol, rowSelected, selectedCol, typeById, lockedSet, sessionIds, onCellMouseDown, onNameClick, photoUrl }: RowProps) {
  return (
    <SheetRow index={index} layout={ATTENDANCE_LAYOUT} data-testid="att-row" data-user-id={student.userId} className={rowSelected ? 'att-row att-row-selected' : 'att-row'}>
      <div role="rowheader" className={student.enrolled ? 'sheet-first att-name' : 'sheet-first att-name att-name-left'} onClick={(e) => onNameClick(index, e.shiftKey, e.metaKey || e.ctrlKey)}>
        {photoUrl && <img className="att-photo" src={photoUrl} alt={`${student.name} 사진`} width={22} height={22} data-testid="att-photo" />}
        <b>{student.name}</b>
        <span>{student.enrolled ? student.loginId : '이동/종료'}</span>
      </div>
      {student.cells.map((v, col) => {
        const type = v ? typeById.get(v) : undefined;
        const locked = v !== null && lockedSet.has(sessionIds[col]!);
        let own = 'att-cell';
        if (v === null) own += ' att-none';
        if (selectedCol === col) own += ' att-col-selected';
        return (
          <div
            key={col}
            role="gridcell"
            data-col={col}
            data-value={v === null ? '' : String(v)}
            data-locked={locked ? 'true' : undefined}
            aria-label={locked ? `${student.name} ${type?.name ?? '미입력'} (잠김)` : undefined}
            className={cellClass({ active: col === activeCol, block: false, locked }, own)}
            style={type ? cellColors(type.color) : undefined}
            onMouseDown={(e) => onCellMouseDown(index, col, e)}
          >
            {v === null ? '' : type ? shortName(type.name) : '·'}
            {locked && <SheetLockBadge corner />}
          </div>
        );
      })}
    </SheetRow>
  );
});

const SELECTED_ROW = '#e3efe3';

/**
 * A mark's cell: a light tint of the type's colour, with the label in that colour darkened as far
 * as WCAG AA needs on the tint (judged on the selected row's background, the darkest it sits on).
 */
const cellColorCache = new Map<string, { backgroundColor: string; color: string }>();
export function cellColors(color: string): { backgroundColor: string; color: string } {
  let c = cellColorCache.get(color);
  if (!c) cellColorCache.set(color, (c = { backgroundColor: `${color}26`, color: readableInk(color, mixColors(SELECTED_ROW, color, 0.15)) }));
  return c;
}

/** The attendance sheet's own look, over the shared sheet structure (sheetCss). */
export const attendanceCss = {
  '& .att-row': { bgcolor: 'background.paper' },
  '& .att-row-selected, & .att-row-selected .att-name': { bgcolor: SELECTED_ROW },
  '& .att-name': {
    px: 1, bgcolor: 'background.paper', cursor: 'pointer',
    '& span': { color: 'text.secondary', fontSize: 11, overflow: 'hidden', textOverflow: 'ellipsis' },
  },
  '& .att-name-left': { color: 'text.secondary' },
  '& .att-photo': { width: 22, height: 22, borderRadius: '50%', flex: '0 0 22px', objectFit: 'cover' },
  '& .att-cell': { justifyContent: 'center', fontSize: 12, fontWeight: 700, cursor: 'pointer', color: 'text.secondary' },
  '& .att-none': { bgcolor: 'action.hover', cursor: 'default' },
  '& .att-col-selected': { bgcolor: 'rgba(46,125,50,0.08)' },
  '& .att-head': { top: 0, height: ATTENDANCE_LAYOUT.top },
  '& .att-head-name': { bgcolor: 'grey.100', px: 1, fontWeight: 700 },
  '& .att-col': {
    width: 'var(--sheet-cw)', flex: '0 0 var(--sheet-cw)', boxSizing: 'border-box', borderRight: 1, borderBottom: 1, borderColor: 'divider', cursor: 'pointer', textAlign: 'center', fontSize: 11,
    lineHeight: 1.3, display: 'flex', flexDirection: 'column', justifyContent: 'center', bgcolor: 'grey.100',
    '& b': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', px: 0.25 },
  },
  '& .att-col-special': { bgcolor: '#f3e5f5' },
  '& .att-col-current': { bgcolor: '#2f6b2d', color: 'primary.contrastText' },
  '& .att-col-picked': { bgcolor: 'primary.main', color: 'primary.contrastText' },
} as const;
