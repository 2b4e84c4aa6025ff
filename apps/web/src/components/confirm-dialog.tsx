import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useRef, useState } from 'react';

const ConfirmDialogView = lazy(() => import('./confirm-dialog-view.tsx'));

export type ConfirmRequest = {
  title: string;
  message: ReactNode;
  /** The button that goes ahead: "삭제", "비활성화" … */
  confirmLabel: string;
  /** Destructive actions get a red button. */
  danger?: boolean;
};

/**
 * The button that goes back: "취소", unless going ahead is itself a cancelling ("예약 취소", "링크
 * 취소"); then "닫기", so one word never means both answers (issue 35 item 14).
 */
export function dismissLabel(confirmLabel: string): string {
  return confirmLabel.includes('취소') ? '닫기' : '취소';
}

type Ask = (request: ConfirmRequest) => Promise<boolean>;
const ConfirmContext = createContext<Ask | null>(null);

/**
 * `const confirm = useConfirm(); if (await confirm({ title, message, confirmLabel: '삭제', danger: true })) …`
 * One dialog for the whole app (mounted by ConfirmProvider once first asked, from its own chunk). The
 * cancel button has the focus first, so a stray Enter never destroys anything; Tab then Enter goes
 * ahead, Esc cancels.
 */
export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm needs <ConfirmProvider> above it');
  return ask;
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  // Mounted from the first question on and kept, so the dialog's closing transition still plays.
  const [asked, setAsked] = useState(false);
  const resolveRef = useRef<(ok: boolean) => void>(() => {});
  const ask = useCallback<Ask>((r) => {
    resolveRef.current(false);
    setAsked(true);
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
      {asked && (
        <Suspense fallback={null}>
          <ConfirmDialogView request={request} onAnswer={answer} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}
