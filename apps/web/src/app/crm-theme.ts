import { createTheme } from '@mui/material/styles';
import { GridLoadingBar } from '../components/grid-loading-bar.tsx';
import { gridKoTheme } from '../components/grid-locale.ts';
import { theme } from '../components/theme.ts';

/**
 * The app's theme with the Data Grid's Korean texts and its loading bar, provided by the CRM layout
 * around its pages (the one area with grids).
 */
export const crmTheme = createTheme(theme, gridKoTheme, { components: { MuiDataGrid: { defaultProps: { slots: { baseLinearProgress: GridLoadingBar } } } } });
