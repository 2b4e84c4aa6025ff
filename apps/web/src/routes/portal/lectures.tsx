import { formatKoreanDate } from '@academy/contracts/format';
import { type MyDday, type MySession, scheduleText } from '@academy/contracts/lectures';
import OndemandVideoOutlined from '@mui/icons-material/OndemandVideoOutlined';
import { Alert, Box, Button, Chip, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { Section } from '../../components/section.tsx';
import { mixColors, readableInk } from '../../lib/colors.ts';
import { useMyAnnouncements } from '../../features/lectures/api/my-announcements.ts';
import { useMyAttendance } from '../../features/lectures/api/my-attendance.ts';
import { useMyDdays } from '../../features/lectures/api/my-ddays.ts';
import { useMyLectures } from '../../features/lectures/api/my-lectures.ts';
import { useMySessions } from '../../features/lectures/api/my-sessions.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { errorMessage } from '../../lib/http.ts';


function SessionLine({ s }: { s: MySession }) {
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', py: 1, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }} data-testid="my-session">
      <Box sx={{ width: 4, alignSelf: 'stretch', bgcolor: s.color, borderRadius: 1 }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>{s.lectureName}</Typography>
        <Typography variant="caption" color="textSecondary">
          {s.title} · {formatKoreanDate(s.date)} {s.startTime}–{s.endTime}{s.room ? ` · ${s.room}` : ''}
        </Typography>
      </Box>
      {s.attendance && <Chip size="small" label={s.attendance.name} sx={{ bgcolor: `${s.attendance.color}26`, color: readableInk(s.attendance.color, mixColors('#ffffff', s.attendance.color, 0.15)), fontWeight: 700 }} />}
    </Box>
  );
}

/** The student's lectures: D-day countdown, today's and coming sessions, announcements and attendance. */
export default function PortalLecturesPage() {
  const ddays = useMyDdays();
  const sessions = useMySessions();
  const lectures = useMyLectures();
  const announcements = useMyAnnouncements();
  const attendance = useMyAttendance();
  const today = dayjs().format('YYYY-MM-DD');
  const todays = sessions.data?.filter((s) => s.date === today) ?? [];
  const upcoming = sessions.data?.filter((s) => s.date > today) ?? [];
  const error = [ddays, sessions, lectures, announcements, attendance].find((q) => q.isError)?.error;
  // One exam shared by several lectures (2027 수능) is one countdown, naming every lecture.
  const countdowns = Object.values(
    (ddays.data ?? []).reduce<Record<string, MyDday & { lectureNames: string[] }>>((acc, d) => {
      const key = `${d.title}|${d.date}`;
      acc[key] = acc[key] ? { ...acc[key], lectureNames: [...acc[key].lectureNames, d.lectureName] } : { ...d, lectureNames: [d.lectureName] };
      return acc;
    }, {}),
  );

  return (
    <Stack spacing={2}>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <Button component={RouterLink} to="/portal/videos" variant="outlined" startIcon={<OndemandVideoOutlined />} sx={{ alignSelf: 'flex-start' }} data-testid="to-videos">
        수업 영상 보기
      </Button>
      <Section compact title="D-day" testId="my-ddays">
        {ddays.isPending && <Skeleton height={60} />}
        {ddays.data?.length === 0 && <Typography variant="body2" color="textSecondary">등록된 D-day가 없습니다</Typography>}
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 1 }}>
          {countdowns.map((d) => (
            <Box key={d.id} sx={{ p: 1.5, borderRadius: 2, bgcolor: d.upcoming ? 'primary.main' : 'action.hover', color: d.upcoming ? 'primary.contrastText' : 'text.secondary' }} data-testid="my-dday">
              <Typography variant="h5" sx={{ fontWeight: 800 }}>{d.label}</Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>{d.title}</Typography>
              <Typography variant="caption" sx={{ opacity: 0.85 }}>{formatKoreanDate(d.date)} · {d.lectureNames.join(', ')}</Typography>
            </Box>
          ))}
        </Box>
      </Section>
      <Section compact title={`오늘 수업 (${formatKoreanDate(today)})`} testId="my-today">
        {sessions.isPending && <Skeleton height={60} />}
        {sessions.data && todays.length === 0 && <Typography variant="body2" color="textSecondary">오늘은 수업이 없어요</Typography>}
        {todays.map((s) => <SessionLine key={s.id} s={s} />)}
      </Section>
      <Section compact title="다가오는 수업 (2주)" testId="my-upcoming">
        {sessions.data && upcoming.length === 0 && <Typography variant="body2" color="textSecondary">예정된 수업이 없습니다</Typography>}
        {upcoming.map((s) => <SessionLine key={s.id} s={s} />)}
      </Section>
      <Section compact title="공지" testId="my-announcements">
        {announcements.data?.length === 0 && <Typography variant="body2" color="textSecondary">새 공지가 없습니다</Typography>}
        {announcements.data?.slice(0, 10).map((a) => (
          <Box key={a.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}>
            <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="my-announcement-title">
              {a.pinned && <Chip size="small" color="primary" label="고정" sx={{ mr: 0.75, height: 20 }} />}
              {a.title}
            </Typography>
            <Typography variant="caption" color="textSecondary">{a.lectureName} · {a.weeklyLectureTitle} · {formatKoreanDate(a.date)}</Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>{a.content}</Typography>
          </Box>
        ))}
      </Section>
      <Section compact title="내 출결" testId="my-attendance">
        {attendance.data?.lectures.length === 0 && <Typography variant="body2" color="textSecondary">아직 출결 기록이 없습니다</Typography>}
        <Stack spacing={1.5}>
          {attendance.data?.lectures.map((l) => {
            const rate = l.marked ? Math.round((l.present / l.marked) * 100) : 0;
            return (
              <Box key={l.lectureId}>
                <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>{l.lectureName}</Typography>
                  <Typography variant="body2">출석률 {rate}%</Typography>
                </Stack>
                <LinearProgress variant="determinate" value={rate} aria-label={`${l.lectureName} 출석률 ${rate}%`} sx={{ my: 0.5, height: 6, borderRadius: 3 }} />
                <Typography variant="caption" color="textSecondary">
                  {l.counts.map((c) => `${c.name} ${c.count}`).join(' · ') || '기록 없음'}
                </Typography>
              </Box>
            );
          })}
        </Stack>
      </Section>
      <Section compact title="수강 중인 강좌" testId="my-lectures">
        {lectures.data?.length === 0 && <Typography variant="body2" color="textSecondary">수강 중인 강좌가 없어요. 학원 데스크에 문의해 주세요</Typography>}
        {lectures.data?.map((l) => (
          <Box key={l.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }} data-testid="my-lecture">
            <Typography variant="body2" sx={{ fontWeight: 700 }}>{l.name}</Typography>
            <Typography variant="caption" color="textSecondary">{l.teacherName} 선생님 · {scheduleText(l.schedule)}{l.room ? ` · ${l.room}` : ''}</Typography>
          </Box>
        ))}
      </Section>
    </Stack>
  );
}
