import { type AttemptType, type Exam, type ScoreCell } from '@academy/contracts/exams';
import { CHOICE_LABELS, gradeSheet, type Question } from '@academy/contracts/grading';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorMessage } from '../../lib/http.ts';
import { useExamDetail } from './api/exam-detail.ts';
import { submitManualEntry } from './api/manual-entry.ts';
import { fetchScoreCell } from './api/score-cell.ts';
import { setScoreMemo } from './api/set-score-memo.ts';

type CellRef = { exam: Exam; userId: number; studentName: string; version: number | undefined };

/** A score cell's memo (shown as the orange corner in the grid). */
export function ScoreMemoDialog({ cell, memo, onClose, onSaved }: { cell: CellRef; memo: string; onClose: () => void; onSaved: (c: ScoreCell) => void }) {
  const [text, setText] = useState(memo);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      onSaved(await setScoreMemo({ examId: cell.exam.id, userId: cell.userId, memo: text.trim(), version: cell.version }));
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="score-memo-dialog">
      <DialogTitle>메모 · {cell.studentName} · {cell.exam.title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          label="메모"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void save();
          }}
          helperText="Ctrl+Enter로 저장. 비우면 메모를 지웁니다."
          slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'score-memo-input' } }}
          sx={{ mt: 1 }}
        />
        {error && <Alert severity="error" sx={{ mt: 2 }}>{error}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>취소</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving} data-testid="score-memo-save">저장</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Per-question answers for a manual-entry sheet: one field per question (choices take 1–5 and jump
 * to the next field), the score shown as it will be graded, saved and graded at once.
 */
export function AnswersDialog({ cell, attempt, onClose, onSaved }: { cell: CellRef; attempt: AttemptType; onClose: () => void; onSaved: (c: ScoreCell) => void }) {
  const detail = useExamDetail(cell.exam.id);
  const current = useQuery({ queryKey: ['wl-score', 'cell', cell.exam.id, cell.userId], queryFn: () => fetchScoreCell(cell.exam.id, cell.userId), staleTime: 0 });
  const questions = (detail.data?.questions ?? []) as Question[];
  const ready = detail.data && current.data;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="answers-dialog">
      <DialogTitle>
        문항별 답 입력 · {cell.studentName} · {cell.exam.title} {attempt === 'retake' ? '재시험' : '1차'}
      </DialogTitle>
      {!ready && !detail.isError && !current.isError && (
        <DialogContent>
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}><CircularProgress aria-label="불러오는 중" /></Box>
        </DialogContent>
      )}
      {(detail.isError || current.isError) && (
        <DialogContent>
          <Alert severity="error">{errorMessage(detail.error ?? current.error)}</Alert>
        </DialogContent>
      )}
      {ready && questions.length === 0 && (
        <>
          <DialogContent>
            <Alert severity="info">이 시험에는 정답이 없어 문항별로 채점할 수 없습니다. 점수를 직접 입력하거나, 시험 목록에서 정답을 먼저 넣어 주세요.</Alert>
          </DialogContent>
          <DialogActions><Button onClick={onClose}>닫기</Button></DialogActions>
        </>
      )}
      {ready && questions.length > 0 && (
        <AnswersForm
          questions={questions}
          initial={attempt === 'first' ? (current.data.answers ?? []) : []}
          onClose={onClose}
          onSubmit={async (answers) => {
            const saved = await submitManualEntry({
              examId: cell.exam.id,
              userId: cell.userId,
              answers,
              attempt,
              retakeId: attempt === 'retake' ? cell.exam.retakes[0]?.id : undefined,
              version: current.data.version,
            });
            onSaved(saved);
            onClose();
          }}
        />
      )}
    </Dialog>
  );
}

function AnswersForm({ questions, initial, onClose, onSubmit }: { questions: Question[]; initial: (string | null)[]; onClose: () => void; onSubmit: (answers: (string | null)[]) => Promise<void> }) {
  const [answers, setAnswers] = useState<string[]>(() => questions.map((_, i) => initial[i] ?? ''));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const normalised = answers.map((a) => (a.trim() === '' ? null : a.trim()));
  const graded = gradeSheet(questions, normalised);
  const max = questions.reduce((s, q) => s + q.points, 0);
  const invalid = questions.findIndex((q, i) => q.kind === 'choice' && answers[i]!.trim() !== '' && !/^[1-5]$/.test(answers[i]!.trim()));

  const setAt = (i: number, v: string) => setAnswers((list) => list.map((x, k) => (k === i ? v : x)));
  const submit = async () => {
    if (invalid !== -1) {
      setError(`${invalid + 1}번은 객관식입니다. 1~5 중 하나를 입력해 주세요`);
      refs.current[invalid]?.focus();
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onSubmit(normalised);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <DialogContent>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
          객관식은 1~5를 누르면 다음 문항으로 넘어갑니다. 빈칸은 무응답(오답)으로 채점합니다. Enter로 저장.
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(92px, 1fr))', gap: 1 }}>
          {questions.map((q, i) => {
            const a = normalised[i];
            const right = a !== null && graded.marks[i] === '1';
            return (
              <TextField
                key={q.no}
                label={`${q.no}번 ${q.kind === 'choice' ? '객관식' : '주관식'}`}
                value={answers[i]}
                inputRef={(el: HTMLInputElement | null) => {
                  refs.current[i] = el;
                }}
                autoFocus={i === 0}
                error={i === invalid}
                onChange={(e) => {
                  const v = e.target.value;
                  setAt(i, q.kind === 'choice' ? v.replace(/[①②③④⑤]/, (c) => String(CHOICE_LABELS.indexOf(c as never))).slice(-1) : v);
                  if (q.kind === 'choice' && /^[1-5]$/.test(v.slice(-1))) refs.current[i + 1]?.focus();
                }}
                slotProps={{
                  htmlInput: { inputMode: q.kind === 'choice' ? 'numeric' : 'text', maxLength: q.kind === 'choice' ? 2 : 30, 'data-testid': `answer-${q.no}`, 'aria-describedby': undefined },
                  inputLabel: { shrink: true },
                }}
                sx={{ '& .MuiOutlinedInput-root': { bgcolor: a === null ? undefined : right ? '#e8f5e9' : '#ffebee' } }}
              />
            );
          })}
        </Box>
        <Typography variant="h6" sx={{ mt: 2 }} data-testid="answers-preview" aria-live="polite">
          채점 결과: {graded.score}점 / {max}점 (맞은 문항 {[...graded.marks].filter((m) => m === '1').length}개)
        </Typography>
        {error && <Alert severity="error" sx={{ mt: 1 }}>{error}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>취소</Button>
        <Button type="submit" variant="contained" disabled={saving} data-testid="answers-save">채점하고 저장</Button>
      </DialogActions>
    </form>
  );
}
