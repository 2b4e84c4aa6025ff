import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';

export type ConfirmRequest = {
  title: string;
  message: ReactNode;
  /** The button that goes ahead: "삭제", "비활성화" … */
  confirmLabel: string;
  /** Destructive actions get a red button. */
  danger?: boolean;
};

type Ask = (request: ConfirmRequest) => Promise<boolean>;
const ConfirmContext = createContext<Ask | null>(null);

/**
 * `const confirm = useConfirm(); if (await confirm({ title, message, confirmLabel: '삭제', danger: true })) …`
 * One dialog for the whole app (mounted by ConfirmProvider). The cancel button has the focus first,
 * so a stray Enter never destroys anything; Tab then Enter goes ahead, Esc cancels.
 */
export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm needs <ConfirmProvider> above it');
  return ask;
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const resolveRef = useRef<(ok: boolean) => void>(() => {});
  const ask = useCallback<Ask>((r) => {
    resolveRef.current(false);
    setRequest(r);
    return new Promise<boolean>((resolve) => {
      resolveRef.current = resolve;
    });
  }, []);
  const answer = (ok: boolean) => {
    resolveRef.current(ok);
    resolveRef.current = () => {};
    setRequest(null);
  };
  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      <Dialog open={!!request} onClose={() => answer(false)} maxWidth="xs" fullWidth aria-labelledby="confirm-title" data-testid="confirm-dialog">
        <DialogTitle id="confirm-title">{request?.title}</DialogTitle>
        <DialogContent>
          <DialogContentText component="div">{request?.message}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => answer(false)} autoFocus>
            취소
          </Button>
          <Button variant="contained" color={request?.danger ? 'error' : 'primary'} onClick={() => answer(true)} data-testid="confirm-ok">
            {request?.confirmLabel}
          </Button>
        </DialogActions>
      </Dialog>
    </ConfirmContext.Provider>
  );
}
