import type { ReactNode } from 'react';
import { Icon, errorOutlineIcon } from './icons.tsx';
import s from './feedback.module.css';

const closeIcon = 'M19 6.41L17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z';
const infoOutlinedIcon = 'M11,9H13V7H11M12,20C7.59,20 4,16.41 4,12C4,7.59 7.59,4 12,4C16.41,4 20,7.59 20,12C20,16.41 16.41,20 12,20M12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12A10,10 0 0,0 12,2M11,17H13V11H11V17Z';
const successOutlinedIcon = 'M20,12A8,8 0 0,1 12,20A8,8 0 0,1 4,12A8,8 0 0,1 12,4C12.76,4 13.5,4.11 14.2,4.31L15.77,2.74C14.61,2.26 13.34,2 12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12M7.91,10.08L6.5,11.5L11,16L21,6L19.59,4.58L11,13.17L7.91,10.08Z';
const warningOutlinedIcon = 'M12 5.99L19.53 19H4.47L12 5.99M12 2L1 21h22L12 2zm1 14h-2v2h2v-2zm0-6h-2v4h2v-4z';

export type Severity = 'success' | 'info' | 'warning' | 'error';

const ICONS: Record<Severity, string> = { success: successOutlinedIcon, info: infoOutlinedIcon, warning: warningOutlinedIcon, error: errorOutlineIcon };

/** MUI's filled Alert: white text on the severity's colour, its icon, and an action area on the right. */
export function FilledAlert({ severity, action, onClose, children, ...rest }: {
  severity: Severity;
  action?: ReactNode;
  onClose?: () => void;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <div className={`${s.alert} ${s.alertFilled} ${s[`filled-${severity}`]}`} role="alert" {...rest}>
      <span className={s.alertIcon}>
        <Icon path={ICONS[severity]} />
      </span>
      <div className={s.alertMessage}>{children}</div>
      {(action || onClose) && (
        <div className={s.alertAction}>
          {action}
          {onClose && (
            <button type="button" className={s.alertClose} aria-label="닫기" title="닫기" onClick={onClose}>
              <Icon path={closeIcon} />
            </button>
          )}
        </div>
      )}
    </div>
  );
}
