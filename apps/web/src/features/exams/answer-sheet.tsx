import type { OpenExam } from '@academy/contracts/exams';
import { CHOICE_LABELS } from '@academy/contracts/grading';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../lib/http.ts';
import { useSubmitExam } from './api/submit-exam.ts';

/**
 * The student's online answer sheet (phone-first): one big tap target per choice ①–⑤, a text field
 * per short answer, a confirmation before sending, then the "submitted" screen.
 */
export function AnswerSheet({ exam, onDone }: { exam: OpenExam; onDone: () => void }) {
  const [answers, setAnswers] = useState<string[]>(() => exam.questions.map((_, i) => exam.answers?.[i] ?? ''));
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitExam();
  const blanks = answers.filter((a) => a.trim() === '').length;
  const setAt = (i: number, v: string) => setAnswers((list) => list.map((x, k) => (k === i ? v : x)));

  const send = async () => {
    setError(null);
    try {
      await submit.mutateAsync({ params: { examId: exam.examId }, body: { answers: answers.map((a) => (a.trim() === '' ? null : a.trim())) } });
      setConfirming(false);
      setDone(true);
    } catch (err) {
      setConfirming(false);
      setError(errorMessage(err));
    }
  };

  if (done) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }} data-testid="answer-submitted">
        <CheckCircleOutlined sx={{ fontSize: 72, color: '#2e7d32' }} />
        <Typography variant="h5" component="p" sx={{ fontWeight: 800 }}>제출했습니다</Typography>
        <Typography color="textSecondary">점수는 공개 후에 볼 수 있어요</Typography>
        <Button variant="contained" size="large" onClick={onDone}>성적 목록으로</Button>
      </Stack>
    );
  }

  return (
    <Box>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 800 }}>{exam.title}</Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {exam.lectureName} · {exam.weeklyLectureTitle} · {exam.questions.length}문항{exam.submitted ? ' · 이미 제출함 (다시 내면 바뀝니다)' : ''}
      </Typography>
      <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {exam.questions.map((q, i) => (
          <Box component="li" key={q.no} sx={{ p: 1.5, borderRadius: 2, border: 1, borderColor: answers[i] ? '#2e7d32' : 'divider', bgcolor: 'background.paper' }} data-testid="sheet-question">
            <Typography sx={{ fontWeight: 700, mb: 1 }} id={`q-${q.no}`}>{q.no}번</Typography>
            {q.kind === 'choice' ? (
              <ToggleButtonGroup
                exclusive
                fullWidth
                value={answers[i] || null}
                onChange={(_e, v: string | null) => setAt(i, v ?? '')}
                aria-labelledby={`q-${q.no}`}
              >
                {[1, 2, 3, 4, 5].map((n) => (
                  <ToggleButton
                    key={n}
                    value={String(n)}
                    aria-label={`${q.no}번 ${n}번 선지`}
                    sx={{ minHeight: 52, fontSize: 24, fontWeight: 700, '&.Mui-selected': { bgcolor: '#1b5e20', color: '#fff', '&:hover': { bgcolor: '#003300' } } }}
                  >
                    {CHOICE_LABELS[n]}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            ) : (
              <TextField fullWidth value={answers[i]} onChange={(e) => setAt(i, e.target.value)} placeholder="답을 입력하세요" slotProps={{ htmlInput: { maxLength: 30, 'aria-labelledby': `q-${q.no}`, style: { fontSize: 18 } } }} />
            )}
          </Box>
        ))}
      </Stack>
      {error && <Alert severity="error" sx={{ mt: 2 }}>{error}</Alert>}
      <Button variant="contained" size="large" fullWidth sx={{ mt: 2, py: 1.75, fontSize: '1.1rem', fontWeight: 700 }} onClick={() => setConfirming(true)} data-testid="sheet-submit">
        답안 제출
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} maxWidth="xs" fullWidth>
        <DialogTitle>답안을 제출할까요?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {exam.questions.length - blanks}문항에 답했습니다.{blanks ? ` 빈 문항 ${blanks}개는 틀린 것으로 채점됩니다.` : ''} 공개 전까지는 다시 제출할 수 있어요.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} autoFocus>취소</Button>
          <Button variant="contained" onClick={() => void send()} disabled={submit.isPending} data-testid="sheet-confirm">제출</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
