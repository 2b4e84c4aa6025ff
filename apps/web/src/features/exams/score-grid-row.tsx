import { CLINIC_STATUS_LABEL, DELIVERY_TYPE_LABEL, type Exam, type GridRow, SCORE_STATUS_LABEL, type ScoreLock } from '@academy/contracts/exams';
import { memo, type KeyboardEvent, type MouseEvent } from 'react';
import { cellClass, SheetLockBadge, SheetRow } from '../../components/sheet-grid/sheet-grid.tsx';
import type { GridColumn } from './score-grid-model.ts';

export const ROW_H = 34;
export const CELL_W = 76;
export const NAME_W = 176;
export const HEAD_H = 64;
export const AVG_H = 30;
export const TOP = HEAD_H + AVG_H;
const LAYOUT = { rowHeight: ROW_H, colWidth: CELL_W, firstColWidth: NAME_W, top: TOP };

export type RowHandlers = {
  onCellMouseDown: (row: number, col: number, e: MouseEvent) => void;
  onCellDoubleClick: (row: number, col: number) => void;
  onCellContextMenu: (row: number, col: number, e: MouseEvent) => void;
  onToggleStudent: (row: number, shift: boolean) => void;
  onEditChange: (text: string) => void;
  onEditKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
  onEditBlur: () => void;
};

type RowProps = {
  row: GridRow;
  index: number;
  columns: readonly GridColumn[];
  exams: readonly Exam[];
  activeCol: number;
  /** Columns of the block selection in this row, or null. */
  blockCols: [number, number] | null;
  editText: string | null;
  locks: Map<number, ScoreLock> | undefined;
  selected: boolean;
  handlers: RowHandlers;
};

function cellText(value: number | null, status: string | null, attempt: 'first' | 'retake'): string {
  // 결시·면제 win over a score left from before (it does not count in the average).
  if (attempt === 'first' && (status === 'absent' || status === 'exempt')) return value === null ? SCORE_STATUS_LABEL[status] : `${SCORE_STATUS_LABEL[status]} (${value})`;
  return value === null ? '' : String(value);
}

/** One student's row. Memoised: a write repaints only its row; plain elements keep 300 × 24 cheap. */
export const ScoreRow = memo(function ScoreRow({ row, index, columns, exams, activeCol, blockCols, editText, locks, selected, handlers }: RowProps) {
  return (
    <SheetRow index={index} layout={LAYOUT} aria-rowindex={index + 3} aria-selected={selected} data-testid="score-row" data-user-id={row.userId} className={selected ? 'sg-row-selected' : undefined}>
      <div role="rowheader" className="sheet-first sg-name">
        <input type="checkbox" checked={selected} aria-label={`${row.name} 선택`} tabIndex={-1} onChange={() => {}} onClick={(e) => handlers.onToggleStudent(index, e.shiftKey)} data-testid="score-row-select" />
        <b title={row.name}>{row.name}</b>
        <span>{row.loginId}</span>
        {row.studentMemo && <i className="sg-student-memo" title={`학생 메모: ${row.studentMemo}`} aria-label={`학생 메모: ${row.studentMemo}`}>메모</i>}
      </div>
      {columns.map((col, c) => {
        const i = col.exam;
        const exam = exams[i]!;
        const status = row.status[i]!;
        const value = col.attempt === 'first' ? row.first[i]! : row.retake[i]!;
        const participant = status !== null;
        const lock = participant ? locks?.get(exam.id) : undefined;
        const memoText = col.attempt === 'first' ? row.memo[i] : null;
        const clinic = col.attempt === 'first' ? row.clinic[i] : null;
        const below = col.attempt === 'first' && participant && status === 'taken' && value !== null && exam.cutline !== null && value < exam.cutline;
        const editing = c === activeCol && editText !== null;
        let own = 'sg-cell';
        if (col.attempt === 'retake') own += ' sg-retake';
        if (!participant) own += ' sg-none';
        if (below) own += ' sg-below';
        if (col.attempt === 'first' && (status === 'absent' || status === 'exempt')) own += ' sg-status';
        if (lock) own += ' sg-locked';
        if (i % 2 === 1) own += ' sg-odd';
        const className = cellClass({ active: c === activeCol, block: !!blockCols && c >= blockCols[0] && c <= blockCols[1], locked: !!lock }, own);
        const label = participant
          ? [
              `${row.name} ${exam.title} ${col.attempt === 'first' ? '1차' : '재시험'}`,
              // The number stands as its own word: the visible text must be part of the name (WCAG 2.5.3).
              value !== null ? `점수 ${value}` : status && col.attempt === 'first' ? SCORE_STATUS_LABEL[status] : '미입력',
              below ? `커트라인(${exam.cutline}점) 미만` : '',
              clinic && clinic !== 'none' ? CLINIC_STATUS_LABEL[clinic] : '',
              col.attempt === 'first' && row.delivery[i] && row.delivery[i] !== 'none' ? `전달: ${DELIVERY_TYPE_LABEL[row.delivery[i]!]}` : '',
              row.grade[i] !== null && col.attempt === 'first' ? `${row.grade[i]}등급` : '',
              memoText ? `메모: ${memoText}` : '',
              lock ? `${lock.holderName} 입력 중` : '',
            ].filter(Boolean).join(', ')
          : `${row.name} ${exam.title}: 회차 참여자가 아님`;
        return (
          <div
            key={c}
            role="gridcell"
            id={`sg-${row.userId}-${c}`}
            aria-colindex={c + 2}
            aria-label={editing ? undefined : label}
            aria-readonly={!participant || !!lock}
            title={memoText ? `메모: ${memoText}` : undefined}
            data-col={c}
            data-value={value === null ? '' : String(value)}
            data-status={status ?? ''}
            data-below={below ? 'true' : undefined}
            data-locked-by={lock?.holderName}
            className={className}
            onMouseDown={(e) => handlers.onCellMouseDown(index, c, e)}
            onDoubleClick={() => handlers.onCellDoubleClick(index, c)}
            onContextMenu={(e) => handlers.onCellContextMenu(index, c, e)}
          >
            {editing ? (
              <input
                className="sg-input"
                autoFocus
                inputMode="decimal"
                aria-label={`${row.name} ${exam.title} ${col.attempt === 'first' ? '1차' : '재시험'} 점수 (만점 ${exam.maxScore})`}
                data-testid="score-input"
                value={editText ?? ''}
                onChange={(e) => handlers.onEditChange(e.target.value)}
                onKeyDown={handlers.onEditKeyDown}
                onBlur={handlers.onEditBlur}
              />
            ) : lock ? (
              <SheetLockBadge label={`${lock.holderName} 입력 중`} />
            ) : (
              <>
                {cellText(value, status, col.attempt)}
                {/* A space between the score and its grade: the visible text reads "45 2등급", as its name does (WCAG 2.5.3). */}
                {col.attempt === 'first' && row.grade[i] !== null && <> <sub className="sg-grade">{row.grade[i]}등급</sub></>}
              </>
            )}
            {memoText && <span className="sg-memo" aria-hidden />}
            {clinic && clinic !== 'none' && <span className={`sg-clinic sg-clinic-${clinic}`} aria-hidden />}
          </div>
        );
      })}
    </SheetRow>
  );
});

/** The grid's one stylesheet (plain elements, so 300 rows stay cheap). Colours meet WCAG AA on white. */
export const gridCss = {
  '& .sg-row-selected .sg-name': { bgcolor: '#e3efe3' },
  '& .sg-name': {
    pr: 1, pl: 0.5, bgcolor: 'background.paper',
    '& b': { overflow: 'hidden', textOverflow: 'ellipsis', fontWeight: 600 },
    '& span': { color: 'text.secondary', fontSize: 11, overflow: 'hidden', textOverflow: 'ellipsis' },
    '& input': { m: 0, width: 15, height: 15, flex: '0 0 auto', accentColor: '#1b5e20' },
  },
  '& .sg-student-memo': { fontStyle: 'normal', fontSize: 10, px: 0.5, borderRadius: 0.5, bgcolor: '#fff3e0', color: '#7a4100', flex: '0 0 auto' },
  '& .sg-cell': { justifyContent: 'flex-end', pr: 1, fontSize: 14, fontVariantNumeric: 'tabular-nums', cursor: 'cell', bgcolor: 'background.paper', color: 'text.primary', userSelect: 'none' },
  '& .sg-odd': { bgcolor: '#fafcfa' },
  '& .sg-retake': { bgcolor: '#f7f5fb', fontSize: 13 },
  '& .sg-none': { bgcolor: '#eceff1', backgroundImage: 'repeating-linear-gradient(135deg, transparent 0 6px, rgba(0,0,0,0.05) 6px 7px)', cursor: 'not-allowed' },
  '& .sg-below': { bgcolor: '#ffebee', color: '#b71c1c', fontWeight: 700 },
  '& .sg-status': { color: '#4a4a4a', fontSize: 12, justifyContent: 'center', pr: 0 },
  '& .sg-locked': { bgcolor: '#fff3e0', justifyContent: 'center', pr: 0, px: 0.25 },
  '& .sg-cell.sheet-block': { bgcolor: 'rgba(27,94,32,0.12)' },
  '& .sg-grade': { fontSize: 10, color: 'text.secondary', ml: 0.25, verticalAlign: 'baseline', whiteSpace: 'nowrap' },
  '& .sg-memo': { position: 'absolute', top: 0, right: 0, width: 0, height: 0, borderTop: '7px solid #e65100', borderLeft: '7px solid transparent' },
  '& .sg-clinic': { position: 'absolute', left: 3, bottom: 3, width: 6, height: 6, borderRadius: '50%' },
  '& .sg-clinic-required': { bgcolor: '#c62828' },
  '& .sg-clinic-booked': { bgcolor: '#1565c0' },
  '& .sg-clinic-done': { bgcolor: '#2e7d32' },
  '& .sg-clinic-exempt': { bgcolor: '#616161' },
  '& .sg-input': {
    width: '100%', height: '100%', boxSizing: 'border-box', border: 0, outline: 0, textAlign: 'right', font: 'inherit', fontSize: 14, fontWeight: 700, px: 0.5,
    bgcolor: '#fffde7', color: 'text.primary',
  },
  '& .sg-head': { top: 0, height: HEAD_H },
  '& .sg-head-name': { bgcolor: 'grey.100', px: 1, fontWeight: 700 },
  '& .sg-col': {
    width: 'var(--sheet-cw)', flex: '0 0 var(--sheet-cw)', boxSizing: 'border-box', borderRight: 1, borderBottom: 1, borderColor: 'divider', cursor: 'pointer', textAlign: 'center', fontSize: 11,
    lineHeight: 1.25, display: 'flex', flexDirection: 'column', justifyContent: 'center', bgcolor: 'grey.100', color: 'text.primary', px: 0.25, border: 0, font: 'inherit',
    '& b': { overflow: 'hidden', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', fontSize: 12, lineHeight: 1.2, wordBreak: 'keep-all', overflowWrap: 'anywhere' },
    '& span': { color: 'text.secondary', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  },
  '& .sg-col-odd': { bgcolor: '#e8efe8' },
  '& .sg-col-current': { boxShadow: 'inset 0 -3px 0 #1b5e20' },
  '& .sg-col-retake': { bgcolor: '#ede7f6' },
  '& .sg-avg': { top: HEAD_H, height: AVG_H },
  '& .sg-avg-name': { bgcolor: '#e8f5e9', borderBottom: 2, borderColor: 'divider', px: 1, fontSize: 12, fontWeight: 700 },
  '& .sg-avg-cell': {
    borderBottom: 2, borderColor: 'divider', bgcolor: '#e8f5e9', fontSize: 12, fontWeight: 700, justifyContent: 'flex-end', pr: 1, fontVariantNumeric: 'tabular-nums',
    '& small': { position: 'absolute', left: 3, top: 1, fontSize: 9, fontWeight: 600, color: '#b71c1c' },
  },
} as const;
