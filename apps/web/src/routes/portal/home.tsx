import { addDays, dayOfWeek, DAY_LABELS, kstToday } from '@academy/contracts/dates';
import { formatKoreanDate, formatPhone, sessionLabel } from '@academy/contracts/format';
import type { MySession } from '@academy/contracts/lectures';
import { Alert, Box, Button, Chip, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
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
import { dayjs } from '../../lib/dayjs.ts';
import { errorMessage } from '../../lib/http.ts';

function greeting(hour: number): string {
  if (hour < 12) return '좋은 아침이에요';
  if (hour < 18) return '오늘도 힘내세요';
  return '오늘 하루도 수고했어요';
}

/** Text shown when a card has nothing to show. */
function Empty({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" data-testid="home-empty">
      {children}
    </Typography>
  );
}

function More({ to, label }: { to: string; label: string }) {
  return (
    <Button component={RouterLink} to={to} size="small" aria-label={label}>
      전체 보기
    </Button>
  );
}

/** A query's state inside a card: a skeleton while loading, the error, or the content. */
function Loaded<T>({ q, children }: { q: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined }; children: (data: T) => ReactNode }) {
  if (q.isPending) return <Skeleton height={48} />;
  if (q.isError) return <Alert severity="error">{errorMessage(q.error)}</Alert>;
  return <>{children(q.data as T)}</>;
}

const line = { py: 1, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } } as const;

function SessionRow({ s }: { s: MySession }) {
  return (
    <Box sx={{ ...line, display: 'flex', gap: 1.5, alignItems: 'center' }} data-testid="home-today-session">
      <Box sx={{ width: 6, alignSelf: 'stretch', borderRadius: 3, bgcolor: s.color }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>{s.lectureName}</Typography>
        <Typography variant="caption" color="text.secondary">
          {s.startTime}–{s.endTime} · {sessionLabel(s)}{s.room ? ` · ${s.room}` : ''}
        </Typography>
      </Box>
      {s.attendance && <Chip size="small" label={s.attendance.name} variant="outlined" />}
    </Box>
  );
}

/**
 * The student's first page, phone first: today's sessions, the next D-day, this week's attendance,
 * new announcements and materials, the latest score, clinic bookings, a video to continue, and the
 * account. Every card says so in words when it has nothing to show.
 */
export default function PortalHomePage() {
  const me = useMe();
  const now = dayjs();
  const today = kstToday(now.toDate());
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
    <Stack spacing={2}>
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', borderRadius: 3, p: 2.5 }}>
        <Typography variant="body2">{formatKoreanDate(today)}</Typography>
        {me.data ? (
          <Typography variant="h5" component="h1" sx={{ mt: 0.5, fontWeight: 800 }} data-testid="portal-greeting">
            {me.data.name}님, {greeting(now.hour())}
          </Typography>
        ) : (
          <Skeleton variant="text" width="60%" sx={{ mt: 0.5, fontSize: 28, bgcolor: 'rgba(255,255,255,0.2)' }} />
        )}
      </Box>

      <Section compact title="오늘 수업" testId="home-today" actions={<More to="/portal/lectures" label="수업 전체 보기" />}>
        <Loaded q={week}>
          {(sessions) => {
            const todays = sessions.filter((s) => s.date === today);
            return todays.length === 0 ? <Empty>오늘은 수업이 없어요</Empty> : todays.map((s) => <SessionRow key={s.id} s={s} />);
          }}
        </Loaded>
      </Section>

      <Section compact title="다가오는 D-day" testId="home-dday">
        <Loaded q={ddays}>
          {(list) => {
            const next = list.filter((d) => d.upcoming).sort((a, b) => a.date.localeCompare(b.date))[0];
            if (!next) return <Empty>다가오는 D-day가 없어요</Empty>;
            return (
              <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5 }}>
                <Typography variant="h4" component="p" sx={{ fontWeight: 800, color: 'primary.main' }} data-testid="home-dday-label">{next.label}</Typography>
                <Box>
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>{next.title}</Typography>
                  <Typography variant="caption" color="text.secondary">{formatKoreanDate(next.date)} · {next.lectureName}</Typography>
                </Box>
              </Box>
            );
          }}
        </Loaded>
      </Section>

      <Section compact title="이번 주 출결" testId="home-week">
        <Loaded q={week}>
          {(sessions) => {
            const past = sessions.filter((s) => s.date <= today);
            if (sessions.length === 0) return <Empty>이번 주에는 수업이 없어요</Empty>;
            const present = past.filter((s) => s.attendance?.countsAsPresent).length;
            return (
              <>
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {past.length === 0 ? '이번 주 수업은 아직 시작 전이에요' : `지난 ${past.length}회 중 출석 ${present}회`}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
                  {sessions.map((s) => (
                    <Chip
                      key={s.id}
                      size="small"
                      variant={s.attendance ? 'filled' : 'outlined'}
                      label={`${DAY_LABELS[dayOfWeek(s.date)]} ${s.lectureName.slice(0, 8)} ${s.attendance?.name ?? (s.date > today ? '예정' : '미기록')}`}
                      data-testid="home-week-session"
                    />
                  ))}
                </Box>
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
                <Box key={a.id} sx={line}>
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>
                    {a.pinned && <Chip size="small" color="primary" label="고정" sx={{ mr: 0.75, height: 20 }} />}
                    {a.title}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">{a.lectureName} · {formatKoreanDate(a.createdAt)}</Typography>
                </Box>
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
              <Box key={f.id} sx={line}>
                <Typography variant="body2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{f.fileName}</Typography>
                <Typography variant="caption" color="text.secondary">{f.week} · {formatKoreanDate(f.date)}</Typography>
              </Box>
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
              <Box component={RouterLink} to={`/portal/scores/${latest.examId}`} sx={{ display: 'block', color: 'inherit', textDecoration: 'none' }}>
                <Typography variant="body2" sx={{ fontWeight: 700 }}>{latest.title}</Typography>
                <Typography variant="caption" color="text.secondary">{latest.lectureName} · {formatKoreanDate(latest.date)}</Typography>
                <Typography variant="h6" component="p" sx={{ mt: 0.5 }}>
                  {latest.score === null ? '미응시' : `${latest.score}점 / ${latest.maxScore}점`}
                  {latest.rank !== null && <Typography component="span" variant="body2" color="text.secondary">{` · ${latest.rank}등 / ${latest.takers}명`}</Typography>}
                </Typography>
              </Box>
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
              <Stack spacing={0.5}>
                {booked.slice(0, 2).map((b) => (
                  <Typography key={b.participantId} variant="body2">
                    {formatKoreanDate(b.slot.date)} {b.slot.startTime}–{b.slot.endTime} 예약됨{b.target ? ` · ${b.target.title}` : ''}
                  </Typography>
                ))}
                {waiting.length > 0 && (
                  <Typography variant="body2" color="error.main" sx={{ fontWeight: 700 }}>
                    예약이 필요한 클리닉 {waiting.length}건
                  </Typography>
                )}
              </Stack>
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
              <Box component={RouterLink} to={`/portal/videos/${next.id}`} sx={{ display: 'block', color: 'inherit', textDecoration: 'none' }}>
                <Typography variant="body2" sx={{ fontWeight: 700 }}>{next.title}</Typography>
                <Typography variant="caption" color="text.secondary">{next.lectureName} · {next.sessionTitle}</Typography>
                <LinearProgress variant="determinate" value={next.progress.percent} sx={{ mt: 1, height: 6, borderRadius: 3 }} aria-label={`${next.title} 시청률 ${Math.round(next.progress.percent)}%`} />
              </Box>
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
                <Box key={l.id} sx={line}>
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>{l.name}</Typography>
                  <Typography variant="caption" color="text.secondary">{l.teacherName} 선생님{l.room ? ` · ${l.room}` : ''}</Typography>
                </Box>
              ))
            )
          }
        </Loaded>
      </Section>

      <Section compact title="내 정보" testId="home-account" actions={<Button component={RouterLink} to="/portal/password" size="small">비밀번호 변경</Button>}>
        <Loaded q={me}>
          {(m) => (
            <Stack spacing={1.5}>
              <ProfilePhotoPicker userId={m.id} name={m.name} self />
              <Typography variant="body2">
                {m.name} · {m.loginId} · {m.phone ? formatPhone(m.phone) : '등록된 번호가 없어요'}
              </Typography>
            </Stack>
          )}
        </Loaded>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          정보가 바뀌었다면 학원 데스크나 담당 조교에게 알려 주세요.
        </Typography>
      </Section>
    </Stack>
  );
}
