import { lazy, StrictMode, startTransition, Suspense, useCallback, useState } from 'react';
import { createRoot } from 'react-dom/client';
import './app/base.css';
import { AppChrome } from './app/app-chrome.tsx';
import { AppErrorBoundary } from './app/error-boundary.tsx';
import { FullScreenSpinner } from './components/full-screen-spinner.tsx';
import { reloadOnce, reloadWhenBackOnline } from './lib/reload.ts';
import { startSession } from './lib/session.ts';

// A deploy removes the old hashed chunks; a tab still running the old build reloads to get the new ones.
// The error still reaches the error boundary, which logs it and hides the view until the reload.
window.addEventListener('vite:preloadError', () => {
  if (!reloadWhenBackOnline()) reloadOnce({ delayMs: 100 });
});

void startSession();

const LandingApp = lazy(() => import('./app/landing-app.tsx'));
const FullApp = lazy(() => import('./app/full-app.tsx'));

/**
 * The entry holds React, the session and the app-wide chrome, and picks the rest by the address: a
 * first visit of `/` loads the landing page alone (no router, no query library, no MUI); every
 * other page loads the app (full-app.tsx). Leaving the landing page hands over to the app without a
 * reload: the address changes, and the landing page stays on screen until the app has loaded.
 */
function Shell() {
  const [app, setApp] = useState(() => window.location.pathname !== '/');
  const leave = useCallback((to: string) => {
    window.history.pushState(null, '', to);
    startTransition(() => setApp(true));
  }, []);
  return <Suspense fallback={<FullScreenSpinner />}>{app ? <FullApp /> : <LandingApp leave={leave} />}</Suspense>;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppErrorBoundary>
      <Shell />
      <AppChrome />
    </AppErrorBoundary>
  </StrictMode>,
);
