import { formatFileSize } from '@academy/contracts/files';
import type { WeekSession, WeekView } from '@academy/contracts/parent-week';
import { CLINIC_STATUS_LABEL, SCORE_STATUS_LABEL } from '@academy/contracts/exams';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { formatKoreanDate } from '@academy/contracts/format';
import { textOn } from '../../lib/colors.ts';

const score = (n: number | null) => (n === null ? '-' : Number.isInteger(n) ? String(n) : n.toFixed(1));

/** One session of the child's week: time, attendance, released results, announcements, shared files. */
function SessionCard({ s, onFile }: { s: WeekSession; onFile: (fileId: number, name: string) => void }) {
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 3, p: 2, borderLeft: 5, borderLeftColor: s.color ?? 'primary.main' }} data-testid="week-session">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700 }}>{s.lectureName}</Typography>
          {/* The line breaks at "·", never inside the date or "13주차 월". */}
          <Typography variant="body2" color="textSecondary" sx={{ '& > span': { whiteSpace: 'nowrap' } }}>
            <span>{formatKoreanDate(s.date)} {s.startTime}–{s.endTime}</span> · <span>{s.title}</span>
          </Typography>
        </Box>
        {s.attendance ? (
          <Chip size="small" label={s.attendance.name} sx={{ bgcolor: s.attendance.color, color: textOn(s.attendance.color), fontWeight: 700 }} data-testid="week-attendance" />
        ) : (
          <Chip size="small" variant="outlined" label="출결 전" data-testid="week-attendance" />
        )}
      </Stack>
      {s.exams.map((e) => (
        <Box key={e.title} sx={{ mt: 1.5, p: 1.5, bgcolor: '#f4f8f4', borderRadius: 2 }} data-testid="week-exam">
          <Typography variant="body2" sx={{ fontWeight: 700 }}>{e.title}</Typography>
          {e.status === 'taken' ? (
            <Typography variant="body2">
              <strong style={{ fontSize: 18 }}>{score(e.score)}</strong> / {score(e.maxScore)}점 · 반 평균 {score(e.average)}점{e.rank ? ` · ${e.rank}등 / ${e.takers}명` : ''}
              {e.retakeScore !== null ? ` · 재시험 ${score(e.retakeScore)}점` : ''}
            </Typography>
          ) : (
            <Typography variant="body2">{SCORE_STATUS_LABEL[e.status]}</Typography>
          )}
          {e.clinic !== 'none' && <Chip size="small" color={e.clinic === 'required' ? 'warning' : 'default'} label={`클리닉 ${CLINIC_STATUS_LABEL[e.clinic]}`} sx={{ mt: 0.75 }} />}
        </Box>
      ))}
      {s.announcements.map((a, i) => (
        <Stack key={i} direction="row" spacing={1} sx={{ mt: 1.5 }}>
          <CampaignOutlined fontSize="small" color="primary" aria-hidden />
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>{a.title}</Typography>
            {a.content && <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>{a.content}</Typography>}
          </Box>
        </Stack>
      ))}
      {s.files.map((f) => (
        <Button key={f.id} size="small" startIcon={<FileDownloadOutlined />} onClick={() => onFile(f.id, f.fileName)} sx={{ mt: 1, textAlign: 'left' }} data-testid="week-file">
          {f.fileName} ({formatFileSize(f.size)})
        </Button>
      ))}
    </Box>
  );
}

/** The week's clinic in one line: how many tests asked for a clinic, booked, done, and the booked times. */
export function ClinicSummary({ clinic }: { clinic: WeekView['clinic'] }) {
  if (clinic.required + clinic.booked + clinic.done === 0 && clinic.slots.length === 0) {
    return <Typography variant="body2" data-testid="week-clinic">이번 주에는 클리닉 대상 시험이 없습니다.</Typography>;
  }
  return (
    <Box data-testid="week-clinic">
      <Typography variant="body2">
        클리닉 대상 {clinic.required} · 예약 {clinic.booked} · 완료 {clinic.done}
      </Typography>
      {clinic.slots.map((s, i) => (
        <Typography key={i} variant="body2" color="textSecondary">
          {formatKoreanDate(s.date)} {s.startTime}–{s.endTime} {s.title} ({s.status})
        </Typography>
      ))}
    </Box>
  );
}

export function WeekSessions({ sessions, onFile }: { sessions: WeekSession[]; onFile: (fileId: number, name: string) => void }) {
  if (sessions.length === 0) return <Typography color="textSecondary">이 주에는 수업이 없습니다.</Typography>;
  return (
    <Stack spacing={1.5}>
      {sessions.map((s) => <SessionCard key={s.weeklyLectureId} s={s} onFile={onFile} />)}
    </Stack>
  );
}
