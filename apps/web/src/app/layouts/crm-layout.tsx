import { hasPermission, USER_TYPE_LABEL } from '@academy/contracts/roles';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { AppBar, Avatar, Box, Button, Chip, Divider, Drawer, List, ListItemButton, ListItemIcon, ListItemText, Menu, MenuItem, ThemeProvider, Toolbar, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Brand } from '../../components/brand.tsx';
import { ChangePasswordDialog } from '../../features/account/change-password-dialog.tsx';
import { meQuery } from '../../features/auth/api/me.ts';
import { ClockButton } from '../../features/payroll/clock-button.tsx';
import { logout, useSession } from '../../lib/session.ts';
import { crmTheme } from '../crm-theme.ts';
import { CRM_NAV } from './crm-nav.ts';

const DRAWER_WIDTH = 232;

function roleLabel(s: { userType: 'STUDENT' | 'TA' | 'ADMIN' | null; isAdminLevel: boolean }): string {
  if (!s.userType) return '';
  if (s.userType === 'TA' && s.isAdminLevel) return '관리자급 조교';
  return USER_TYPE_LABEL[s.userType];
}

function AccountMenu() {
  const session = useSession();
  const navigate = useNavigate();
  const me = useQuery(meQuery());
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pwOpen, setPwOpen] = useState(false);
  const name = me.data?.name ?? '';

  const signOut = async () => {
    setAnchor(null);
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Button color="inherit" onClick={(e) => setAnchor(e.currentTarget)} endIcon={<ExpandMoreOutlined />} sx={{ fontWeight: 500 }} data-testid="account-menu">
        <Avatar sx={{ width: 30, height: 30, mr: 1, bgcolor: 'primary.main', fontSize: 14 }}>{name.slice(0, 1) || '·'}</Avatar>
        <Typography component="span" sx={{ fontWeight: 700, mr: 1 }} data-testid="user-name">
          {name}
        </Typography>
        <Chip size="small" label={roleLabel(session)} color="primary" variant="outlined" data-testid="user-role" />
      </Button>
      <Button color="inherit" startIcon={<LogoutOutlined />} onClick={() => void signOut()} data-testid="logout">
        로그아웃
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Box sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>{name}</Typography>
          <Typography variant="body2" color="textSecondary">
            {me.data?.loginId}
          </Typography>
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setPwOpen(true);
          }}
        >
          <ListItemIcon>
            <LockResetOutlined fontSize="small" />
          </ListItemIcon>
          비밀번호 변경
        </MenuItem>
        <MenuItem onClick={() => void signOut()}>
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          로그아웃
        </MenuItem>
      </Menu>
      <ChangePasswordDialog userId={me.data?.id} open={pwOpen} onClose={() => setPwOpen(false)} />
    </Box>
  );
}

/** The staff frame: side navigation of the areas the user may open, header with the account. */
export default function CrmLayout() {
  const { principal, userType } = useSession();
  const location = useLocation();
  const items = CRM_NAV.filter((item) => hasPermission(principal, item.permission) && (!item.userType || item.userType === userType));
  // The longest entry that matches: /crm/sms/history is 문자 내역, not 문자 보내기.
  const current = items
    .filter((i) => location.pathname === i.path || location.pathname.startsWith(`${i.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];

  return (
    <ThemeProvider theme={crmTheme}>
      <Box sx={{ display: 'flex', minWidth: 1366, minHeight: '100vh', bgcolor: 'background.default' }} data-testid="crm-layout">
        <Drawer
          variant="permanent"
          sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box', bgcolor: '#0f2e12', color: 'common.white', borderRight: 0 } }}
        >
          <Toolbar sx={{ px: 2.5 }}>
            <Brand inverse />
          </Toolbar>
          <Typography variant="overline" sx={{ px: 3, pt: 1, color: 'rgba(255,255,255,0.55)' }}>
            관리 메뉴
          </Typography>
          <List component="nav" aria-label="관리 메뉴" sx={{ px: 1.5 }}>
            {items.map((item) => {
              const Icon = item.icon;
              return (
                <ListItemButton
                  key={item.path}
                  component={NavLink}
                  to={item.path}
                  selected={current?.path === item.path}
                  sx={{
                    borderRadius: 2,
                    mb: 0.5,
                    color: 'rgba(255,255,255,0.85)',
                    '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'rgba(255,255,255,0.14)', color: 'common.white' },
                    '&:hover': { bgcolor: 'rgba(255,255,255,0.08)' },
                  }}
                >
                  <ListItemIcon sx={{ color: 'inherit', minWidth: 38 }}>
                    <Icon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
                </ListItemButton>
              );
            })}
          </List>
        </Drawer>
        <Box sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
          <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
            <Toolbar sx={{ gap: 2 }}>
              <Typography variant="h6" component="h1" sx={{ flexGrow: 1, fontSize: 18 }}>
                {current?.label ?? '관리'}
              </Typography>
              {userType === 'TA' && <ClockButton />}
              <AccountMenu />
            </Toolbar>
          </AppBar>
          <Box component="main" sx={{ flexGrow: 1, p: 3 }}>
            <Outlet />
          </Box>
        </Box>
      </Box>
    </ThemeProvider>
  );
}
