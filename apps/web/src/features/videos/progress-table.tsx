import { formatKoreanDateTime } from '@academy/contracts/dates';
import { formatDuration, type VideoInfo } from '@academy/contracts/videos';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { Box, LinearProgress, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';

/** "11. 21. 14:05": the last time seen, short enough for a cell (the full date is in the tooltip). */
const shortTime = (iso: string) => formatKoreanDateTime(iso).replace(/^\d{4}\. /, '').replace(/\([^)]+\)/, '');

/**
 * Who watched how much, students × videos: per cell a bar with the percent, the time really
 * watched and when the student last had it open; completed cells carry a check. Students who are
 * not participants of this session (watching as members of the lecture) are marked 회차 외.
 */
export function ProgressTable({ info }: { info: VideoInfo }) {
  if (info.videos.length === 0) return <Typography variant="body2" color="textSecondary">영상을 추가하면 학생별 시청 현황이 여기에 나옵니다.</Typography>;
  if (info.students.length === 0) return <Typography variant="body2" color="textSecondary">이 회차에는 참여 학생이 없습니다.</Typography>;
  return (
    <TableContainer sx={{ maxHeight: 560, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader data-testid="video-progress-table" aria-label="학생별 영상 시청 현황">
        <TableHead>
          <TableRow>
            <TableCell sx={{ minWidth: 140 }}>학생</TableCell>
            {info.videos.map((v) => (
              <TableCell key={v.id} sx={{ minWidth: 200 }}>
                <Typography variant="body2" sx={{ fontWeight: 700 }}>{v.title}</Typography>
                <Typography variant="caption" color="textSecondary">
                  {v.durationSec ? formatDuration(v.durationSec) : '처리 중'} · 완료 {v.completedCount}명
                </Typography>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {info.students.map((s) => (
            <TableRow key={s.userId} hover data-testid="video-progress-row">
              <TableCell>
                <Typography variant="body2">{s.name}</Typography>
                <Typography variant="caption" color="textSecondary">{s.loginId}{s.participant ? '' : ' · 회차 외'}</Typography>
              </TableCell>
              {s.cells.map((c, i) => (
                <TableCell key={info.videos[i]!.id} data-testid="video-progress-cell">
                  {c === null ? (
                    <Typography variant="caption" color="textSecondary">안 봄</Typography>
                  ) : (
                    <Box>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <LinearProgress
                          variant="determinate"
                          value={c.percent}
                          color={c.completed ? 'success' : 'primary'}
                          sx={{ flex: 1, height: 6, borderRadius: 3 }}
                          aria-label={`${s.name} ${info.videos[i]!.title} 진도율 ${c.percent}%`}
                        />
                        <Typography variant="body2" sx={{ minWidth: 44, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{c.percent}%</Typography>
                        {c.completed && <CheckCircle color="success" sx={{ fontSize: 18 }} titleAccess="완료" />}
                      </Box>
                      <Tooltip title={c.lastSeenAt ? `마지막 시청 ${formatKoreanDateTime(c.lastSeenAt)}` : ''}>
                        <Typography variant="caption" color="textSecondary">
                          {formatDuration(c.watchedSec)} 봄{c.lastSeenAt ? ` · ${shortTime(c.lastSeenAt)}` : ''}
                        </Typography>
                      </Tooltip>
                    </Box>
                  )}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
