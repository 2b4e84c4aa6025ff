import { formatKoreanDate, formatPhone } from '@academy/contracts/format';
import { purposeLabel, recipientLabel } from '@academy/contracts/sms';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { dayjs } from '../../lib/dayjs.ts';
import { errorMessage } from '../../lib/http.ts';
import { useSmsMessage } from './api/sms-message.ts';
import { StatusChip } from './status-chip.tsx';

const OUTCOME_LABEL: Record<string, string> = {
  sent: '발송 요청 접수',
  resumed: '이전 시도에서 이미 접수됨 (다시 보내지 않음)',
  failed: '실패',
  error: '일시 오류 (다시 시도)',
  deferred: '광고 금지 시간이라 미룸',
  delivered: '수신 완료',
  undelivered: '수신 실패',
};

export const when = (iso: string) => `${formatKoreanDate(iso)} ${dayjs(iso).format('HH:mm:ss')}`;

/** One message: who, what, and every attempt and delivery report, as the outbox kept them. */
export function MessageDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const m = useSmsMessage(id);
  return (
    <Dialog open={id !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="sms-message-title" data-testid="sms-message-dialog">
      <DialogTitle id="sms-message-title">문자 한 통</DialogTitle>
      <DialogContent>
        {m.isPending && <CircularProgress aria-label="불러오는 중" />}
        {m.isError && <Alert severity="error">{errorMessage(m.error)}</Alert>}
        {m.data && (
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <StatusChip status={m.data.status} />
              <Typography>
                {recipientLabel({ name: m.data.recipientName, audience: m.data.audience })} · {formatPhone(m.data.toPhone)}
              </Typography>
              <Typography color="textSecondary">
                {purposeLabel(m.data.purpose)} · {m.data.kind}
              </Typography>
            </Stack>
            {m.data.result && <Alert severity={m.data.status === 'failed' ? 'error' : 'info'}>{m.data.result}</Alert>}
            {m.data.secret && (
              <Alert severity="info" data-testid="sms-secret-note">
                비밀번호 재설정·학부모 링크처럼 열쇠가 든 문자라 링크를 가려서 보여 줍니다. 다시 보낼 수 없으니 새 링크를 요청하거나 만들어 보내 주세요.
              </Alert>
            )}
            <Box sx={{ p: 1.5, bgcolor: '#eef3ee', borderRadius: 2, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{m.data.body}</Box>
            <Table size="small" aria-label="시도 기록">
              <TableHead>
                <TableRow>
                  <TableCell>시각</TableCell>
                  <TableCell>드라이버</TableCell>
                  <TableCell>결과</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {m.data.attemptLog.map((a, i) => (
                  <TableRow key={i}>
                    <TableCell>{when(a.at)}</TableCell>
                    <TableCell>{a.driver}</TableCell>
                    <TableCell>
                      {OUTCOME_LABEL[a.outcome] ?? a.outcome}
                      {a.detail ? ` — ${a.detail}` : ''}
                    </TableCell>
                  </TableRow>
                ))}
                {m.data.attemptLog.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={3}>아직 시도하지 않았습니다 (보낼 시각: {when(m.data.sendAfter)})</TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>닫기</Button>
      </DialogActions>
    </Dialog>
  );
}
