import type { HTMLAttributes } from 'react';
import s from './chip.module.css';

/** MUI's Chip without the click and delete parts: a label in a pill. */
export function Chip({ label, size = 'medium', variant = 'filled', color = 'default', className, ...rest }: {
  label: string;
  size?: 'small' | 'medium';
  variant?: 'filled' | 'outlined';
  color?: 'default' | 'primary';
} & Omit<HTMLAttributes<HTMLSpanElement>, 'children'>) {
  const classes = [s.chip, size === 'small' && s.chipSmall, variant === 'outlined' && s.chipOutlined, color === 'primary' && s.chipPrimary, className].filter(Boolean).join(' ');
  return (
    <span className={classes} {...rest}>
      <span className={s.chipLabel}>{label}</span>
    </span>
  );
}
