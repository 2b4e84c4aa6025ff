import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { AppBar, BottomNavigation, BottomNavigationAction, Box, IconButton, Paper, Toolbar, Tooltip } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Brand } from '../../components/brand.tsx';
import { useMe } from '../../features/auth/api/me.ts';
import { logout } from '../../lib/session.ts';
import { PORTAL_NAV } from './portal-nav.ts';

const CONTENT_MAX = 640;

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

/** The student frame: phone-first, one column, bottom navigation. */
export default function PortalLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const value = activePath(location.pathname) ?? false;
  const me = useMe();

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', pb: 'calc(72px + env(safe-area-inset-bottom))' }} data-testid="portal-layout">
      <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Toolbar sx={{ maxWidth: CONTENT_MAX, width: '100%', mx: 'auto', px: 2 }}>
          <Box sx={{ flexGrow: 1 }}>
            <Brand />
          </Box>
          <Tooltip title="로그아웃">
            <IconButton
              aria-label="로그아웃"
              data-testid="logout"
              onClick={async () => {
                await logout();
                navigate('/', { replace: true });
              }}
            >
              <LogoutOutlined />
            </IconButton>
          </Tooltip>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ maxWidth: CONTENT_MAX, mx: 'auto', px: 2, py: 2.5 }}>
        <Outlet />
      </Box>
      {me.data?.passwordIsInitial && (
        <Suspense fallback={null}>
          <InitialPasswordPrompt passwordIsInitial changePath="/portal/password" />
        </Suspense>
      )}
      <Paper elevation={8} sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, pb: 'env(safe-area-inset-bottom)', zIndex: (t) => t.zIndex.appBar }}>
        <BottomNavigation showLabels value={value} onChange={(_e, path: string) => navigate(path)} sx={{ maxWidth: CONTENT_MAX, mx: 'auto', height: 64 }}>
          {PORTAL_NAV.map((item) => {
            const Icon = item.icon;
            return <BottomNavigationAction key={item.path} value={item.path} label={item.label} icon={<Icon />} />;
          })}
        </BottomNavigation>
      </Paper>
    </Box>
  );
}
