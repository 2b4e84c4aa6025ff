import { formatKoreanDate } from '@academy/contracts/format';
import { formatDuration, type PortalPlay } from '@academy/contracts/videos';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Chip, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../lib/http.ts';
import { myVideosQuery } from './api/my-videos.ts';
import { usePlayVideo } from './api/play-video.ts';
import { useProgressReporter, type WatchedMedia } from './player/use-progress-reporter.ts';
import { VideoPlayer } from './player/video-player.tsx';

/** A failing stream is re-signed at most this often (an expired URL heals; a broken file does not loop). */
const RESIGN_EVERY_MS = 30_000;

function Watch({ data, onStreamError }: { data: PortalPlay; onStreamError: () => void }) {
  const [media, setMedia] = useState<WatchedMedia | null>(null);
  const { video } = data;
  const client = useQueryClient();
  // Each report's reply is the progress: the box below shows it, and the list is patched with it.
  const progress = useProgressReporter({
    media, videoId: video.id, watchToken: data.watchToken, initial: video.progress,
    onReport: (p) => client.setQueryData(myVideosQuery().queryKey, (list) => list?.map((v) => (v.id === p.videoId ? { ...v, progress: p } : v))),
  });
  const duration = video.durationSec ?? 0;
  return (
    <Stack spacing={1.5}>
      <VideoPlayer playback={data.playback} title={video.title} watermark={data.watermark} startAt={video.progress.positionSec} onMedia={setMedia} onStreamError={onStreamError} />
      <Box>
        <Typography variant="h6" component="h1" sx={{ fontWeight: 700, lineHeight: 1.3 }}>{video.title}</Typography>
        <Typography variant="body2" color="textSecondary">{video.lectureName} · {video.sessionTitle} · {formatKoreanDate(video.date)}</Typography>
      </Box>
      <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: 'background.paper', border: 1, borderColor: 'divider' }} data-testid="watch-progress">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.75 }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>내 진도 {Math.floor(progress.percent)}%</Typography>
          {progress.completed && <Chip size="small" color="success" label="완료" />}
          <Box sx={{ flex: 1 }} />
          <Typography variant="caption" color="textSecondary">본 시간 {formatDuration(progress.watchedSec)}{duration ? ` / ${formatDuration(duration)}` : ''}</Typography>
        </Stack>
        <LinearProgress variant="determinate" value={progress.percent} color={progress.completed ? 'success' : 'primary'} sx={{ height: 8, borderRadius: 4 }} aria-label={`진도율 ${Math.floor(progress.percent)}%`} />
        <Typography variant="caption" color="textSecondary" sx={{ display: 'block', mt: 0.75 }}>
          {data.completionPercent}% 이상 보면 완료입니다. 건너뛴 부분은 본 시간에 들어가지 않고, 나갔다 오면 보던 곳부터 이어 봅니다. 재생 속도는 0.5~2배로 바꿀 수 있습니다.
        </Typography>
      </Box>
    </Stack>
  );
}

/** The portal's player page: resume, speed, the moving name overlay, and real progress. */
export function VideoWatch({ videoId }: { videoId: number }) {
  const play = usePlayVideo(videoId);
  const resigned = useRef(0);
  const onStreamError = () => {
    if (Date.now() - resigned.current < RESIGN_EVERY_MS) return;
    resigned.current = Date.now();
    void play.refetch();
  };
  return (
    <Stack spacing={1.5}>
      <Box>
        <Button component={RouterLink} to="/portal/videos" startIcon={<ArrowBack />} size="small">영상 목록</Button>
      </Box>
      {play.isError && <Alert severity="error">{errorMessage(play.error)}</Alert>}
      {play.isPending && <Skeleton variant="rounded" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />}
      {play.data && <Watch key={play.data.video.id} data={play.data} onStreamError={onStreamError} />}
    </Stack>
  );
}
