import s from './student-avatar.module.css';

/**
 * A student's photo, or the first letter of the name when there is none (new TAs learn faces). The
 * letter is drawn by CSS so the cell's text stays the name alone (copying, searching, tests). Plain
 * CSS (MUI's Avatar look), so the portal home needs no MUI for it.
 */
export function StudentAvatar({ name, url, size = 28 }: { name: string; url: string | undefined; size?: number }) {
  if (url) return <img src={url} alt={`${name} 사진`} className={s.photo} style={{ width: size, height: size }} data-testid="student-photo" />;
  return <span aria-hidden="true" className={s.avatar} style={{ width: size, height: size, fontSize: size * 0.45 }} data-initial={name.slice(0, 1)} data-testid="student-initial" />;
}
