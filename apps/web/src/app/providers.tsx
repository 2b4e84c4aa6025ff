import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmProvider } from '../components/confirm-dialog.tsx';
import { queryClient } from '../lib/query-client.ts';

/**
 * What every page shares. No MUI theme here: the pages drawn with MUI get it from `MuiTheme`
 * (components/mui-theme.tsx), loaded with them, and the page's base styles come from base.css.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfirmProvider>{children}</ConfirmProvider>
    </QueryClientProvider>
  );
}
