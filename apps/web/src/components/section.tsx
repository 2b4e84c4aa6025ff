import type { ReactNode } from 'react';
import s from './section.module.css';

/**
 * A titled card, the building block of detail pages (CRM) and the portal's stacked sections.
 * `compact` gives a smaller heading and rounder corners: side panels and phone screens. Drawn with
 * the app's own CSS (MUI's outlined Card look), so the portal home needs no MUI for it.
 */
export function Section({
  title,
  actions,
  children,
  testId,
  compact = false,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
  compact?: boolean;
}) {
  return (
    <div className={compact ? `${s.card} ${s.sectionCompact}` : s.card} data-testid={testId}>
      <div className={s.cardContent}>
        <div className={s.sectionHead}>
          <h2 className={s.sectionTitle}>{title}</h2>
          {actions}
        </div>
        {children}
      </div>
    </div>
  );
}
