import { Component, type ErrorInfo, type ReactNode } from 'react';
import { sendErrorLog } from '../lib/error-log.ts';
import { isReloadPending, reloadOnce, reloadWhenBackOnline } from '../lib/reload.ts';
import { Button } from '../components/light/button.tsx';
import s from './error-boundary.module.css';

/**
 * SPEC §8: a rendering error is logged, the broken view is hidden and the page reloads after 100 ms.
 * When the page already reloaded in the last 10 s the error is persistent, so it offers a button instead
 * of reloading forever. Returns whether a reload is on its way.
 */
type Outcome = 'reloading' | 'offline' | 'persistent';

function handleRenderError(error: unknown, componentStack?: string | null): Outcome {
  const err = error instanceof Error ? error : new Error(String(error));
  const logged = new Error(err.message || String(error));
  logged.stack = componentStack ? `${err.stack ?? ''}\n--- component stack ---${componentStack}` : err.stack;
  void sendErrorLog(logged);
  // Offline, the page could not load a part of itself; it reloads when the connection returns.
  if (reloadWhenBackOnline()) return 'offline';
  return isReloadPending() || reloadOnce({ delayMs: 100 }) ? 'reloading' : 'persistent';
}

function ErrorFallback({ offline }: { offline: boolean }) {
  return (
    <div className={s.fallback} data-testid="render-error">
      <div>
        <h2 className={s.title}>{offline ? '인터넷 연결이 끊겼습니다' : '화면을 표시하지 못했습니다'}</h2>
        <p className={s.text}>{offline ? '연결되면 화면을 자동으로 다시 불러옵니다.' : '오류가 기록되었습니다. 잠시 후 다시 시도해 주세요.'}</p>
        <Button variant="contained" onClick={() => window.location.reload()} disabled={offline}>
          새로고침
        </Button>
      </div>
    </div>
  );
}

function Fallback({ outcome }: { outcome: Outcome }) {
  // The broken view stays hidden during the 100 ms before the reload.
  if (outcome === 'reloading') return null;
  return <ErrorFallback offline={outcome === 'offline'} />;
}

type State = { failed: boolean; outcome: Outcome };

/** Catches rendering errors anywhere in the app: providers, session start-up and every page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false, outcome: 'reloading' };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true, outcome: 'reloading' };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    this.setState({ outcome: handleRenderError(error, info.componentStack) });
  }

  render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return <Fallback outcome={this.state.outcome} />;
  }
}
