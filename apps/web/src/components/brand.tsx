import s from './brand.module.css';

export const CENTER_NAME = '한빛학원';

/** The demo center's mark: a rounded green tile with 한 and the name beside it (plain CSS, for every layout). */
export function Brand({ compact = false, inverse = false }: { compact?: boolean; inverse?: boolean }) {
  return (
    <span className={inverse ? `${s.brand} ${s.inverse}` : s.brand}>
      <span aria-hidden="true" className={s.tile}>
        한
      </span>
      {!compact && <span className={s.name}>{CENTER_NAME}</span>}
    </span>
  );
}
