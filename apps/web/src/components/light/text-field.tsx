import { useId, type InputHTMLAttributes } from 'react';
import s from './light.module.css';

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
