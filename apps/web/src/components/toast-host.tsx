import { Alert, Button, Snackbar } from '@mui/material';
import { ACTION_TOAST_MS, dismissToast, TOAST_MS, toasts } from '../lib/toast.ts';
import { useStore } from '../lib/store.ts';

/** Renders the oldest pending toast; each hides itself after 3 s (8 s with an action button) at its own anchor. */
export function ToastHost() {
  const list = useStore(toasts);
  const current = list[0];
  if (!current) return null;
  return (
    <Snackbar
      key={current.id}
      open
      anchorOrigin={current.anchor}
      autoHideDuration={current.action ? ACTION_TOAST_MS : TOAST_MS}
      onClose={(_e, reason) => {
        if (reason !== 'clickaway') dismissToast(current.id);
      }}
    >
      <Alert
        severity={current.severity}
        variant="filled"
        onClose={() => dismissToast(current.id)}
        sx={{ minWidth: 280, alignItems: 'center' }}
        data-testid="toast"
        action={current.action && (
          <Button
            color="inherit"
            size="small"
            sx={{ fontWeight: 700, textDecoration: 'underline' }}
            onClick={() => {
              dismissToast(current.id);
              current.action!.onClick();
            }}
          >
            {current.action.label}
          </Button>
        )}
      >
        {current.message}
      </Alert>
    </Snackbar>
  );
}
