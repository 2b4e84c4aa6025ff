import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import s from './field.module.css';

/**
 * MUI's outlined TextField (medium) in plain CSS: the label sits in the box and moves onto its
 * border when the field has the focus or a value, where the border leaves a gap for it.
 */
export function TextField({ label, value, className, ...rest }: { label: string; value: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value'>) {
  const id = useId();
  return (
    <div className={[s.field, value !== '' && s.fieldShrink, className].filter(Boolean).join(' ')}>
      <label className={s.fieldLabel} htmlFor={id}>
        {label}
      </label>
      <div className={s.fieldBox}>
        <input id={id} className={s.fieldInput} value={value} {...rest} />
        <fieldset aria-hidden="true" className={s.fieldOutline}>
          <legend className={s.fieldLegend}>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
    </div>
  );
}

/**
 * MUI's small outlined input without a label (a search box): an icon at the start, the placeholder
 * in the field, and its name for screen readers in `aria-label`.
 */
export function SearchField({ icon, value, className, ...rest }: { icon: ReactNode; value: string; 'aria-label': string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value'>) {
  return (
    <div className={[s.field, className].filter(Boolean).join(' ')}>
      <div className={`${s.fieldBox} ${s.searchBox}`}>
        <span className={s.searchIcon}>{icon}</span>
        <input className={s.fieldInput} value={value} {...rest} />
        <fieldset aria-hidden="true" className={s.fieldOutline}>
          <legend className={s.fieldLegend} />
        </fieldset>
      </div>
    </div>
  );
}
