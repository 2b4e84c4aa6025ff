import { createTheme } from '@mui/material/styles';
import { gridKoTheme } from '../components/grid-locale.ts';
import { theme } from '../components/theme.ts';

/** The app's theme with the Data Grid's Korean texts, provided by the CRM layout around its pages. */
export const crmTheme = createTheme(theme, gridKoTheme);
