import { formatKoreanDate } from '@academy/contracts/format';
import { useEffect, type ReactNode } from 'react';
import { CENTER_NAME } from '../../components/brand.tsx';
import { AnchorButton, LinkButton } from '../../components/light/button.tsx';
import { Chip } from '../../components/light/chip.tsx';
import { Skeleton } from '../../components/light/feedback.tsx';
import { Icon } from '../../components/light/icons.tsx';
import { usePublicCenter } from '../../features/center/api/public-center.ts';
import { useNavigation } from '../../lib/navigation.ts';
import { CENTER_INFO } from './center-info.ts';
import { NOTICES, STRENGTHS } from './landing-data.ts';
import s from './landing.module.css';

/*
 * The landing page is the first thing a parent sees, often on a phone, so it is drawn with the
 * app's own CSS and the light components, and reads no router and no query library: a first visit
 * loads React and this page only (apps/web/README.md, "First-load JavaScript").
 */

const accessTimeIcon = 'M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8m.5-13H11v6l5.25 3.15.75-1.23-4.5-2.67z';
const arrowForwardIcon = 'm12 4-1.41 1.41L16.17 11H4v2h12.17l-5.58 5.59L12 20l8-8z';
const busIcon = 'M12 2c-4.42 0-8 .5-8 4v10c0 .88.39 1.67 1 2.22V20c0 .55.45 1 1 1h1c.55 0 1-.45 1-1v-1h8v1c0 .55.45 1 1 1h1c.55 0 1-.45 1-1v-1.78c.61-.55 1-1.34 1-2.22V6c0-3.5-3.58-4-8-4m5.66 2.99H6.34C6.89 4.46 8.31 4 12 4s5.11.46 5.66.99m.34 2V10H6V6.99zm-.34 9.74-.29.27H6.63l-.29-.27C6.21 16.62 6 16.37 6 16v-4h12v4c0 .37-.21.62-.34.73M7 14.5a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0M14 14.5a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0';
const parkingIcon = 'M13 3H6v18h4v-6h3c3.31 0 6-2.69 6-6s-2.69-6-6-6m.2 8H10V7h3.2c1.1 0 2 .9 2 2s-.9 2-2 2';
const phoneInTalkIcon = 'M15 12h2c0-2.76-2.24-5-5-5v2c1.66 0 3 1.34 3 3zm4 0h2c0-4.97-4.03-9-9-9v2c3.87 0 7 3.13 7 7zm1 3.5c-1.25 0-2.45-.2-3.57-.57-.1-.03-.21-.05-.31-.05-.26 0-.51.1-.71.29l-2.2 2.2c-2.83-1.44-5.15-3.75-6.59-6.59l2.2-2.21c.28-.26.36-.65.25-1C8.7 6.45 8.5 5.25 8.5 4c0-.55-.45-1-1-1H4c-.55 0-1 .45-1 1 0 9.39 7.61 17 17 17 .55 0 1-.45 1-1v-3.5c0-.55-.45-1-1-1zM5.03 5h1.5c.07.88.22 1.75.45 2.58l-1.2 1.21c-.4-1.21-.66-2.47-.75-3.79zM19 18.97c-1.32-.09-2.6-.35-3.8-.76l1.2-1.2c.85.24 1.72.39 2.6.45v1.51z';
const placeIcon = 'M12 12c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2m6-1.8C18 6.57 15.35 4 12 4s-6 2.57-6 6.2c0 2.34 1.95 5.44 6 9.14 4.05-3.7 6-6.8 6-9.14M12 2c4.2 0 8 3.22 8 8.2 0 3.32-2.67 7.25-8 11.8-5.33-4.55-8-8.48-8-11.8C4 5.22 7.8 2 12 2';
const subwayIcon = 'M12 2c-4 0-8 .5-8 4v9.5C4 17.43 5.57 19 7.5 19L6 20.5v.5h12v-.5L16.5 19c1.93 0 3.5-1.57 3.5-3.5V6c0-3.5-3.58-4-8-4m5.66 3H6.43c.61-.52 2.06-1 5.57-1 3.71 0 5.12.46 5.66 1M11 7v3H6V7zm2 0h5v3h-5zm3.5 10h-9c-.83 0-1.5-.67-1.5-1.5V12h12v3.5c0 .83-.67 1.5-1.5 1.5M7 14.5a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0M14 14.5a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0';

function Section({ id, eyebrow, title, children, tinted = false }: { id: string; eyebrow: string; title: string; children: ReactNode; tinted?: boolean }) {
  return (
    <section id={id} className={tinted ? `${s.section} ${s.tinted}` : s.section}>
      <div className={s.container}>
        <span className={s.overline}>{eyebrow}</span>
        <h2 className={s.h2}>{title}</h2>
        {children}
      </div>
    </section>
  );
}

const STATS = [
  ['9년', '노원 지역 운영'],
  ['12명', '반별 최대 정원'],
  ['주 1회', '개인 클리닉'],
] as const;

function Hero({ name }: { name: string }) {
  return (
    <div className={s.hero}>
      <div aria-hidden="true" className={s.circle1} />
      <div aria-hidden="true" className={s.circle2} />
      <div className={`${s.container} ${s.heroInner}`}>
        <Chip label="2027학년도 겨울방학 특강 접수 중" className={s.heroChip} />
        <h1 className={s.h1}>
          공부는 매일 조금씩,
          <br />
          <span data-testid="landing-center-name">{name}</span>에서 끝까지.
        </h1>
        <p className={s.lead}>
          노원역 앞에서 9년째, 중등 내신부터 고3 수능까지. 주차별 테스트와 1:1 클리닉, 학부모 문자 리포트로 성적이 오르는 과정을 함께 확인합니다.
        </p>
        <div className={s.actions}>
          <AnchorButton href="#contact" size="large" variant="contained" color="secondary" startIcon={<Icon path={phoneInTalkIcon} />} className={s.primaryAction}>
            상담 신청하기
          </AnchorButton>
          <LinkButton to="/login" size="large" variant="outlined" endIcon={<Icon path={arrowForwardIcon} />} className={s.loginAction}>
            재원생 로그인
          </LinkButton>
        </div>
        <div className={s.stats}>
          {STATS.map(([num, label], i) => [
            i > 0 && <span key={`${label}-divider`} aria-hidden="true" className={s.statDivider} />,
            <div key={label}>
              <p className={s.statNumber}>{num}</p>
              <p className={`${s.body2} ${s.statLabel}`}>{label}</p>
            </div>,
          ])}
        </div>
      </div>
    </div>
  );
}

/** The header's section links arrive as /#courses; neither the router nor the landing shell scrolls to hashes by itself. */
function useScrollToHash() {
  const hash = useNavigation()?.hash ?? '';
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [hash]);
}

const WAYS = [
  { icon: subwayIcon, label: '지하철', text: CENTER_INFO.subway },
  { icon: busIcon, label: '버스', text: CENTER_INFO.bus },
  { icon: parkingIcon, label: '주차', text: CENTER_INFO.parking },
] as const;

export default function LandingPage() {
  useScrollToHash();
  const center = usePublicCenter();
  return (
    <>
      <Hero name={center.data?.name ?? CENTER_NAME} />

      <div className={s.strengthBand}>
        <div className={`${s.container} ${s.strengthGrid}`}>
          {STRENGTHS.map((item, i) => (
            <div key={item.title} className={s.strength}>
              <span className={s.badge}>{i + 1}</span>
              <div>
                <p className={s.bold}>{item.title}</p>
                <p className={`${s.body2} ${s.muted}`}>{item.body}</p>
              </div>
            </div>
          ))}
        </div>
      </div>

      <Section id="courses" eyebrow="COURSES" title="강좌 안내" tinted>
        {center.isPending && <Skeleton height={160} />}
        {center.isError && <p className={s.muted}>강좌 안내를 불러오지 못했습니다. 전화로 문의해 주세요.</p>}
        {center.data?.courses.length === 0 && <p className={s.muted}>지금 모집 중인 강좌가 없습니다. 다음 학기 강좌는 전화로 문의해 주세요.</p>}
        <div className={`${s.grid} ${s.courses}`}>
          {center.data?.courses.map((c) => (
            <div key={c.id} className={s.card} data-testid="landing-course">
              <div className={s.cardBody}>
                <div className={s.chips}>
                  {c.targetGrade && <Chip label={c.targetGrade} size="small" color="primary" className={s.gradeChip} />}
                  <Chip label={c.subject} size="small" variant="outlined" />
                </div>
                <h3 className={`${s.h3} ${s.courseName}`}>{c.name}</h3>
                <div className={s.schedule}>
                  <Icon path={accessTimeIcon} size={16} />
                  <span className={s.body2}>{c.schedule}</span>
                </div>
                <p className={`${s.body2} ${s.teacherLine}`}>{c.teacherName} 선생님</p>
              </div>
            </div>
          ))}
        </div>
      </Section>

      <Section id="teachers" eyebrow="TEACHERS" title="강사진">
        {center.data?.teachers.length === 0 && <p className={s.muted}>강사진 소개를 준비하고 있습니다.</p>}
        <div className={`${s.grid} ${s.teachers}`}>
          {center.data?.teachers.map((t) => (
            <div key={t.name} className={s.card} data-testid="landing-teacher">
              <div className={s.cardBody}>
                <div className={s.teacherHead}>
                  <span aria-hidden="true" className={s.avatar}>{t.name.slice(0, 1)}</span>
                  <div>
                    <h3 className={s.h3}>{t.name} 선생님</h3>
                    <p className={`${s.body2} ${s.subjects}`}>{t.subjects.join(' · ')}</p>
                  </div>
                </div>
                <p className={`${s.body2} ${s.teacherCourses}`}>
                  {(center.data?.courses ?? []).filter((c) => c.teacherName === t.name).map((c) => c.name).join(', ')}
                </p>
              </div>
            </div>
          ))}
        </div>
      </Section>

      <Section id="notices" eyebrow="NOTICE" title="학원 소식" tinted>
        <div className={s.card}>
          <ul className={s.noticeList}>
            {NOTICES.map((n) => (
              <li key={n.title} className={s.notice}>
                <Chip label={n.badge} size="small" variant="outlined" color="primary" className={s.noticeBadge} />
                <p className={s.noticeTitle}>{n.title}</p>
                <span className={`${s.body2} ${s.noticeDate}`}>{formatKoreanDate(n.date)}</span>
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <Section id="location" eyebrow="LOCATION" title="오시는 길">
        <div className={s.location}>
          <div aria-label="학원 위치 약도" role="img" className={s.map}>
            <div className={s.road} />
            <span className={s.roadName}>동일로</span>
            <div className={s.street} />
            <Chip label="노원역 2번 출구" size="small" className={s.station} />
            <div className={s.marker}>
              <Chip label={CENTER_NAME} color="primary" className={s.markerChip} />
              <Icon path={placeIcon} size={36} />
            </div>
          </div>
          <div className={s.ways}>
            <div>
              <p className={`${s.label} ${s.muted}`}>주소</p>
              <p className={s.address} data-testid="center-address">
                {CENTER_INFO.address}
              </p>
            </div>
            {WAYS.map((row) => (
              <div key={row.label} className={s.way}>
                <Icon path={row.icon} />
                <div>
                  <p className={s.label}>{row.label}</p>
                  <p className={`${s.body2} ${s.muted}`}>{row.text}</p>
                </div>
              </div>
            ))}
          </div>
        </div>
      </Section>

      <section id="contact" className={s.contact}>
        <div className={s.container}>
          <div className={s.contactRow}>
            <div>
              <span className={s.overline}>CONTACT</span>
              <h2 className={`${s.h2} ${s.contactTitle}`}>상담은 전화 한 통이면 충분합니다</h2>
              <p className={s.contactText}>레벨 테스트와 학습 상담은 무료입니다. {CENTER_INFO.hours}</p>
            </div>
            <div className={s.call}>
              <AnchorButton href={`tel:${CENTER_INFO.phone.replaceAll('-', '')}`} size="large" variant="contained" color="secondary" startIcon={<Icon path={phoneInTalkIcon} />} className={s.phone} data-testid="contact-phone">
                {CENTER_INFO.phone}
              </AnchorButton>
              <p className={`${s.body2} ${s.callNote}`}>
                문자 상담 {CENTER_INFO.mobile} · {CENTER_INFO.email}
              </p>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
