import { addDays, dayOfWeek, DAY_LABELS, greetingFor, hasStarted, kstHour, kstToday } from '@academy/contracts/dates';
import { formatKoreanDate, formatPhone, sessionLabel, shortName } from '@academy/contracts/format';
import type { MySession } from '@academy/contracts/lectures';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LinkButton } from '../../components/light/button.tsx';
import { Chip } from '../../components/light/chip.tsx';
import { ErrorAlert, LinearProgress, Skeleton } from '../../components/light/feedback.tsx';
import { ProfilePhotoPicker } from '../../components/profile-photo-picker.tsx';
import { Section } from '../../components/section.tsx';
import { useMe } from '../../features/auth/api/me.ts';
import { usePortalClinic } from '../../features/clinic/api/portal-board.ts';
import { useMyScores } from '../../features/exams/api/my-scores.ts';
import { useMyMaterials } from '../../features/files/api/my-materials.ts';
import { useMyAnnouncements } from '../../features/lectures/api/my-announcements.ts';
import { useMyDdays } from '../../features/lectures/api/my-ddays.ts';
import { useMyLectures } from '../../features/lectures/api/my-lectures.ts';
import { useMySessionsBetween } from '../../features/lectures/api/my-week.ts';
import { useMyVideos } from '../../features/videos/api/my-videos.ts';
import { errorMessage } from '../../lib/http.ts';
import s from './home.module.css';

/** Text shown when a card has nothing to show. */
function Empty({ children }: { children: ReactNode }) {
  return (
    <p className={`${s.body2} ${s.muted}`} data-testid="home-empty">
      {children}
    </p>
  );
}

function More({ to, label }: { to: string; label: string }) {
  return (
    <LinkButton to={to} size="small" aria-label={label}>
      전체 보기
    </LinkButton>
  );
}

/** A query's state inside a card: a skeleton while loading, the error, or the content. */
function Loaded<T>({ q, children }: { q: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined }; children: (data: T) => ReactNode }) {
  if (q.isPending) return <Skeleton height={48} />;
  if (q.isError) return <ErrorAlert>{errorMessage(q.error)}</ErrorAlert>;
  return <>{children(q.data as T)}</>;
}

/** Two lines of a list entry: the bold title and the grey caption under it. */
function Entry({ title, caption, className }: { title: ReactNode; caption: ReactNode; className?: string }) {
  return (
    <>
      <p className={`${s.body2} ${s.bold}${className ? ` ${className}` : ''}`}>{title}</p>
      <span className={s.caption}>{caption}</span>
    </>
  );
}

function SessionRow({ session }: { session: MySession }) {
  return (
    <div className={`${s.line} ${s.session}`} data-testid="home-today-session">
      <span className={s.sessionColor} style={{ backgroundColor: session.color }} />
      <div className={s.grow}>
        <Entry title={session.lectureName} caption={`${session.startTime}–${session.endTime} · ${sessionLabel(session)}${session.room ? ` · ${session.room}` : ''}`} />
      </div>
      {session.attendance && <Chip size="small" label={session.attendance.name} variant="outlined" />}
    </div>
  );
}

/**
 * The student's first page, phone first: today's sessions, the next D-day, this week's attendance,
 * new announcements and materials, the latest score, clinic bookings, a video to continue, and the
 * account. Every card says so in words when it has nothing to show. Drawn with the light components
 * and the app's own CSS: the portal home loads no MUI (apps/web/README.md, "First-load JavaScript").
 */
export default function PortalHomePage() {
  const me = useMe();
  const now = new Date();
  const today = kstToday(now);
  const monday = addDays(today, 1 - dayOfWeek(today));
  const week = useMySessionsBetween(monday, addDays(monday, 6));
  const ddays = useMyDdays();
  const lectures = useMyLectures();
  const announcements = useMyAnnouncements();
  const materials = useMyMaterials();
  const scores = useMyScores();
  const clinic = usePortalClinic();
  const videos = useMyVideos();

  return (
    <div className={s.stack}>
      <div className={s.greeting}>
        <p className={s.body2}>{formatKoreanDate(today)}</p>
        {me.data ? (
          <h1 className={s.greetingTitle} data-testid="portal-greeting">
            {me.data.name}님, {greetingFor(kstHour(now))}
          </h1>
        ) : (
          <Skeleton width="60%" className={s.greetingSkeleton} />
        )}
      </div>

      <Section compact title="오늘 수업" testId="home-today" actions={<More to="/portal/lectures" label="수업 전체 보기" />}>
        <Loaded q={week}>
          {(sessions) => {
            const todays = sessions.filter((x) => x.date === today);
            return todays.length === 0 ? <Empty>오늘은 수업이 없어요</Empty> : todays.map((x) => <SessionRow key={x.id} session={x} />);
          }}
        </Loaded>
      </Section>

      <Section compact title="다가오는 D-day" testId="home-dday">
        <Loaded q={ddays}>
          {(list) => {
            const next = list.filter((d) => d.upcoming).sort((a, b) => a.date.localeCompare(b.date))[0];
            if (!next) return <Empty>다가오는 D-day가 없어요</Empty>;
            return (
              <div className={s.dday}>
                <p className={s.ddayLabel} data-testid="home-dday-label">{next.label}</p>
                <div>
                  <Entry title={next.title} caption={`${formatKoreanDate(next.date)} · ${next.lectureName}`} />
                </div>
              </div>
            );
          }}
        </Loaded>
      </Section>

      <Section compact title="이번 주 출결" testId="home-week">
        <Loaded q={week}>
          {(sessions) => {
            // Held ones only: a class later today counts once it has started, or once it is marked.
            const past = sessions.filter((x) => hasStarted(x, now) || x.attendance);
            if (sessions.length === 0) return <Empty>이번 주에는 수업이 없어요</Empty>;
            const present = past.filter((x) => x.attendance?.countsAsPresent).length;
            return (
              <>
                <p className={`${s.body2} ${s.weekText}`}>
                  {past.length === 0 ? '이번 주 수업은 아직 시작 전이에요' : `지난 ${past.length}회 중 출석 ${present}회`}
                </p>
                <div className={s.chips}>
                  {sessions.map((x) => (
                    <Chip
                      key={x.id}
                      size="small"
                      variant={x.attendance ? 'filled' : 'outlined'}
                      label={`${DAY_LABELS[dayOfWeek(x.date)]} ${shortName(x.lectureName, 8)} ${x.attendance?.name ?? (hasStarted(x, now) ? '미기록' : '예정')}`}
                      title={`${formatKoreanDate(x.date)} ${x.lectureName}`}
                      data-testid="home-week-session"
                    />
                  ))}
                </div>
              </>
            );
          }}
        </Loaded>
      </Section>

      <Section compact title="새 공지" testId="home-announcements" actions={<More to="/portal/lectures" label="공지 전체 보기" />}>
        <Loaded q={announcements}>
          {(list) =>
            list.length === 0 ? (
              <Empty>새 공지가 없어요</Empty>
            ) : (
              list.slice(0, 3).map((a) => (
                <div key={a.id} className={s.line}>
                  <Entry
                    title={
                      <>
                        {a.pinned && <Chip size="small" color="primary" label="고정" style={{ height: 20, marginRight: 6 }} />}
                        {a.title}
                      </>
                    }
                    caption={`${a.lectureName} · ${formatKoreanDate(a.createdAt)}`}
                  />
                </div>
              ))
            )
          }
        </Loaded>
      </Section>

      <Section compact title="새 자료" testId="home-materials" actions={<More to="/portal/materials" label="자료 전체 보기" />}>
        <Loaded q={materials}>
          {(weeks) => {
            const fresh = weeks.flatMap((w) => w.files.filter((f) => !f.opened).map((f) => ({ ...f, week: w.title, date: w.date })));
            if (fresh.length === 0) return <Empty>새로 올라온 자료가 없어요</Empty>;
            return fresh.slice(0, 3).map((f) => (
              <div key={f.id} className={s.line}>
                <Entry title={f.fileName} caption={`${f.week} · ${formatKoreanDate(f.date)}`} className={s.fileName} />
              </div>
            ));
          }}
        </Loaded>
      </Section>

      <Section compact title="최근 성적" testId="home-scores" actions={<More to="/portal/scores" label="성적 전체 보기" />}>
        <Loaded q={scores}>
          {(list) => {
            const latest = list[0];
            if (!latest) return <Empty>공개된 성적이 아직 없어요</Empty>;
            return (
              <Link to={`/portal/scores/${latest.examId}`} className={s.cardLink}>
                <Entry title={latest.title} caption={`${latest.lectureName} · ${formatKoreanDate(latest.date)}`} />
                <p className={s.score}>
                  {latest.score === null ? '미응시' : `${latest.score}점 / ${latest.maxScore}점`}
                  {latest.rank !== null && <span>{` · ${latest.rank}등 / ${latest.takers}명`}</span>}
                </p>
              </Link>
            );
          }}
        </Loaded>
      </Section>

      <Section compact title="클리닉" testId="home-clinic" actions={<More to="/portal/clinic" label="클리닉 전체 보기" />}>
        <Loaded q={clinic}>
          {(board) => {
            const booked = board.mine.filter((b) => !b.counselType);
            const waiting = board.targets.filter((t) => t.clinic === 'required');
            if (booked.length === 0 && waiting.length === 0) return <Empty>예약한 클리닉도, 클리닉 대상 시험도 없어요</Empty>;
            return (
              <div className={s.clinicList}>
                {booked.slice(0, 2).map((b) => (
                  <p key={b.participantId} className={s.body2}>
                    {formatKoreanDate(b.slot.date)} {b.slot.startTime}–{b.slot.endTime} 예약됨{b.target ? ` · ${b.target.title}` : ''}
                  </p>
                ))}
                {waiting.length > 0 && <p className={`${s.body2} ${s.needed}`}>예약이 필요한 클리닉 {waiting.length}건</p>}
              </div>
            );
          }}
        </Loaded>
      </Section>

      <Section compact title="이어서 볼 영상" testId="home-videos" actions={<More to="/portal/videos" label="영상 전체 보기" />}>
        <Loaded q={videos}>
          {(list) => {
            const next = list.find((v) => !v.progress.completed);
            if (!next) return <Empty>{list.length === 0 ? '올라온 영상이 없어요' : '모든 영상을 다 봤어요'}</Empty>;
            return (
              <Link to={`/portal/videos/${next.id}`} className={s.cardLink}>
                <Entry title={next.title} caption={`${next.lectureName} · ${next.sessionTitle}`} />
                <LinearProgress value={next.progress.percent} className={s.progress} label={`${next.title} 시청률 ${Math.round(next.progress.percent)}%`} />
              </Link>
            );
          }}
        </Loaded>
      </Section>

      <Section compact title="수강 중인 강좌" testId="home-lectures">
        <Loaded q={lectures}>
          {(list) =>
            list.length === 0 ? (
              <Empty>수강 중인 강좌가 없어요. 학원 데스크에 문의해 주세요</Empty>
            ) : (
              list.map((l) => (
                <div key={l.id} className={s.line}>
                  <Entry title={l.name} caption={`${l.teacherName} 선생님${l.room ? ` · ${l.room}` : ''}`} />
                </div>
              ))
            )
          }
        </Loaded>
      </Section>

      <Section compact title="내 정보" testId="home-account" actions={<LinkButton to="/portal/password" size="small">비밀번호 변경</LinkButton>}>
        <Loaded q={me}>
          {(m) => (
            <div className={s.account}>
              <ProfilePhotoPicker userId={m.id} name={m.name} self />
              <p className={s.body2}>
                {m.name} · {m.loginId} · {m.phone ? formatPhone(m.phone) : '등록된 번호가 없어요'}
              </p>
            </div>
          )}
        </Loaded>
        <span className={`${s.caption} ${s.note}`}>정보가 바뀌었다면 학원 데스크나 담당 조교에게 알려 주세요.</span>
      </Section>
    </div>
  );
}
