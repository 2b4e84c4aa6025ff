import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { dismissLabel, type ConfirmRequest } from './confirm-dialog.tsx';
import { MuiTheme } from './mui-theme.tsx';

/**
 * The confirm dialog itself, its own chunk: MUI's Dialog (modal, focus trap, portal) loads the first
 * time a page asks, not with the landing page or the portal. It brings its own MUI theme, since the
 * provider sits above every page, light ones included. The cancel button has the focus first.
 */
export default function ConfirmDialogView({ request, onAnswer }: { request: ConfirmRequest | null; onAnswer: (ok: boolean) => void }) {
  return (
    <MuiTheme>
      <Dialog open={!!request} onClose={() => onAnswer(false)} maxWidth="xs" fullWidth aria-labelledby="confirm-title" data-testid="confirm-dialog">
        <DialogTitle id="confirm-title">{request?.title}</DialogTitle>
        <DialogContent>
          <DialogContentText component="div">{request?.message}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => onAnswer(false)} autoFocus>
            {dismissLabel(request?.confirmLabel ?? '')}
          </Button>
          <Button variant="contained" color={request?.danger ? 'error' : 'primary'} onClick={() => onAnswer(true)} data-testid="confirm-ok">
            {request?.confirmLabel}
          </Button>
        </DialogActions>
      </Dialog>
    </MuiTheme>
  );
}
