import { Alert, Snackbar } from '@mui/material';
import { dismissToast, TOAST_MS, toasts } from '../lib/toast.ts';
import { useStore } from '../lib/store.ts';

/** Renders the oldest pending toast; each hides itself after 3 s at its own anchor. */
export function ToastHost() {
  const list = useStore(toasts);
  const current = list[0];
  if (!current) return null;
  return (
    <Snackbar
      key={current.id}
      open
      anchorOrigin={current.anchor}
      autoHideDuration={TOAST_MS}
      onClose={(_e, reason) => {
        if (reason !== 'clickaway') dismissToast(current.id);
      }}
    >
      <Alert severity={current.severity} variant="filled" onClose={() => dismissToast(current.id)} sx={{ minWidth: 280 }} data-testid="toast">
        {current.message}
      </Alert>
    </Snackbar>
  );
}
