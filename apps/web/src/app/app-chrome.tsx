import { Alert, Backdrop, Box, Button, CircularProgress, Paper, Slide, Typography } from '@mui/material';
import { useEffect } from 'react';
import { ToastHost } from '../components/toast-host.tsx';
import { globalLoading, pendingRequests } from '../lib/loading.ts';
import { networkDisconnected, watchOnlineStatus } from '../lib/network.ts';
import { useStore } from '../lib/store.ts';
import { newVersionAvailable, startVersionPoll } from '../lib/version.ts';

/** SPEC §2: full-screen overlay while the global flag is set or any tracked request is pending. */
function GlobalLoadingOverlay() {
  const flag = useStore(globalLoading);
  const pending = useStore(pendingRequests);
  const open = flag || pending.length > 0;
  return (
    <Backdrop open={open} sx={{ zIndex: (t) => t.zIndex.modal + 10, bgcolor: 'rgba(255,255,255,0.35)' }} data-testid="global-loading">
      <CircularProgress color="primary" aria-label="처리 중" />
    </Backdrop>
  );
}

/** SPEC §2: bottom-right "인터넷 연결 안정화중.." with a small spinner for 2 s. */
function DisconnectToast() {
  const disconnected = useStore(networkDisconnected);
  return (
    <Slide direction="up" in={disconnected} mountOnEnter unmountOnExit>
      <Paper
        role="status"
        elevation={6}
        data-testid="disconnect-toast"
        sx={{ position: 'fixed', right: 24, bottom: 24, zIndex: (t) => t.zIndex.snackbar + 1, px: 2, py: 1.25, display: 'flex', alignItems: 'center', gap: 1.25, bgcolor: 'grey.900', color: 'common.white', borderRadius: 2 }}
      >
        <CircularProgress size={16} thickness={5} sx={{ color: 'common.white' }} aria-hidden />
        <Typography variant="body2">인터넷 연결 안정화중..</Typography>
      </Paper>
    </Slide>
  );
}

function VersionBanner() {
  const available = useStore(newVersionAvailable);
  if (!available) return null;
  return (
    <Box sx={{ position: 'fixed', top: 12, left: '50%', transform: 'translateX(-50%)', zIndex: (t) => t.zIndex.snackbar + 2, width: 'min(520px, calc(100vw - 24px))' }}>
      <Alert
        severity="info"
        variant="filled"
        data-testid="version-banner"
        action={
          <Button color="inherit" size="small" variant="outlined" onClick={() => window.location.reload()}>
            새로고침
          </Button>
        }
      >
        새 버전이 있습니다. 새로고침하면 최신 화면을 사용할 수 있습니다.
      </Alert>
    </Box>
  );
}

/** App-wide pieces that sit above every page: overlay, toasts, disconnect notice, version banner. */
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
