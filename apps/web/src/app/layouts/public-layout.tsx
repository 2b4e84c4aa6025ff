import { landingPath } from '@academy/contracts/roles';
import { Link, Outlet } from 'react-router';
import { Brand, CENTER_NAME } from '../../components/brand.tsx';
import { LinkButton } from '../../components/light/button.tsx';
import { CENTER_INFO } from '../../routes/public/center-info.ts';
import { useSession } from '../../lib/session.ts';
import s from './public-layout.module.css';

const SECTIONS = [
  ['#courses', '강좌'],
  ['#teachers', '강사진'],
  ['#notices', '공지'],
  ['#location', '오시는 길'],
  ['#contact', '상담'],
] as const;

/**
 * The open pages: landing, sign-in, password recovery, terms, the board. Drawn with the app's own
 * CSS (no MUI), so the landing and sign-in pages load no MUI at all; the pages inside that use MUI
 * bring it with them.
 */
export default function PublicLayout() {
  const { principal } = useSession();
  return (
    <div className={s.page}>
      <header className={s.header}>
        <div className={`${s.container} ${s.toolbar}`}>
          <Link to="/" className={s.home}>
            <Brand />
          </Link>
          <nav className={s.sections} aria-label="학원 소개">
            {SECTIONS.map(([href, label]) => (
              <LinkButton key={href} color="inherit" to={`/${href}`} className={s.sectionLink}>
                {label}
              </LinkButton>
            ))}
          </nav>
          <LinkButton color="inherit" to="/board" data-testid="nav-board">
            Q&amp;A
          </LinkButton>
          {principal ? (
            <LinkButton variant="contained" to={landingPath(principal)}>
              {principal.userType === 'STUDENT' ? '내 학습' : '관리 화면'}
            </LinkButton>
          ) : (
            <LinkButton variant="contained" to="/login" data-testid="nav-login">
              로그인
            </LinkButton>
          )}
        </div>
      </header>
      <main className={s.main}>
        <Outlet />
      </main>
      <footer className={s.footer}>
        <div className={s.container}>
          <div className={s.footerRow}>
            <div>
              <Brand inverse />
              <p className={s.footerText}>
                {CENTER_INFO.address} · 대표 {CENTER_INFO.representative}
                <br />
                사업자등록번호 {CENTER_INFO.businessNo} · 학원등록번호 {CENTER_INFO.registrationNo}
                <br />
                상담 전화 {CENTER_INFO.phone} · {CENTER_INFO.hours}
              </p>
            </div>
            <div className={s.footerLinks}>
              <Link to="/terms/1">이용약관</Link>
              <Link to="/terms/2">개인정보처리방침</Link>
            </div>
          </div>
          <small className={s.copyright}>© 2026 {CENTER_NAME}. All rights reserved.</small>
        </div>
      </footer>
    </div>
  );
}
