import { AppBar, Box, Button, Container, Link, Stack, Toolbar, Typography } from '@mui/material';
import { Link as RouterLink, Outlet } from 'react-router';
import { Brand, CENTER_NAME } from '../../components/brand.tsx';
import { CENTER_INFO } from '../../routes/public/center-info.ts';
import { useSession } from '../../lib/session.ts';
import { landingPath } from '@academy/contracts/roles';

/** The open pages: landing, sign-in, password recovery, terms. */
export default function PublicLayout() {
  const { principal } = useSession();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.paper' }}>
      <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'rgba(255,255,255,0.92)', backdropFilter: 'blur(8px)' }}>
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ gap: 1 }}>
            <Box component={RouterLink} to="/" sx={{ textDecoration: 'none', flexGrow: 1 }}>
              <Brand />
            </Box>
            <Stack direction="row" spacing={0.5} sx={{ display: { xs: 'none', md: 'flex' } }}>
              {[
                ['#courses', '강좌'],
                ['#teachers', '강사진'],
                ['#notices', '공지'],
                ['#location', '오시는 길'],
                ['#contact', '상담'],
              ].map(([href, label]) => (
                <Button key={href} color="inherit" component={RouterLink} to={`/${href}`} sx={{ fontWeight: 500 }}>
                  {label}
                </Button>
              ))}
            </Stack>
            <Button color="inherit" component={RouterLink} to="/board" sx={{ fontWeight: 600 }} data-testid="nav-board">
              Q&amp;A
            </Button>
            {principal ? (
              <Button variant="contained" component={RouterLink} to={landingPath(principal)}>
                {principal.userType === 'STUDENT' ? '내 학습' : '관리 화면'}
              </Button>
            ) : (
              <Button variant="contained" component={RouterLink} to="/login" data-testid="nav-login">
                로그인
              </Button>
            )}
          </Toolbar>
        </Container>
      </AppBar>
      <Box component="main" sx={{ flexGrow: 1 }}>
        <Outlet />
      </Box>
      <Box component="footer" sx={{ bgcolor: '#0f2e12', color: 'rgba(255,255,255,0.75)', py: 5, mt: 'auto' }}>
        <Container maxWidth="lg">
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ justifyContent: 'space-between' }}>
            <Box>
              <Brand inverse />
              <Typography variant="body2" sx={{ mt: 1.5, lineHeight: 1.9 }}>
                {CENTER_INFO.address} · 대표 {CENTER_INFO.representative}
                <br />
                사업자등록번호 {CENTER_INFO.businessNo} · 학원등록번호 {CENTER_INFO.registrationNo}
                <br />
                상담 전화 {CENTER_INFO.phone} · {CENTER_INFO.hours}
              </Typography>
            </Box>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Link component={RouterLink} to="/terms/1" color="inherit" underline="hover">
                이용약관
              </Link>
              <Link component={RouterLink} to="/terms/2" color="inherit" underline="hover" sx={{ fontWeight: 700 }}>
                개인정보처리방침
              </Link>
            </Stack>
          </Stack>
          <Typography variant="caption" sx={{ display: 'block', mt: 3, color: 'rgba(255,255,255,0.5)' }}>
            © 2026 {CENTER_NAME}. All rights reserved.
          </Typography>
        </Container>
      </Box>
    </Box>
  );
}
