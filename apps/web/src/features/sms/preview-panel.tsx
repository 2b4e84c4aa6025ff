import { formatPhone, formatWon } from '@academy/contracts/format';
import { recipientLabel, type SmsPreview } from '@academy/contracts/sms';
import { Alert, Box, Chip, LinearProgress, Stack, Typography } from '@mui/material';

/** Won with the fraction providers charge (8.4원) kept when there is one. */
export function formatCost(won: number): string {
  return Number.isInteger(won) ? formatWon(won) : `${won.toLocaleString('ko-KR', { maximumFractionDigits: 1 })}원`;
}

/**
 * What will be sent: the first three texts as a phone shows them, with each one's bytes and kind;
 * how many texts, how many SMS and LMS, and the estimated cost; who is left out for want of a
 * number; and why it cannot go yet.
 */
export function PreviewPanel({ preview, loading, stale = false }: { preview: SmsPreview | undefined; loading: boolean; stale?: boolean }) {
  return (
    <Box data-testid="sms-preview" data-stale={stale || undefined} aria-live="polite" aria-busy={loading} sx={{ opacity: stale && preview ? 0.55 : 1 }}>
      {loading && <LinearProgress aria-label="미리 보기를 만드는 중" sx={{ mb: 1 }} />}
      {!preview && !loading && <Typography color="textSecondary">받는 사람과 내용을 고르면 여기에 미리 보기가 나옵니다.</Typography>}
      {preview && (
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} data-testid="sms-preview-counts">
            <Chip color="primary" label={`${preview.total.toLocaleString('ko-KR')}통`} />
            <Chip variant="outlined" label={`SMS ${preview.sms}`} />
            <Chip variant="outlined" label={`LMS ${preview.lms}`} />
            <Chip variant="outlined" label={`예상 비용 ${formatCost(preview.estimatedCost)}`} data-testid="sms-preview-cost" />
          </Stack>
          {preview.problems.map((p) => (
            <Alert key={`${p.code}${p.message}`} severity="warning" data-testid="sms-problem">
              {p.message}
            </Alert>
          ))}
          {preview.samples.map((s, i) => (
            <Box key={i} data-testid="sms-sample">
              <Typography variant="caption" color="textSecondary">
                {recipientLabel({ name: s.name, audience: s.audience })} · {formatPhone(s.phone)} · {s.bytes}바이트 {s.kind}
              </Typography>
              <Box sx={{ mt: 0.5, p: 1.5, bgcolor: '#eef3ee', borderRadius: '14px 14px 14px 4px', whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 14, lineHeight: 1.6 }}>{s.body}</Box>
            </Box>
          ))}
          {preview.total > preview.samples.length && (
            <Typography variant="body2" color="textSecondary">
              …외 {(preview.total - preview.samples.length).toLocaleString('ko-KR')}통
            </Typography>
          )}
          {preview.skipped.length > 0 && (
            <Alert severity="info" data-testid="sms-skipped">
              번호가 없어 빠지는 {preview.skipped.length}명: {preview.skipped.map((s) => `${s.name}(${s.reason})`).join(', ')}
            </Alert>
          )}
        </Stack>
      )}
    </Box>
  );
}
