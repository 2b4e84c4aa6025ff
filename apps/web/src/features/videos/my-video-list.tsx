import { formatKoreanDate } from '@academy/contracts/format';
import { formatDuration, type PortalVideo, VIDEO_SOURCE_LABEL, VIDEO_WATCH_STATE_LABEL } from '@academy/contracts/videos';
import CheckCircle from '@mui/icons-material/CheckCircle';
import OndemandVideoOutlined from '@mui/icons-material/OndemandVideoOutlined';
import { Alert, Box, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { Section } from '../../components/section.tsx';
import { errorMessage } from '../../lib/http.ts';
import { useMyVideos } from './api/my-videos.ts';

/** The server's state (computed with the percent beside it), with where to resume while watching. */
function stateText(v: PortalVideo): string {
  if (v.progress.state === 'watching' && v.progress.positionSec > 0) return `이어 보기 ${formatDuration(v.progress.positionSec)}`;
  return VIDEO_WATCH_STATE_LABEL[v.progress.state];
}

/** One video as a tappable row: poster, title, length, and how far the student got. */
function VideoLine({ v }: { v: PortalVideo }) {
  return (
    <Box
      component={RouterLink}
      to={`/portal/videos/${v.id}`}
      data-testid="my-video"
      sx={{ display: 'flex', gap: 1.5, py: 1.25, color: 'inherit', textDecoration: 'none', borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}
    >
      <Box sx={{ width: 112, flexShrink: 0, aspectRatio: '16 / 9', borderRadius: 1.5, overflow: 'hidden', bgcolor: 'grey.200', display: 'grid', placeItems: 'center' }}>
        {v.posterUrl ? (
          <Box component="img" src={v.posterUrl} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <Box sx={{ textAlign: 'center', color: 'text.secondary' }}>
            <OndemandVideoOutlined />
            <Typography variant="caption" sx={{ display: 'block', lineHeight: 1 }}>{VIDEO_SOURCE_LABEL[v.source]}</Typography>
          </Box>
        )}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{v.title}</Typography>
        <Typography variant="caption" color="textSecondary">{v.durationSec ? formatDuration(v.durationSec) : ''} · {stateText(v)}</Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
          <LinearProgress variant="determinate" value={v.progress.percent} color={v.progress.completed ? 'success' : 'primary'} sx={{ flex: 1, height: 6, borderRadius: 3 }} aria-label={`${v.title} 진도율 ${v.progress.percent}%`} />
          {v.progress.completed ? <CheckCircle color="success" sx={{ fontSize: 18 }} titleAccess="완료" /> : <Typography variant="caption" sx={{ minWidth: 34, textAlign: 'right' }}>{Math.floor(v.progress.percent)}%</Typography>}
        </Box>
      </Box>
    </Box>
  );
}

/** The student's videos, by lecture and session (newest first). */
export function MyVideoList() {
  const videos = useMyVideos();
  if (videos.isError) return <Alert severity="error">{errorMessage(videos.error)}</Alert>;
  if (videos.isPending) return <Skeleton variant="rounded" height={160} />;
  if (videos.data.length === 0) return <Section compact title="수업 영상"><Typography variant="body2" color="textSecondary">볼 수 있는 영상이 없습니다.</Typography></Section>;
  const byLecture = new Map<string, PortalVideo[]>();
  for (const v of videos.data) byLecture.set(v.lectureName, [...(byLecture.get(v.lectureName) ?? []), v]);
  return (
    <Stack spacing={2}>
      {[...byLecture].map(([lecture, list]) => (
        <Section compact key={lecture} title={lecture} testId="my-video-lecture">
          {list.map((v, i) => (
            <Box key={v.id}>
              {(i === 0 || list[i - 1]!.weeklyLectureId !== v.weeklyLectureId) && (
                <Typography variant="caption" color="textSecondary" sx={{ display: 'block', mt: i ? 1 : 0 }}>{v.sessionTitle} · {formatKoreanDate(v.date)}</Typography>
              )}
              <VideoLine v={v} />
            </Box>
          ))}
        </Section>
      ))}
    </Stack>
  );
}
