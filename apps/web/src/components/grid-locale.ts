import type { GridLocaleText } from '@mui/x-data-grid';
import { koKR } from '@mui/x-data-grid/locales';

const count = new Intl.NumberFormat('ko-KR');

/**
 * The Data Grid's Korean texts. The upstream Korean locale still reads "1–20 of 40" in the
 * footer, so that one text is rewritten. A grid's own `localeText` prop replaces the theme's
 * texts instead of merging, so grids that set one spread this in first.
 */
export const GRID_KO_TEXT: Partial<GridLocaleText> = {
  ...koKR.components.MuiDataGrid.defaultProps.localeText,
  paginationDisplayedRows: ({ from, to, count: total }) =>
    total === -1 ? `${count.format(from)}–${count.format(to)} / ${count.format(to)}개 이상` : `${count.format(from)}–${count.format(to)} / 전체 ${count.format(total)}개`,
};

/** For createTheme: the grid's Korean texts as a theme locale. */
export const gridKoTheme = { components: { MuiDataGrid: { defaultProps: { localeText: GRID_KO_TEXT } } } };
