import { useEffect } from 'react';
import { Button } from '../components/light/button.tsx';
import { Spinner } from '../components/light/feedback.tsx';
import { FilledAlert } from '../components/light/filled-alert.tsx';
import { ToastHost } from '../components/toast-host.tsx';
import { globalLoading, pendingRequests } from '../lib/loading.ts';
import { networkDisconnected, watchOnlineStatus } from '../lib/network.ts';
import { useStore } from '../lib/store.ts';
import { newVersionAvailable, startVersionPoll } from '../lib/version.ts';
import s from './app-chrome.module.css';

/** SPEC §2: full-screen overlay while the global flag is set or any tracked request is pending. */
function GlobalLoadingOverlay() {
  const flag = useStore(globalLoading);
  const pending = useStore(pendingRequests);
  if (!flag && pending.length === 0) return null;
  return (
    <div className={s.overlay} data-testid="global-loading">
      <Spinner label="처리 중" />
    </div>
  );
}

/** SPEC §2: bottom-right "인터넷 연결 안정화중.." with a small spinner for 2 s. */
function DisconnectToast() {
  const disconnected = useStore(networkDisconnected);
  if (!disconnected) return null;
  return (
    <div role="status" className={s.disconnect} data-testid="disconnect-toast">
      <Spinner size={16} className={s.disconnectSpinner} />
      <span>인터넷 연결 안정화중..</span>
    </div>
  );
}

function VersionBanner() {
  const available = useStore(newVersionAvailable);
  if (!available) return null;
  return (
    <div className={s.banner}>
      <FilledAlert
        severity="info"
        data-testid="version-banner"
        action={
          <Button color="inherit" size="small" variant="outlined" className={s.bannerButton} onClick={() => window.location.reload()}>
            새로고침
          </Button>
        }
      >
        새 버전이 있습니다. 새로고침하면 최신 화면을 사용할 수 있습니다.
      </FilledAlert>
    </div>
  );
}

/**
 * App-wide pieces that sit above every page: overlay, toasts, disconnect notice, version banner.
 * Drawn with the app's own CSS, so they load with the entry and work offline and after a deploy
 * without MUI.
 */
export function AppChrome() {
  useEffect(() => watchOnlineStatus(), []);
  useEffect(() => startVersionPoll(), []);
  return (
    <>
      <GlobalLoadingOverlay />
      <DisconnectToast />
      <VersionBanner />
      <ToastHost />
    </>
  );
}
