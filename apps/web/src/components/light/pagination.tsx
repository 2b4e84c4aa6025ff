import { Icon } from './icons.tsx';
import s from './pagination.module.css';

const previousIcon = 'M15.41 7.41L14 6l-6 6 6 6 1.41-1.41L10.83 12z';
const nextIcon = 'M10 6L8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z';

type Item = number | 'start-ellipsis' | 'end-ellipsis';

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** The pages to show, as MUI's usePagination picks them (one page at each end, one either side of the current). */
export function pageItems(count: number, page: number): Item[] {
  const boundary = 1;
  const siblings = 1;
  const siblingsStart = Math.max(Math.min(page - siblings, count - boundary - siblings * 2 - 1), boundary + 2);
  const siblingsEnd = Math.min(Math.max(page + siblings, boundary + siblings * 2 + 2), count - boundary - 1);
  return [
    ...range(1, Math.min(boundary, count)),
    ...(siblingsStart > boundary + 2 ? (['start-ellipsis'] as const) : boundary + 1 < count - boundary ? [boundary + 1] : []),
    ...range(siblingsStart, siblingsEnd),
    ...(siblingsEnd < count - boundary - 1 ? (['end-ellipsis'] as const) : count - boundary > boundary ? [count - boundary] : []),
    ...range(Math.max(count - boundary + 1, boundary + 1), count),
  ];
}

/** MUI's large Pagination: previous, the pages (named "2 쪽"), next. */
export function Pagination({ count, page, onChange, label = '쪽 이동' }: { count: number; page: number; onChange: (page: number) => void; label?: string }) {
  return (
    <nav aria-label={label}>
      <ul className={s.pages}>
        <li>
          <button type="button" className={s.page} aria-label="이전 쪽" disabled={page <= 1} onClick={() => onChange(page - 1)}>
            <Icon path={previousIcon} />
          </button>
        </li>
        {pageItems(count, page).map((item) => (
          <li key={item}>
            {typeof item === 'number' ? (
              <button type="button" className={s.page} aria-label={`${item} 쪽`} aria-current={item === page ? 'page' : undefined} onClick={() => onChange(item)}>
                {item}
              </button>
            ) : (
              <span className={s.page}>…</span>
            )}
          </li>
        ))}
        <li>
          <button type="button" className={s.page} aria-label="다음 쪽" disabled={page >= count} onClick={() => onChange(page + 1)}>
            <Icon path={nextIcon} />
          </button>
        </li>
      </ul>
    </nav>
  );
}
