import { Box, Button, Typography } from '@mui/material';
import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { sendErrorLog } from '../lib/error-log.ts';
import { isReloadPending, reloadOnce } from '../lib/reload.ts';

/**
 * SPEC §8: a rendering error is logged, the broken view is hidden and the page reloads after 100 ms.
 * When the page already reloaded in the last 10 s the error is persistent, so it offers a button instead
 * of reloading forever. Returns whether a reload is on its way.
 */
function handleRenderError(error: unknown, componentStack?: string | null): boolean {
  const err = error instanceof Error ? error : new Error(String(error));
  const logged = new Error(err.message || String(error));
  logged.stack = componentStack ? `${err.stack ?? ''}\n--- component stack ---${componentStack}` : err.stack;
  void sendErrorLog(logged);
  return isReloadPending() || reloadOnce({ delayMs: 100 });
}

function PersistentErrorFallback() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }} data-testid="render-error">
      <Box sx={{ textAlign: 'center' }}>
        <Typography variant="h6" gutterBottom>
          화면을 표시하지 못했습니다
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          오류가 기록되었습니다. 잠시 후 다시 시도해 주세요.
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          새로고침
        </Button>
      </Box>
    </Box>
  );
}

type State = { failed: boolean; reloading: boolean };

/** Catches errors outside the router (providers, session start-up). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false, reloading: false };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true, reloading: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    this.setState({ reloading: handleRenderError(error, info.componentStack) });
  }

  render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return this.state.reloading ? null : <PersistentErrorFallback />;
  }
}

/** The router catches errors of route elements itself; this element gives them the same treatment. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const [reloading, setReloading] = useState(true);
  useEffect(() => {
    setReloading(handleRenderError(error));
  }, [error]);
  return reloading ? null : <PersistentErrorFallback />;
}
