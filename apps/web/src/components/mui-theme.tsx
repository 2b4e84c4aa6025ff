import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { theme } from './theme.ts';

/**
 * The MUI theme around the parts of the app drawn with MUI. The page's base styles (what MUI's
 * CssBaseline would set) come from `src/app/base.css` for every page, so there is no CssBaseline here.
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/** The route element that puts its child pages in the MUI theme; the router loads it lazily. */
export default function MuiPages() {
  return (
    <MuiTheme>
      <Outlet />
    </MuiTheme>
  );
}
