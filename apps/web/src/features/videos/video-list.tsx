import { formatFileSize } from '@academy/contracts/files';
import { formatDuration, VIDEO_SOURCE_LABEL, VIDEO_STATUS_LABEL, type Video } from '@academy/contracts/videos';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import OndemandVideoOutlined from '@mui/icons-material/OndemandVideoOutlined';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import { Box, Button, Chip, IconButton, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';

export type VideoAction = 'preview' | 'edit' | 'delete' | 'retry';

/** A poster (uploads) or the provider's mark (links), 16:9. */
function Thumb({ video }: { video: Video }) {
  return (
    <Box sx={{ width: 128, flexShrink: 0, aspectRatio: '16 / 9', borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.200', display: 'grid', placeItems: 'center' }}>
      {video.posterUrl ? <Box component="img" src={video.posterUrl} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : <OndemandVideoOutlined color="action" />}
    </Box>
  );
}

/** A session's videos: processing progress live, who completed, and the actions of each. */
export function VideoList({ videos, participantCount, onAction }: { videos: Video[]; participantCount: number; onAction: (action: VideoAction, video: Video) => void }) {
  if (videos.length === 0) {
    return <Typography variant="body2" color="textSecondary" data-testid="videos-empty">이 회차에는 아직 영상이 없습니다. 수업 녹화를 올리거나 YouTube·Vimeo 링크를 추가하세요.</Typography>;
  }
  return (
    <Stack divider={<Box sx={{ borderBottom: 1, borderColor: 'divider' }} />} spacing={1.5}>
      {videos.map((v) => (
        <Stack key={v.id} direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid="video-row" data-status={v.status}>
          <Thumb video={v} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <Typography variant="subtitle2" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{v.title}</Typography>
              <Chip size="small" variant="outlined" label={VIDEO_SOURCE_LABEL[v.source]} />
              {v.status !== 'ready' && <Chip size="small" color={v.status === 'failed' ? 'error' : 'info'} label={VIDEO_STATUS_LABEL[v.status]} />}
            </Stack>
            <Typography variant="body2" color="textSecondary">
              {v.durationSec ? formatDuration(v.durationSec) : '길이 확인 중'}
              {v.file ? ` · ${v.file.fileName} (${formatFileSize(v.file.size)})` : ''}
              {v.status === 'ready' ? ` · 완료 ${v.completedCount}/${participantCount}명 · 본 학생 ${v.viewerCount}명` : ''}
              {v.createdByName ? ` · ${v.createdByName}` : ''}
            </Typography>
            {v.processing && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
                <LinearProgress variant="determinate" value={v.processing.percent} sx={{ flex: 1, maxWidth: 320 }} aria-label={`${v.title} 처리 진행률`} />
                <Typography variant="caption" color="textSecondary" data-testid="video-processing">{v.processing.message ?? '처리 중'} {v.processing.percent}%</Typography>
              </Stack>
            )}
            {v.error && <Typography variant="caption" color="error" sx={{ display: 'block' }}>{v.error}</Typography>}
          </Box>
          <Stack direction="row" spacing={0.5}>
            {v.status === 'failed' && <Button size="small" startIcon={<ReplayOutlined />} onClick={() => onAction('retry', v)}>다시 처리</Button>}
            {v.status === 'ready' && (
              <Tooltip title="미리보기">
                <IconButton aria-label={`${v.title} 미리보기`} onClick={() => onAction('preview', v)}><PlayCircleOutline /></IconButton>
              </Tooltip>
            )}
            <Tooltip title="고치기">
              <IconButton aria-label={`${v.title} 고치기`} onClick={() => onAction('edit', v)}><EditOutlined /></IconButton>
            </Tooltip>
            <Tooltip title="삭제">
              <IconButton aria-label={`${v.title} 삭제`} onClick={() => onAction('delete', v)}><DeleteOutlined /></IconButton>
            </Tooltip>
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}
