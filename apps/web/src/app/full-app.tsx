import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { BrowserRouter, useLocation, useNavigate } from 'react-router';
import { ConfirmProvider } from '../components/confirm-dialog.tsx';
import { FullScreenSpinner } from '../components/full-screen-spinner.tsx';
import { NavigationContext, type Navigation } from '../lib/navigation.ts';
import { queryClient } from '../lib/query-client.ts';
import { onSessionEnd, useSession } from '../lib/session.ts';
import { AppRoutes } from './router.tsx';

// The previous user's data leaves with their session.
onSessionEnd(() => queryClient.clear());

/** The light components' links navigate through the router here (see lib/navigation.ts). */
function RouterNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { hash } = useLocation();
  const navigation = useMemo<Navigation>(() => ({ navigate: (to) => void navigate(to), hash }), [navigate, hash]);
  return <NavigationContext.Provider value={navigation}>{children}</NavigationContext.Provider>;
}

/**
 * The app: React Router, TanStack Query, the confirm dialog's provider and every route. Its own
 * chunk, which the entry loads for any page but a first visit of the landing page (and the landing
 * page hands over to it as soon as the visitor goes anywhere else).
 */
export default function FullApp() {
  const { status } = useSession();
  // SPEC §2: a spinner until the start-up refresh has answered, so guards never see a half-known session.
  if (status === 'starting') return <FullScreenSpinner label="로그인 정보를 확인하는 중" />;
  return (
    <QueryClientProvider client={queryClient}>
      <ConfirmProvider>
        <BrowserRouter>
          <RouterNavigation>
            <AppRoutes />
          </RouterNavigation>
        </BrowserRouter>
      </ConfirmProvider>
    </QueryClientProvider>
  );
}
