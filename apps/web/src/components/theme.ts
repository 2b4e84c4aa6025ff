import { createTheme } from '@mui/material/styles';
import { koKR as materialKoKR } from '@mui/material/locale';
import type {} from '@mui/x-data-grid/themeAugmentation';

const FONT_STACK = ['"Pretendard"', '"Noto Sans KR"', '"Noto Sans CJK KR"', '"Apple SD Gothic Neo"', '"Malgun Gothic"', 'system-ui', 'sans-serif'].join(',');

/** Dialogs never exceed 95% of the viewport (SPEC §9), whatever maxWidth a page asks for. */
const dialogWidth = (px: number) => ({ maxWidth: `min(${px}px, 95vw)` });

/**
 * The MUI theme of the pages drawn with MUI, provided by `MuiTheme` (mui-theme.tsx) around them, not
 * by the entry: the light pages (landing, sign-in, portal home) never load it. Its palette is also
 * `src/app/base.css`'s colours, which the light components use (a unit test keeps them equal). The
 * Data Grid's defaults are here (plain settings); its Korean texts are added by `crm-theme.ts` for the
 * CRM only, the one area with grids.
 */
export const theme = createTheme(
  {
    palette: {
      primary: { main: '#1b5e20', light: '#4c8c4a', dark: '#003300', contrastText: '#ffffff' },
      secondary: { main: '#f9a825' },
      // Darker than MUI's defaults so outlined chips and coloured text keep 4.5:1 (WCAG AA) on white
      // and on a grid's tinted selected or hovered row.
      success: { main: '#1e6b24', contrastText: '#ffffff' },
      warning: { main: '#a64b00', contrastText: '#ffffff' },
      error: { main: '#c62828', contrastText: '#ffffff' },
      info: { main: '#01579b', contrastText: '#ffffff' },
      background: { default: '#f5f7f5', paper: '#ffffff' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: FONT_STACK,
      button: { textTransform: 'none', fontWeight: 600 },
      h1: { fontWeight: 800 },
      h2: { fontWeight: 800 },
      h3: { fontWeight: 700 },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
    },
    components: {
      // MUI's unselected toggle text (54% black) falls under 4.5:1 on the page's tinted background.
      MuiToggleButton: { styleOverrides: { root: { color: 'rgba(0, 0, 0, 0.72)' } } },
      MuiDialog: {
        styleOverrides: {
          paper: { maxHeight: '95vh' },
          paperWidthXs: dialogWidth(444),
          paperWidthSm: dialogWidth(600),
          paperWidthMd: dialogWidth(900),
          paperWidthLg: dialogWidth(1200),
          paperWidthXl: dialogWidth(1536),
          paperWidthFalse: { maxWidth: '95vw' },
          paperFullScreen: { maxWidth: '100vw', maxHeight: '100vh' },
        },
      },
      MuiDataGrid: {
        defaultProps: {
          density: 'compact',
          rowHeight: 50,
          pageSizeOptions: [10, 20, 50, 100],
          initialState: { pagination: { paginationModel: { pageSize: 10, page: 0 } } },
        },
        styleOverrides: { footerContainer: { minHeight: 60 } },
      },
      // SPEC §9: the grid's pagination footer is the large size — bigger page buttons and text.
      MuiTablePagination: {
        styleOverrides: {
          root: { fontSize: 15 },
          displayedRows: { fontSize: 15 },
          actions: { '& .MuiIconButton-root': { padding: 10 }, '& .MuiSvgIcon-root': { fontSize: 28 } },
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { size: 'small' } },
    },
  },
  materialKoKR,
);
