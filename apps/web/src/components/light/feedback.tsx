import type { CSSProperties, ReactNode } from 'react';
import { Icon, errorOutlineIcon } from './icons.tsx';
import s from './feedback.module.css';

/** A grey bar that pulses while its content loads (MUI's text Skeleton). Marked for tests and tools by `data-skeleton`. */
export function Skeleton({ height, width, className, style }: { height?: number; width?: number | string; className?: string; style?: CSSProperties }) {
  return <span className={className ? `${s.skeleton} ${className}` : s.skeleton} style={{ height, width, ...style }} data-skeleton="" aria-hidden="true" />;
}

/** MUI's indeterminate CircularProgress: a 40 px ring in the current text colour (primary by default). Marked for tests by `data-spinner`. */
export function Spinner({ size = 40, className, label }: { size?: number; className?: string; label?: string }) {
  return (
    <span className={className ? `${s.spinner} ${className}` : s.spinner} style={{ width: size, height: size }} data-spinner="" role={label ? 'progressbar' : undefined} aria-label={label} aria-hidden={label ? undefined : true}>
      <svg viewBox="22 22 44 44" width="100%" height="100%">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}

/** A determinate progress bar (MUI's LinearProgress), named for screen readers by `label`. */
export function LinearProgress({ value, label, className }: { value: number; label: string; className?: string }) {
  const v = Math.min(100, Math.max(0, value));
  return (
    <span className={className ? `${s.linear} ${className}` : s.linear} style={{ display: 'block' }} role="progressbar" aria-valuenow={Math.round(v)} aria-valuemin={0} aria-valuemax={100} aria-label={label}>
      <span className={s.linearBar} style={{ transform: `translateX(${v - 100}%)` }} />
    </span>
  );
}

/** A bar that runs while something loads without a known end (MUI's indeterminate LinearProgress). */
export function IndeterminateProgress({ label }: { label: string }) {
  return <span className={s.indeterminate} role="progressbar" aria-label={label} />;
}

/** An error message box (MUI's standard error Alert). */
export function ErrorAlert({ children, ...rest }: { children: ReactNode; 'data-testid'?: string }) {
  return (
    <div className={`${s.alert} ${s.alertError}`} role="alert" {...rest}>
      <span className={s.alertIcon}>
        <Icon path={errorOutlineIcon} />
      </span>
      <div className={s.alertMessage}>{children}</div>
    </div>
  );
}
