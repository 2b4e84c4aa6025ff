import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './app/base.css';
import { AppChrome } from './app/app-chrome.tsx';
import { AppErrorBoundary } from './app/error-boundary.tsx';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { FullScreenSpinner } from './components/full-screen-spinner.tsx';
import { queryClient } from './lib/query-client.ts';
import { reloadOnce, reloadWhenBackOnline } from './lib/reload.ts';
import { onSessionEnd, startSession, useSession } from './lib/session.ts';

// A deploy removes the old hashed chunks; a tab still running the old build reloads to get the new ones.
// The error still reaches the error boundary, which logs it and hides the view until the reload.
window.addEventListener('vite:preloadError', () => {
  if (!reloadWhenBackOnline()) reloadOnce({ delayMs: 100 });
});

onSessionEnd(() => queryClient.clear());
void startSession();

function App() {
  const { status } = useSession();
  // SPEC §2: a spinner until the start-up refresh has answered, so guards never see a half-known session.
  if (status === 'starting') return <FullScreenSpinner label="로그인 정보를 확인하는 중" />;
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <AppErrorBoundary>
        <App />
        <AppChrome />
      </AppErrorBoundary>
    </AppProviders>
  </StrictMode>,
);
