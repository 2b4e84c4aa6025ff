import { createStore } from './store.ts';

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';
/** Where the toast shows (MUI Snackbar's anchor names). */
export type ToastAnchor = { vertical: 'top' | 'bottom'; horizontal: 'left' | 'center' | 'right' };

export type Toast = {
  id: number;
  message: string;
  severity: ToastSeverity;
  anchor: ToastAnchor;
  /** A button in the toast (되돌리기); such a toast stays longer so it can be reached. */
  action?: ToastAction;
};
export type ToastAction = { label: string; onClick: () => void };

export const TOAST_MS = 3000;
export const ACTION_TOAST_MS = 8000;
const DEFAULT_ANCHOR: ToastAnchor = { vertical: 'top', horizontal: 'center' };

export const toasts = createStore<readonly Toast[]>([]);
let seq = 0;

type ToastOptions = { severity?: ToastSeverity; anchor?: ToastAnchor; action?: ToastAction };

function push(message: string, opts: ToastOptions = {}): void {
  const item: Toast = { id: ++seq, message, severity: opts.severity ?? 'info', anchor: opts.anchor ?? DEFAULT_ANCHOR, ...(opts.action ? { action: opts.action } : {}) };
  toasts.set((list) => [...list, item]);
}

export function dismissToast(id: number): void {
  toasts.set((list) => list.filter((t) => t.id !== id));
}

/** The one toast API of the app: `toast.success('저장했습니다')`, `toast.error(err.message, { anchor })`. */
export const toast = {
  show: push,
  info: (message: string, opts?: Omit<ToastOptions, 'severity'>) => push(message, { ...opts, severity: 'info' }),
  success: (message: string, opts?: Omit<ToastOptions, 'severity'>) => push(message, { ...opts, severity: 'success' }),
  warning: (message: string, opts?: Omit<ToastOptions, 'severity'>) => push(message, { ...opts, severity: 'warning' }),
  error: (message: string, opts?: Omit<ToastOptions, 'severity'>) => push(message, { ...opts, severity: 'error' }),
};
