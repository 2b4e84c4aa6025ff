import { formatKoreanDateTime } from '@academy/contracts/dates';
import { formatKoreanDate } from '@academy/contracts/format';
import { formatDuration } from '@academy/contracts/videos';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { Alert, Box, LinearProgress, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Section } from '../../components/section.tsx';
import { errorMessage } from '../../lib/http.ts';
import { useStudentVideos } from './api/student-videos.ts';

/** The student page's 영상 시청: every video of the sessions the student takes part in, newest first. */
export function StudentVideos({ studentId }: { studentId: number }) {
  const rows = useStudentVideos(studentId);
  const done = rows.data?.filter((r) => r.completed).length ?? 0;
  return (
    <Section title="영상 시청" testId="student-videos" actions={rows.data?.length ? <Typography variant="body2" color="textSecondary">완료 {done} / {rows.data.length}개</Typography> : undefined}>
      {rows.isError && <Alert severity="error">{errorMessage(rows.error)}</Alert>}
      {rows.isPending && <Skeleton variant="rounded" height={120} />}
      {rows.data?.length === 0 && <Typography variant="body2" color="textSecondary">수강하는 회차에 올라온 영상이 없습니다.</Typography>}
      {!!rows.data?.length && (
        <Table size="small" aria-label="영상 시청 현황">
          <TableHead>
            <TableRow>
              <TableCell>강좌 · 회차</TableCell>
              <TableCell>영상</TableCell>
              <TableCell sx={{ width: 200 }}>진도율</TableCell>
              <TableCell>본 시간</TableCell>
              <TableCell>마지막 시청</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.data.map((r) => (
              <TableRow key={r.videoId} data-testid="student-video-row">
                <TableCell>
                  <Typography variant="body2">{r.lectureName}</Typography>
                  <Typography variant="caption" color="textSecondary">{r.sessionTitle} · {formatKoreanDate(r.date)}</Typography>
                </TableCell>
                <TableCell>{r.title}</TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <LinearProgress variant="determinate" value={r.percent} color={r.completed ? 'success' : 'primary'} sx={{ flex: 1, height: 6, borderRadius: 3 }} aria-label={`${r.title} 진도율 ${r.percent}%`} />
                    <Typography variant="body2" sx={{ minWidth: 44, textAlign: 'right' }}>{r.percent}%</Typography>
                    {r.completed && <CheckCircle color="success" sx={{ fontSize: 18 }} titleAccess="완료" />}
                  </Box>
                </TableCell>
                <TableCell>{formatDuration(r.watchedSec)}{r.durationSec ? ` / ${formatDuration(r.durationSec)}` : ''}</TableCell>
                <TableCell>{r.lastSeenAt ? formatKoreanDateTime(r.lastSeenAt) : <Typography variant="caption" color="textSecondary">안 봄</Typography>}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}
