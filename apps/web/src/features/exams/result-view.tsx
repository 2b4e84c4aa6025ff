import { CLINIC_STATUS_LABEL, type MyResult, type MyResultDetail, SCORE_STATUS_LABEL } from '@academy/contracts/exams';
import { formatKoreanDate } from '@academy/contracts/format';
import { CHOICE_LABELS } from '@academy/contracts/grading';
import { Box, Chip, FormControlLabel, LinearProgress, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';

const CLINIC_COLOR: Record<string, 'error' | 'info' | 'success' | 'default'> = { required: 'error', booked: 'info', done: 'success', exempt: 'default', none: 'default' };

/** "85점 / 100점" or the status when there is no score. */
export function scoreText(r: Pick<MyResult, 'score' | 'maxScore' | 'status'>): string {
  if (r.score !== null) return `${r.score}점`;
  return SCORE_STATUS_LABEL[r.status];
}

/** The figures of one result: score, class average, rank among the takers, percentile, grade, clinic. */
export function ResultFigures({ r, compact = false }: { r: MyResult; compact?: boolean }) {
  const pct = r.score !== null && r.maxScore > 0 ? Math.round((r.score / r.maxScore) * 100) : null;
  const below = r.score !== null && r.cutline !== null && r.score < r.cutline;
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant={compact ? 'h5' : 'h3'} component="p" sx={{ fontWeight: 800, color: below ? '#b71c1c' : 'text.primary' }} data-testid="result-score">
          {scoreText(r)}
        </Typography>
        <Typography variant="body1" color="textSecondary">/ {r.maxScore}점</Typography>
        {r.retakeScore !== null && <Chip size="small" label={`재시험 ${r.retakeScore}점`} />}
        {r.clinic !== 'none' && <Chip size="small" color={CLINIC_COLOR[r.clinic]} label={CLINIC_STATUS_LABEL[r.clinic]} data-testid="result-clinic" />}
      </Stack>
      {pct !== null && (
        <LinearProgress
          variant="determinate"
          value={pct}
          aria-label={`만점 대비 ${pct}%`}
          sx={{ my: 1, height: 8, borderRadius: 4, bgcolor: '#e0e6e0', '& .MuiLinearProgress-bar': { bgcolor: below ? '#c62828' : '#2e7d32' } }}
        />
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 1, mt: 1 }} data-testid="result-figures">
        <Figure label="반 평균" value={r.average === null ? '–' : `${r.average}점`} />
        <Figure label="석차" value={r.rank === null ? '–' : `${r.rank}등 / ${r.takers}명`} />
        <Figure label="백분위 (높을수록 좋아요)" value={r.percentile === null ? '–' : String(r.percentile)} />
        <Figure label="등급" value={r.grade === null ? '–' : `${r.grade}등급`} />
      </Box>
      {r.cutline !== null && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          커트라인 {r.cutline}점{below ? ' — 클리닉 대상입니다' : ''}
        </Typography>
      )}
    </Box>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ p: 1.25, borderRadius: 2, bgcolor: '#f1f5f1' }}>
      <Typography variant="caption" color="textSecondary" component="p">{label}</Typography>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>{value}</Typography>
    </Box>
  );
}

/** The heading of a result: exam, lecture, session and date. */
export function ResultHeading({ r }: { r: Pick<MyResult, 'title' | 'lectureName' | 'weeklyLectureTitle' | 'date'> }) {
  return (
    <Box>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 800 }}>{r.title}</Typography>
      <Typography variant="body2" color="textSecondary">{r.lectureName} · {r.weeklyLectureTitle} · {formatKoreanDate(r.date)}</Typography>
    </Box>
  );
}

/** Per question: my answer against the key, and how the class did (wrong ones first by default). */
export function ResultQuestions({ questions }: { questions: MyResultDetail['questions'] }) {
  const [onlyWrong, setOnlyWrong] = useState(true);
  if (questions.length === 0) return <Typography variant="body2" color="textSecondary">문항별 답안이 없는 시험입니다.</Typography>;
  const wrong = questions.filter((q) => !q.correct);
  const shown = onlyWrong ? wrong : questions;
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="body2">맞은 문항 {questions.length - wrong.length} / {questions.length}</Typography>
        <FormControlLabel control={<Switch checked={onlyWrong} onChange={(e) => setOnlyWrong(e.target.checked)} />} label="틀린 문항만" />
      </Stack>
      {shown.length === 0 ? (
        <Typography variant="body2" color="textSecondary">모두 맞았어요!</Typography>
      ) : (
        <Table size="small" aria-label="문항별 결과" data-testid="result-questions">
          <TableHead>
            <TableRow>
              <TableCell>문항</TableCell>
              <TableCell>내 답</TableCell>
              <TableCell>정답</TableCell>
              <TableCell align="right">반 정답률</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((q) => (
              <TableRow key={q.no} data-testid="result-question">
                <TableCell sx={{ fontWeight: 700 }}>{q.no}번{q.tag ? <Typography variant="caption" color="textSecondary" component="span"> {q.tag}</Typography> : null}</TableCell>
                <TableCell sx={{ color: q.correct ? '#1b5e20' : '#b71c1c', fontWeight: 700 }}>{q.given === null ? '무응답' : q.kind === 'choice' && /^[1-5]$/.test(q.given) ? CHOICE_LABELS[Number(q.given)] : q.given}{q.correct ? ' ○' : ' ✕'}</TableCell>
                <TableCell>{q.answer}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{q.correctRate === null ? '–' : `${Math.round(q.correctRate * 100)}%`}<Typography variant="caption" color="textSecondary" component="span"> ({q.answered}명 응답)</Typography></TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
