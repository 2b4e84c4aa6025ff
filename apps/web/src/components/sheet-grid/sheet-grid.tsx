import LockOutlined from '@mui/icons-material/LockOutlined';
import { Box, type SxProps, type Theme } from '@mui/material';
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import type { Layout } from './sheet-model.ts';
import type { SheetController } from './use-sheet-grid.ts';

/**
 * The structure every sheet shares: absolutely placed rows (only those in view are painted), a
 * header that sticks to the top, a first column that sticks to the left, the cursor's outline, the
 * block's tint, and lock badges. Each sheet adds its own colours under its own class names.
 */
export function sheetCss(layout: Layout): SxProps<Theme> {
  return {
    '& .sheet-row': { position: 'absolute', left: 0, height: layout.rowHeight, display: 'flex' },
    '& .sheet-head': { position: 'sticky', zIndex: 3, display: 'flex' },
    '& .sheet-first': {
      position: 'sticky', left: 0, zIndex: 1, width: layout.firstColWidth, flex: `0 0 ${layout.firstColWidth}px`, boxSizing: 'border-box',
      display: 'flex', alignItems: 'center', gap: 0.5, borderRight: 1, borderBottom: 1, borderColor: 'divider', overflow: 'hidden', whiteSpace: 'nowrap', fontSize: 13,
    },
    '& .sheet-head .sheet-first': { zIndex: 4 },
    '& .sheet-cell': {
      width: 'var(--sheet-cw)', flex: '0 0 var(--sheet-cw)', boxSizing: 'border-box', borderRight: 1, borderBottom: 1, borderColor: 'divider',
      display: 'flex', alignItems: 'center', position: 'relative',
    },
    '& .sheet-block': { bgcolor: 'rgba(27,94,32,0.12)' },
    '& .sheet-active': { outline: '2px solid #1b5e20', outlineOffset: '-2px', zIndex: 0 },
    '& .sheet-locked': { cursor: 'not-allowed' },
    '& .sheet-lock': { display: 'inline-flex', alignItems: 'center', gap: 0.25, fontSize: 10, lineHeight: 1.1, color: '#7a4100', fontWeight: 700, whiteSpace: 'normal', textAlign: 'center' },
    '& .sheet-lock svg': { fontSize: 11 },
    '& .sheet-lock-corner': { position: 'absolute', right: 2, top: 2 },
  };
}

/** The badge of a locked cell: who holds it ("박조교 입력 중"), or a bare lock in the corner. */
export function SheetLockBadge({ label, corner }: { label?: string; corner?: boolean }) {
  return (
    <span className={corner ? 'sheet-lock sheet-lock-corner' : 'sheet-lock'} data-testid="sheet-lock" aria-hidden={label ? undefined : true}>
      <LockOutlined />
      {label}
    </span>
  );
}

/** The class names of a cell: the sheet's state first, then the sheet's own. */
export function cellClass(state: { active: boolean; block: boolean; locked: boolean }, own = ''): string {
  return `sheet-cell${state.active ? ' sheet-active' : ''}${state.block ? ' sheet-block' : ''}${state.locked ? ' sheet-locked' : ''}${own ? ` ${own}` : ''}`;
}

export type SheetGridProps = {
  sheet: Pick<SheetController, 'attach' | 'rowsInView' | 'onKeyDown' | 'onPaste' | 'onScroll' | 'message'>;
  label: string;
  testId: string;
  rows: number;
  cols: number;
  layout: Layout;
  /** Width of a column (the sheet may widen its columns to the space it has). */
  colWidth: number;
  /** The rows sticking to the top (column headers, averages), `layout.top` high in all. */
  header: ReactNode;
  /** One painted row: a `SheetRow` at `index`. */
  renderRow: (index: number) => ReactNode;
  sx?: SxProps<Theme>;
  /** The scroller's other attributes (aria-*, data-*). */
  attributes?: HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string | number | undefined>;
  height?: string;
};

/**
 * A keyboard-first sheet over `useSheetGrid`: the focusable grid (arrows, Shift for blocks, Tab,
 * Home/End, PageUp/PageDown, Ctrl+Z, Ctrl+C, paste), its sticky header and first column, the rows
 * in view, and the line that says why a key did nothing (`role=status`, read out by screen readers).
 */
export function SheetGrid(props: SheetGridProps) {
  const { sheet, layout } = props;
  const { first, last } = sheet.rowsInView;
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) rows.push(props.renderRow(i));
  const style: CSSProperties = { ['--sheet-cw' as string]: `${props.colWidth}px` };
  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        ref={sheet.attach}
        tabIndex={0}
        role="grid"
        aria-label={props.label}
        aria-rowcount={props.rows + 1}
        aria-colcount={props.cols + 1}
        data-testid={props.testId}
        onKeyDown={sheet.onKeyDown}
        onPaste={sheet.onPaste}
        onScroll={sheet.onScroll}
        {...props.attributes}
        style={style}
        sx={[
          {
            position: 'relative', overflow: 'auto', height: props.height ?? 'calc(100vh - 280px)', minHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1, outline: 'none',
            bgcolor: 'background.paper', '&:focus-visible': { borderColor: 'primary.main', boxShadow: '0 0 0 1px #1b5e20' },
          },
          sheetCss(layout),
          ...(Array.isArray(props.sx) ? props.sx : [props.sx]),
        ]}
      >
        <Box sx={{ position: 'relative', width: layout.firstColWidth + props.cols * props.colWidth, height: layout.top + props.rows * layout.rowHeight }}>
          {props.header}
          {rows}
        </Box>
      </Box>
      <Box
        role="status"
        data-testid="sheet-message"
        sx={{
          position: 'absolute', left: 8, bottom: 8, zIndex: 5, maxWidth: 'calc(100% - 16px)', px: 1.25, py: 0.5, borderRadius: 1, fontSize: 13,
          bgcolor: '#3e2723', color: '#fff', boxShadow: 2, display: sheet.message ? 'block' : 'none',
        }}
      >
        {sheet.message}
      </Box>
    </Box>
  );
}

/** A painted row at its place (below the header). */
export function SheetRow({ index, layout, className, children, ...rest }: { index: number; layout: Layout; className?: string; children: ReactNode } & HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string | number | undefined>) {
  return (
    <div role="row" aria-rowindex={index + 2} className={className ? `sheet-row ${className}` : 'sheet-row'} style={{ top: layout.top + index * layout.rowHeight }} {...rest}>
      {children}
    </div>
  );
}
