import { formatKoreanDate } from '@academy/contracts/format';
import { kstToday } from '@academy/contracts/dates';
import { type LectureListItem, scheduleText } from '@academy/contracts/lectures';
import { hasPermission } from '@academy/contracts/roles';
import AddOutlined from '@mui/icons-material/AddOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import MeetingRoomOutlined from '@mui/icons-material/MeetingRoomOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import {
  Alert, Box, Button, Card, CardActionArea, CardActions, CardContent, Chip, FormControlLabel, Skeleton, Stack, Switch, Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDisableLecture } from '../../../features/lectures/api/disable-lecture.ts';
import { useEnableLecture } from '../../../features/lectures/api/enable-lecture.ts';
import { lectureDetailQuery } from '../../../features/lectures/api/lecture-detail.ts';
import { useLectureList } from '../../../features/lectures/api/lecture-list.ts';
import { textOn } from '../../../lib/colors.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';

/** The dialogs carry the date and time pickers: they load when one opens, not with the list. */
const DdayDialog = lazy(() => import('../../../features/lectures/dday-dialog.tsx').then((m) => ({ default: m.DdayDialog })));
const LectureFormDialog = lazy(() => import('../../../features/lectures/lecture-form-dialog.tsx').then((m) => ({ default: m.LectureFormDialog })));

function Line({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', fontSize: 14 }}>
      {icon}
      <Box component="span" sx={{ color: 'text.primary' }}>{children}</Box>
    </Box>
  );
}

function LectureCard({ lecture, onEdit, onDdays, onEnable, canAdmin }: { lecture: LectureListItem; onEdit: () => void; onDdays: () => void; onEnable: (id: number) => void; canAdmin: boolean }) {
  const disable = useDisableLecture();
  const client = useQueryClient();
  const confirm = useConfirm();
  const reEnable = () => onEnable(lecture.id);
  // Disabling stops marks and new sessions for everyone in the lecture, so the admin sees how many
  // first, and the toast offers 되돌리기 (enable again) for a mistaken click.
  const onToggle = async () => {
    if (lecture.disabled) return reEnable();
    let detail;
    try {
      detail = await client.fetchQuery(lectureDetailQuery(lecture.id));
    } catch (err) {
      return toast.error(errorMessage(err));
    }
    const today = kstToday(new Date());
    const sessions = detail.weeklyLectures.filter((w) => w.date >= today).length;
    const ok = await confirm({
      title: '강좌 비활성화',
      message: `「${lecture.name}」 강좌를 비활성화하면 수강생 ${detail.students.length.toLocaleString('ko-KR')}명, 남은 회차 ${sessions.toLocaleString('ko-KR')}개의 출결 입력과 회차 추가가 막힙니다. 지난 기록은 그대로 남고, 언제든 다시 활성화할 수 있습니다.`,
      confirmLabel: '비활성화',
      danger: true,
    });
    if (!ok) return;
    disable.mutate({ params: { id: lecture.id } }, {
      onSuccess: (l) => toast.success(`${l.name} 강좌를 비활성화했습니다`, { action: { label: '되돌리기', onClick: reEnable } }),
    });
  };
  const session = lecture.todaySession ?? lecture.nextSession;
  return (
    <Card variant="outlined" sx={{ display: 'flex', flexDirection: 'column', opacity: lecture.disabled ? 0.6 : 1, borderTop: 4, borderTopColor: lecture.color }} data-testid="lecture-card">
      <CardActionArea component={RouterLink} to={`/crm/lectures/${lecture.id}`} sx={{ flexGrow: 1, alignItems: 'stretch' }}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
            <Chip size="small" label={lecture.subject} sx={{ bgcolor: lecture.color, color: textOn(lecture.color), fontWeight: 700 }} />
            {lecture.targetGrade && <Chip size="small" variant="outlined" label={lecture.targetGrade} />}
            {lecture.disabled && <Chip size="small" label="비활성" />}
          </Stack>
          <Typography variant="h6" sx={{ fontWeight: 700, mb: 1.5, wordBreak: 'keep-all' }} data-testid="lecture-card-name">
            {lecture.name}
          </Typography>
          <Stack spacing={0.75}>
            <Line icon={<PersonOutlined fontSize="small" />}>{lecture.teacherName} 선생님</Line>
            <Line icon={<ScheduleOutlined fontSize="small" />}>{scheduleText(lecture.schedule)}</Line>
            {lecture.room && <Line icon={<MeetingRoomOutlined fontSize="small" />}>{lecture.room}</Line>}
            <Line icon={<GroupsOutlined fontSize="small" />}>수강생 {lecture.studentCount.toLocaleString('ko-KR')}명</Line>
          </Stack>
          <Box sx={{ mt: 1.5, p: 1, borderRadius: 1, bgcolor: lecture.todaySession ? 'primary.main' : 'action.hover', color: lecture.todaySession ? 'primary.contrastText' : 'text.primary' }}>
            <Typography variant="caption" sx={{ display: 'block', opacity: 0.8 }}>{lecture.todaySession ? '오늘 수업' : '다음 수업'}</Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {session ? `${session.title} · ${formatKoreanDate(session.date)} ${session.startTime}–${session.endTime}` : '남은 회차가 없습니다'}
            </Typography>
          </Box>
          {lecture.ddays.length > 0 && (
            <Stack direction="row" sx={{ mt: 1.5, flexWrap: 'wrap', gap: 0.5 }}>
              {lecture.ddays.slice(0, 3).map((d) => (
                <Chip key={d.id} size="small" variant="outlined" label={`${d.title} ${d.label}`} />
              ))}
            </Stack>
          )}
        </CardContent>
      </CardActionArea>
      <CardActions sx={{ borderTop: 1, borderColor: 'divider' }}>
        {canAdmin && <Button size="small" onClick={onEdit} data-testid="lecture-edit">수정</Button>}
        <Button size="small" startIcon={<EventOutlined />} onClick={onDdays} data-testid="lecture-ddays">D-day</Button>
        <Box sx={{ flexGrow: 1 }} />
        {canAdmin && (
          <Button size="small" color={lecture.disabled ? 'primary' : 'inherit'} onClick={() => void onToggle()} disabled={disable.isPending} data-testid="lecture-toggle">
            {lecture.disabled ? '활성화' : '비활성화'}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

/** The admin's landing page: every lecture as a card with teacher, timetable, students and today's session. */
export default function LectureListPage() {
  const { principal } = useSession();
  const canAdmin = hasPermission(principal, 'ADMIN');
  const [includeDisabled, setIncludeDisabled] = useState(false);
  const list = useLectureList(includeDisabled);
  const [editing, setEditing] = useState<LectureListItem | 'new' | null>(null);
  const [ddayFor, setDdayFor] = useState<LectureListItem | null>(null);
  const todayCount = list.data?.filter((l) => l.todaySession).length ?? 0;
  // Held by the page, not the card: a disabled card leaves the list, and its 되돌리기 must still work.
  const enable = useEnableLecture();
  const onEnable = (id: number) => enable.mutate({ params: { id } }, { onSuccess: (l) => toast.success(`${l.name} 강좌를 다시 활성화했습니다`) });

  return (
    <>
      <PageHeader
        title="강좌 목록"
        description={list.data ? `운영 중인 강좌 ${list.data.filter((l) => !l.disabled).length}개 · 오늘 수업 ${todayCount}개` : '학원에서 운영하는 강좌와 회차를 관리합니다.'}
        actions={
          <>
            <FormControlLabel control={<Switch checked={includeDisabled} onChange={(e) => setIncludeDisabled(e.target.checked)} />} label="비활성 강좌 보기" />
            {canAdmin && (
              <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')} data-testid="lecture-add">
                강좌 추가
              </Button>
            )}
          </>
        }
      />
      {list.isError && <Alert severity="error">{errorMessage(list.error)}</Alert>}
      {list.isPending && (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))', gap: 2 }}>
          {[1, 2, 3, 4, 5, 6].map((k) => <Skeleton key={k} variant="rounded" height={300} />)}
        </Box>
      )}
      {list.data && list.data.length === 0 && (
        <Card variant="outlined">
          <CardContent>
            <Box sx={{ py: 8, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, color: 'text.secondary' }}>
              <MenuBookOutlined sx={{ fontSize: 48, color: 'primary.light' }} />
              <Typography variant="h6" color="textPrimary">등록된 강좌가 없습니다</Typography>
              {canAdmin && <Button variant="outlined" onClick={() => setEditing('new')}>첫 강좌 만들기</Button>}
            </Box>
          </CardContent>
        </Card>
      )}
      {list.data && list.data.length > 0 && (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))', gap: 2 }}>
          {list.data.map((l) => (
            <LectureCard key={l.id} lecture={l} canAdmin={canAdmin} onEdit={() => setEditing(l)} onDdays={() => setDdayFor(l)} onEnable={onEnable} />
          ))}
        </Box>
      )}
      {editing && (
        <Suspense fallback={null}>
          <LectureFormDialog lecture={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      {ddayFor && (
        <Suspense fallback={null}>
          <DdayDialog lectureId={ddayFor.id} lectureName={ddayFor.name} ddays={ddayFor.ddays} onClose={() => setDdayFor(null)} />
        </Suspense>
      )}
    </>
  );
}
