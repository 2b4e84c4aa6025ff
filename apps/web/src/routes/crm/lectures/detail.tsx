import { formatKoreanDate } from '@academy/contracts/format';
import ArrowBack from '@mui/icons-material/ArrowBack';
import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import { scheduleText, sessionLabel } from '@academy/contracts/lectures';
import { hasPermission } from '@academy/contracts/roles';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import { Alert, Box, Button, Chip, IconButton, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { meQuery } from '../../../features/auth/api/me.ts';
import { ExamsTab } from '../../../features/exams/exams-tab.tsx';
import { AttendanceGrid } from '../../../features/lectures/attendance-grid.tsx';
import { RosterDialog, SpecialSessionDialog, TransferDialog } from '../../../features/lectures/lecture-dialogs.tsx';
import { useAttendanceGrid } from '../../../features/lectures/api/attendance-grid.ts';
import { useAttendanceTypes } from '../../../features/lectures/api/attendance-types.ts';
import { useLectureDetail } from '../../../features/lectures/api/lecture-detail.ts';
import { SessionTabs } from '../../../features/lectures/session-panel.tsx';
import { VideosTab } from '../../../features/videos/videos-tab.tsx';
import { dayjs } from '../../../lib/dayjs.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';

type Tab = 'attendance' | 'exams' | 'videos' | 'sessions';

/** A lecture's workspace: the attendance sheet, the weekly tests and scores, the videos, each session's participants and announcements, roster and transfers. */
export default function LectureDetailPage() {
  const id = Number(useParams().id);
  const { principal } = useSession();
  const detail = useLectureDetail(id);
  const grid = useAttendanceGrid(id);
  const me = useQuery(meQuery());
  const [tab, setTab] = useState<Tab>('attendance');
  const attendanceTypes = useAttendanceTypes();
  const [dialog, setDialog] = useState<'roster' | 'transfer' | 'special' | null>(null);
  const today = dayjs().format('YYYY-MM-DD');

  if (!Number.isInteger(id) || id <= 0) return <Alert severity="error">잘못된 강좌 주소입니다</Alert>;
  if (detail.isError) return <Alert severity="error">{errorMessage(detail.error)}</Alert>;
  if (detail.isPending) return <Skeleton variant="rounded" height={480} />;
  const lecture = detail.data;
  const sessions = lecture.weeklyLectures;
  // The sheet opens on today's session (or the next one), where the TA is about to take attendance.
  const currentIndex = Math.max(0, sessions.findIndex((w) => w.date >= today));
  const currentCol = sessions.findIndex((w) => w.date >= today) === -1 ? sessions.length - 1 : currentIndex;

  return (
    <>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <IconButton component={RouterLink} to="/crm/lectures" aria-label="강좌 목록으로"><ArrowBack /></IconButton>
        <Box sx={{ width: 8, alignSelf: 'stretch', bgcolor: lecture.color, borderRadius: 1 }} />
        <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="h5" component="h2" data-testid="lecture-title">{lecture.name}</Typography>
            <Chip size="small" label={lecture.subject} />
            {lecture.disabled && <Chip size="small" color="warning" label="비활성" />}
          </Stack>
          {/* Each part keeps its words together: the line breaks between "·" parts, never inside "2026. 12. 1.(화)". */}
          <Typography variant="body2" color="textSecondary" sx={{ '& > span': { whiteSpace: 'nowrap' } }}>
            <span>{lecture.teacherName} 선생님</span> · <span>{scheduleText(lecture.schedule)}</span>{lecture.room ? <> · <span>{lecture.room}</span></> : ''} · <span>{formatKoreanDate(lecture.startDate)} ~ {formatKoreanDate(lecture.endDate)}</span> · <span>수강생 {lecture.students.length}명</span>
          </Typography>
        </Box>
        {/* The actions keep their labels on one line; on a narrow screen the group moves below the title. */}
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
          <Button component={RouterLink} to={`/crm/lectures/${lecture.id}/files`} startIcon={<FolderOutlined />} data-testid="open-files">강의 자료</Button>
          <Button component={RouterLink} to={`/crm/sms?lectureId=${lecture.id}`} startIcon={<SmsOutlined />} data-testid="open-sms">문자 보내기</Button>
          <Button startIcon={<GroupAddOutlined />} onClick={() => setDialog('roster')} data-testid="open-roster">수강생 관리</Button>
          <Button startIcon={<EventRepeatOutlined />} onClick={() => setDialog('special')} disabled={lecture.disabled}>보강·특강 추가</Button>
          {hasPermission(principal, 'ADMIN') && (
            <Button variant="outlined" startIcon={<SwapHorizOutlined />} onClick={() => setDialog('transfer')} data-testid="open-transfer">반 이동</Button>
          )}
        </Stack>
      </Stack>
      {lecture.disabled && <Alert severity="warning" sx={{ mb: 2 }}>비활성화된 강좌입니다. 기록은 볼 수 있지만 출결 입력과 회차 추가는 할 수 없습니다.</Alert>}
      <Tabs value={tab} onChange={(_, v: Tab) => setTab(v)} sx={{ mb: 2 }}>
        <Tab value="attendance" label="출석부" data-testid="tab-attendance" />
        <Tab value="exams" label="시험·성적" data-testid="tab-exams" />
        <Tab value="videos" label="영상" data-testid="tab-videos" />
        <Tab value="sessions" label="회차별 관리 (참여자·공지)" data-testid="tab-sessions" />
      </Tabs>
      {tab === 'attendance' && (
        <>
          {grid.isError && <Alert severity="error">{errorMessage(grid.error)}</Alert>}
          {grid.isPending && <Skeleton variant="rounded" height={480} />}
          {grid.data && <AttendanceGrid lectureId={id} grid={grid.data} initialCol={currentCol} />}
        </>
      )}
      {tab === 'exams' && (
        <ExamsTab
          lectureId={id}
          sessions={sessions.map((w) => ({ id: w.id, title: sessionLabel(w), date: w.date }))}
          initialWlId={sessions[currentIndex]?.id ?? null}
          myUserId={me.data?.id ?? null}
          disabled={lecture.disabled}
        />
      )}
      {tab === 'videos' && (
        <VideosTab
          lectureId={id}
          sessions={sessions.map((w) => ({ id: w.id, title: sessionLabel(w), date: w.date }))}
          initialWlId={sessions[Math.max(0, sessions.findLastIndex((w) => w.date <= today))]?.id ?? null}
          isAdmin={hasPermission(principal, 'ADMIN')}
          attendanceTypes={attendanceTypes.data ?? []}
        />
      )}
      {tab === 'sessions' && <SessionTabs lecture={lecture} initialId={sessions[currentIndex]?.id ?? null} />}
      {dialog === 'roster' && <RosterDialog lecture={lecture} onClose={() => setDialog(null)} />}
      {dialog === 'transfer' && <TransferDialog lecture={lecture} onClose={() => setDialog(null)} />}
      {dialog === 'special' && <SpecialSessionDialog lectureId={id} onClose={() => setDialog(null)} />}
    </>
  );
}
