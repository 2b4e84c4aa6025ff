import { formatKoreanDate } from '@academy/contracts/format';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Button, MenuItem, Skeleton, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { WeeklyLectureFileArea } from '../../../features/files/file-area.tsx';
import { useLectureDetail } from '../../../features/lectures/api/lecture-detail.ts';
import { dayjs } from '../../../lib/dayjs.ts';
import { errorMessage } from '../../../lib/http.ts';

/** 강의 자료 of a lecture, one weekly lecture (회차) at a time: /crm/lectures/:id/files?wl=… */
export default function WeeklyLectureFilesPage() {
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const lecture = useLectureDetail(id);
  const sessions = lecture.data?.weeklyLectures ?? [];
  const today = dayjs().format('YYYY-MM-DD');
  const fallback = [...sessions].reverse().find((s) => s.date <= today) ?? sessions[0];
  const [wlId, setWlId] = useState<number | null>(Number(params.get('wl')) || null);
  const current = sessions.find((s) => s.id === wlId) ?? fallback;

  return (
    <>
      <PageHeader
        title={lecture.data ? `${lecture.data.name} · 강의 자료` : '강의 자료'}
        description="회차별 자료를 올리고, 누가 언제부터 볼 수 있는지 정합니다. 학생에게는 이름·전화번호 끝자리·날짜 워터마크가 들어간 사본이 열립니다."
        actions={<Button component={RouterLink} to={`/crm/lectures/${id}`} startIcon={<ArrowBack />}>강좌로</Button>}
      />
      {lecture.isError && <Alert severity="error">{errorMessage(lecture.error)}</Alert>}
      {lecture.isPending && <Skeleton height={200} />}
      {lecture.data && sessions.length === 0 && <Alert severity="info">회차가 없습니다. 강좌의 시간표와 기간을 확인해 주세요.</Alert>}
      {lecture.data && current && (
        <Stack spacing={2}>
          <TextField
            select
            size="small"
            label="회차"
            value={current.id}
            onChange={(e) => {
              const next = Number(e.target.value);
              setWlId(next);
              setParams({ wl: String(next) }, { replace: true });
            }}
            sx={{ maxWidth: 320 }}
            slotProps={{ htmlInput: { 'data-testid': 'files-session-select' } }}
          >
            {sessions.map((s) => <MenuItem key={s.id} value={s.id}>{s.title} · {formatKoreanDate(s.date)}</MenuItem>)}
          </TextField>
          <WeeklyLectureFileArea key={current.id} lectureId={id} wlId={current.id} students={lecture.data.students} />
        </Stack>
      )}
    </>
  );
}
