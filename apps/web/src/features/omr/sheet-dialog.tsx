import { CHOICE_LABELS } from '@academy/contracts/grading';
import { OMR_SHEET_STATUS_LABEL, type OmrSheet } from '@academy/contracts/omr';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { errorMessage } from '../../lib/http.ts';
import { fillText } from './fill-text.ts';
import { TONE } from './tones.ts';
import { PageWithMarks } from './sheet-image.tsx';

const answerText = (q: OmrSheet['questions'][number]) => {
  if (q.answer === null) return '빈칸';
  const numeric = q.fields.length > 1 || /_\d+$/.test(q.fields[0] ?? '');
  return numeric ? q.answer : q.answer.split(',').map((a) => CHOICE_LABELS[Number(a)] ?? a).join(' ');
};

/** One sheet: the straightened page with the marks as read, and each question's answer (as confirmed). */
export function SheetDialog({ sheet, loading, error, onClose, actions }: { sheet: OmrSheet | undefined; loading: boolean; error: Error | null; onClose: () => void; actions?: React.ReactNode }) {
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="omr-sheet-title">
      <DialogTitle id="omr-sheet-title">
        OMR 답안지{sheet ? ` · ${sheet.studentName ?? '학생 미확인'}` : ''}
      </DialogTitle>
      <DialogContent dividers data-testid="omr-sheet-dialog">
        {loading && <LinearProgress aria-label="답안지 불러오는 중" />}
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        {sheet && (
          <Stack direction="row" spacing={3} sx={{ alignItems: 'flex-start' }}>
            <PageWithMarks sheet={sheet} width={520} />
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Chip size="small" label={OMR_SHEET_STATUS_LABEL[sheet.status]} sx={sheet.status === 'applied' ? TONE.success : sheet.status === 'review' ? TONE.warning : undefined} />
                {sheet.candidateNumber && <Typography variant="body2">수험번호 {sheet.candidateNumber}</Typography>}
                {sheet.score !== null && <Typography variant="body2">채점 {sheet.score}점</Typography>}
                {sheet.originalUrl && <Link href={sheet.originalUrl} target="_blank" rel="noopener" variant="body2">원본 보기 ({sheet.fileName} {sheet.page}쪽)</Link>}
              </Stack>
              {sheet.reason && <Alert severity="info" sx={{ mb: 1 }}>{sheet.reason}</Alert>}
              <Table size="small" aria-label="문항별 답">
                <TableHead>
                  <TableRow>
                    <TableCell>문항</TableCell>
                    <TableCell>답</TableCell>
                    <TableCell>처음 읽은 답</TableCell>
                    <TableCell>칠한 정도</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {sheet.questions.map((q) => (
                    <TableRow key={q.no} selected={q.flagged}>
                      <TableCell>{q.no}</TableCell>
                      <TableCell>{answerText(q)}{q.confirmed ? ' (확인)' : ''}</TableCell>
                      <TableCell>{q.read === q.answer ? '' : q.read === null ? '빈칸' : q.read}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>
                        {q.fields.map((id) => fillText(sheet.layout.fields.find((f) => f.id === id), sheet.fields.find((f) => f.id === id)?.fills ?? [])).join(' | ')}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {actions}
        <Button onClick={onClose}>닫기</Button>
      </DialogActions>
    </Dialog>
  );
}
