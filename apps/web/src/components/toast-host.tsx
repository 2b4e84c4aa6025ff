import { type RefObject, useEffect, useRef, useState } from 'react';
import { ACTION_TOAST_MS, dismissToast, TOAST_MS, toasts, type Toast } from '../lib/toast.ts';
import { useStore } from '../lib/store.ts';
import { Button } from './light/button.tsx';
import { FilledAlert } from './light/filled-alert.tsx';
import s from './toast-host.module.css';

/**
 * Hides the toast after its time, counting only while the pointer and the keyboard focus are
 * elsewhere (as MUI's Snackbar did), and at once on Escape.
 */
function useAutoHide(toast: Toast, host: RefObject<HTMLDivElement | null>): void {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const hold = () => setHeld(true);
    const release = () => setHeld(el.matches(':hover') || el.contains(document.activeElement));
    el.addEventListener('pointerenter', hold);
    el.addEventListener('pointerleave', release);
    el.addEventListener('focusin', hold);
    el.addEventListener('focusout', release);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') dismissToast(toast.id);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      el.removeEventListener('pointerenter', hold);
      el.removeEventListener('pointerleave', release);
      el.removeEventListener('focusin', hold);
      el.removeEventListener('focusout', release);
      document.removeEventListener('keydown', onKey);
    };
  }, [host, toast.id]);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => dismissToast(toast.id), toast.action ? ACTION_TOAST_MS : TOAST_MS);
    return () => clearTimeout(timer);
  }, [held, toast.id, toast.action]);
}

function ToastView({ toast }: { toast: Toast }) {
  const host = useRef<HTMLDivElement>(null);
  useAutoHide(toast, host);
  const { action } = toast;
  return (
    <div ref={host} className={`${s.host} ${s[toast.anchor.vertical]} ${s[toast.anchor.horizontal]}`}>
      <FilledAlert
        severity={toast.severity}
        onClose={() => dismissToast(toast.id)}
        data-testid="toast"
        action={action && (
          <Button
            color="inherit"
            size="small"
            className={s.actionButton}
            onClick={() => {
              dismissToast(toast.id);
              action.onClick();
            }}
          >
            {action.label}
          </Button>
        )}
      >
        {toast.message}
      </FilledAlert>
    </div>
  );
}

/** Renders the oldest pending toast; each hides itself after 3 s (8 s with an action button) at its own anchor. */
export function ToastHost() {
  const list = useStore(toasts);
  const current = list[0];
  if (!current) return null;
  return <ToastView key={current.id} toast={current} />;
}
