import { Box, Button, Typography } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { sendErrorLog } from '../lib/error-log.ts';
import { reloadOnce } from '../lib/reload.ts';

type State = { failed: boolean; reloading: boolean };

/**
 * SPEC §8: a rendering error is logged, the broken view is hidden and the page reloads after 100 ms.
 * If the page already reloaded within the last 10 s the error is persistent, so it offers a button instead.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false, reloading: false };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    const withStack = new Error(error.message);
    withStack.stack = `${error.stack ?? ''}\n--- component stack ---${info.componentStack ?? ''}`;
    void sendErrorLog(withStack);
    this.setState({ reloading: reloadOnce({ delayMs: 100 }) });
  }

  render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    if (this.state.reloading) return null;
    return (
      <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }}>
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
}
