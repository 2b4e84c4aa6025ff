import type { ReactNode } from 'react';
import s from './auth-card.module.css';

/** The centred card the sign-in and password pages share (plain CSS: the sign-in page loads no MUI). */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className={s.page}>
      <div className={s.card}>
        <h1 className={s.title}>{title}</h1>
        {subtitle && <p className={s.subtitle}>{subtitle}</p>}
        <div className={s.body}>{children}</div>
      </div>
    </div>
  );
}
