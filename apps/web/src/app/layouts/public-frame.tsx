import { landingPath } from '@academy/contracts/roles';
import type { ReactNode } from 'react';
import { Brand, CENTER_NAME } from '../../components/brand.tsx';
import { AppLink } from '../../components/light/app-link.tsx';
import { buttonClass, LinkButton } from '../../components/light/button.tsx';
import { CENTER_INFO } from '../../routes/public/center-info.ts';
import { useSession } from '../../lib/session.ts';
import s from './public-frame.module.css';

const SECTIONS = [
  ['#courses', '강좌'],
  ['#teachers', '강사진'],
  ['#notices', '공지'],
  ['#location', '오시는 길'],
  ['#contact', '상담'],
] as const;

/** 로그인, or the way back in for a signed-in visitor; kept invisible while the start-up refresh is out. */
function AccountAction() {
  const { status, principal } = useSession();
  if (status === 'starting') return <span className={buttonClass({ variant: 'contained' }, s.pending)}>로그인</span>;
  if (principal) {
    return (
      <LinkButton variant="contained" to={landingPath(principal)}>
        {principal.userType === 'STUDENT' ? '내 학습' : '관리 화면'}
      </LinkButton>
    );
  }
  return (
    <LinkButton variant="contained" to="/login" data-testid="nav-login">
      로그인
    </LinkButton>
  );
}

/**
 * The open pages' frame (header, footer): landing, sign-in, password recovery, terms, the board.
 * Drawn with the app's own CSS and free of React Router (links go through AppLink), so the landing
 * page can show it before the app has loaded; the pages inside that use MUI bring it with them.
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className={s.page}>
      <header className={s.header}>
        <div className={`${s.container} ${s.toolbar}`}>
          <AppLink to="/" className={s.home}>
            <Brand />
          </AppLink>
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
          <AccountAction />
        </div>
      </header>
      <main className={s.main}>{children}</main>
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
              <AppLink to="/terms/1">이용약관</AppLink>
              <AppLink to="/terms/2">개인정보처리방침</AppLink>
            </div>
          </div>
          <small className={s.copyright}>© 2026 {CENTER_NAME}. All rights reserved.</small>
        </div>
      </footer>
    </div>
  );
}
