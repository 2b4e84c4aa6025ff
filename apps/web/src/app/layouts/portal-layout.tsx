import { lazy, Suspense } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Brand } from '../../components/brand.tsx';
import { Icon } from '../../components/light/icons.tsx';
import lightStyles from '../../components/light/button.module.css';
import { useMe } from '../../features/auth/api/me.ts';
import { logout } from '../../lib/session.ts';
import s from './portal-layout.module.css';
import { PORTAL_NAV } from './portal-nav.ts';

const logoutIcon = 'm17 8-1.41 1.41L17.17 11H9v2h8.17l-1.58 1.58L17 16l4-4zM5 5h7V3H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h7v-2H5z';

/** Its dialog loads only for a student still on the initial password, not with every portal page. */
const InitialPasswordPrompt = lazy(() => import('../../features/account/initial-password-prompt.tsx'));

function activePath(pathname: string): string | undefined {
  // The longest matching entry wins, so /portal/scores/3 selects 성적 rather than 홈.
  const under = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  return [...PORTAL_NAV]
    .flatMap((i) => [i.path, ...(i.also ?? [])].map((path) => ({ path, entry: i.path })))
    .sort((a, b) => b.path.length - a.path.length)
    .find((p) => under(p.path))?.entry;
}

/**
 * The student frame: phone-first, one column, bottom navigation. Drawn with the app's own CSS, so
 * the portal home loads no MUI; the portal pages that use MUI bring it with them.
 */
export default function PortalLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const active = activePath(location.pathname);
  const me = useMe();

  return (
    <div className={s.page} data-testid="portal-layout">
      <header className={s.header}>
        <div className={s.toolbar}>
          <div className={s.brand}>
            <Brand />
          </div>
          <button
            type="button"
            className={lightStyles.iconButton}
            aria-label="로그아웃"
            title="로그아웃"
            data-testid="logout"
            onClick={async () => {
              await logout();
              navigate('/', { replace: true });
            }}
          >
            <Icon path={logoutIcon} />
          </button>
        </div>
      </header>
      <main className={s.main}>
        <Outlet />
      </main>
      {me.data?.passwordIsInitial && (
        <Suspense fallback={null}>
          <InitialPasswordPrompt passwordIsInitial changePath="/portal/password" />
        </Suspense>
      )}
      <div className={s.navBar}>
        <nav className={s.nav} aria-label="포털 메뉴" data-testid="portal-nav">
          {PORTAL_NAV.map((item) => (
            <Link key={item.path} to={item.path} className={item.path === active ? `${s.navItem} ${s.selected}` : s.navItem} aria-current={item.path === active ? 'page' : undefined}>
              <Icon path={item.icon} />
              <span className={s.navLabel}>{item.label}</span>
            </Link>
          ))}
        </nav>
      </div>
    </div>
  );
}
