import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { AppLink } from './app-link.tsx';
import s from './button.module.css';

type Look = {
  variant?: 'contained' | 'outlined' | 'text';
  color?: 'primary' | 'secondary' | 'inherit';
  size?: 'small' | 'medium' | 'large';
  fullWidth?: boolean;
};
type Decoration = { startIcon?: ReactNode; endIcon?: ReactNode; children?: ReactNode };

/** The class names of a button that looks like MUI's `<Button variant color size>`, for any element. */
export function buttonClass({ variant = 'text', color = 'primary', size = 'medium', fullWidth = false }: Look, extra?: string): string {
  return [s.button, s[variant], color !== 'primary' && s[color], size !== 'medium' && s[size], fullWidth && s.fullWidth, extra].filter(Boolean).join(' ');
}

function Inside({ startIcon, endIcon, children }: Decoration) {
  return (
    <>
      {startIcon && <span className={s.startIcon}>{startIcon}</span>}
      {children}
      {endIcon && <span className={s.endIcon}>{endIcon}</span>}
    </>
  );
}

/** A button (type="button" unless told otherwise). */
export function Button({ variant, color, size, fullWidth, startIcon, endIcon, children, className, type = 'button', ...rest }: Look & Decoration & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type={type} className={buttonClass({ variant, color, size, fullWidth }, className)} {...rest}>
      <Inside startIcon={startIcon} endIcon={endIcon}>{children}</Inside>
    </button>
  );
}

/** A link inside the app (client-side navigation, see AppLink) that looks like a button. */
export function LinkButton({ variant, color, size, fullWidth, startIcon, endIcon, children, className, ...rest }: Look & Decoration & { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  return (
    <AppLink className={buttonClass({ variant, color, size, fullWidth }, className)} {...rest}>
      <Inside startIcon={startIcon} endIcon={endIcon}>{children}</Inside>
    </AppLink>
  );
}

/** A link out of the app or to a part of the page (tel:, #contact) that looks like a button. */
export function AnchorButton({ variant, color, size, fullWidth, startIcon, endIcon, children, className, ...rest }: Look & Decoration & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a className={buttonClass({ variant, color, size, fullWidth }, className)} {...rest}>
      <Inside startIcon={startIcon} endIcon={endIcon}>{children}</Inside>
    </a>
  );
}
