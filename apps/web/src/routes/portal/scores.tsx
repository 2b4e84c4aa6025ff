import { formatKoreanDate } from '@academy/contracts/format';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ChevronRight from '@mui/icons-material/ChevronRight';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import { Alert, Box, Button, ButtonBase, Chip, IconButton, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { Section } from '../../components/section.tsx';
import { useMyScore } from '../../features/exams/api/my-score.ts';
import { useMyScores } from '../../features/exams/api/my-scores.ts';
import { useOpenExams } from '../../features/exams/api/open-exams.ts';
import { AnswerSheet } from '../../features/exams/answer-sheet.tsx';
import { TrendChart } from '../../features/exams/charts.tsx';
import { ResultFigures, ResultHeading, ResultQuestions, scoreText } from '../../features/exams/result-view.tsx';
import { errorMessage } from '../../lib/http.ts';

function BackLink({ label = '성적 목록' }: { label?: string }) {
  return (
    <Button component={RouterLink} to="/portal/scores" startIcon={<ArrowBack />} sx={{ mb: 1, ml: -1 }}>
      {label}
    </Button>
  );
}

/** The list: exams open for online answers, then the released results (newest first). */
function ScoreList() {
  const results = useMyScores();
  const open = useOpenExams();
  const navigate = useNavigate();
  return (
    <Stack spacing={2}>
      {(open.data?.length ?? 0) > 0 && (
        <Section compact title="온라인 답안 제출" testId="open-exams">
          <Stack spacing={1}>
            {open.data!.map((e) => (
              <Stack key={e.examId} direction="row" spacing={1} sx={{ alignItems: 'center', p: 1.25, borderRadius: 2, bgcolor: '#eef5ee' }} data-testid="open-exam">
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700 }}>{e.title}</Typography>
                  <Typography variant="caption" color="textSecondary">{e.lectureName} · {formatKoreanDate(e.date)} · {e.questions.length}문항</Typography>
                </Box>
                {e.submitted && <Chip size="small" color="success" label="제출함" />}
                <Button variant="contained" startIcon={<EditNoteOutlined />} onClick={() => navigate(`/portal/scores/${e.examId}/submit`)} sx={{ flex: '0 0 auto' }}>
                  {e.submitted ? '다시 제출' : '답안 제출'}
                </Button>
              </Stack>
            ))}
          </Stack>
        </Section>
      )}
      <Section compact title="내 성적" testId="my-scores">
        {results.isPending && <Skeleton height={80} />}
        {results.isError && <Alert severity="error">{errorMessage(results.error)}</Alert>}
        {results.data?.length === 0 && <Typography variant="body2" color="textSecondary">아직 공개된 성적이 없어요. 선생님이 공개하면 여기에 나와요.</Typography>}
        <Stack spacing={1}>
          {results.data?.map((r) => {
            const below = r.score !== null && r.cutline !== null && r.score < r.cutline;
            return (
              <ButtonBase
                key={r.examId}
                component={RouterLink}
                to={`/portal/scores/${r.examId}`}
                sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider', textAlign: 'left', width: '100%', justifyContent: 'flex-start' }}
                data-testid="my-score"
              >
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700 }}>{r.title}</Typography>
                  <Typography variant="caption" color="textSecondary" component="p">{r.lectureName} · {formatKoreanDate(r.date)}</Typography>
                  <Typography variant="caption" color="textSecondary" component="p">
                    반 평균 {r.average ?? '–'} · {r.rank !== null ? `${r.rank}등 / ${r.takers}명` : `응시 ${r.takers}명`}{r.grade !== null ? ` · ${r.grade}등급` : ''}
                  </Typography>
                </Box>
                <Box sx={{ textAlign: 'right', flex: '0 0 auto' }}>
                  <Typography variant="h6" component="p" sx={{ fontWeight: 800, color: below ? '#b71c1c' : 'text.primary' }}>{scoreText(r)}</Typography>
                  <Typography variant="caption" color="textSecondary">/ {r.maxScore}점</Typography>
                </Box>
                <ChevronRight sx={{ color: 'text.secondary' }} aria-hidden />
              </ButtonBase>
            );
          })}
        </Stack>
      </Section>
    </Stack>
  );
}

/** One result: the figures, the trend in this lecture, and the questions against the key. */
function ScoreDetail({ examId }: { examId: number }) {
  const r = useMyScore(examId);
  return (
    <Box>
      <BackLink />
      {r.isPending && <Skeleton variant="rounded" height={240} />}
      {r.isError && <Alert severity="error">{errorMessage(r.error)}</Alert>}
      {r.data && (
        <Stack spacing={2} data-testid="score-detail">
          <Section compact title={<ResultHeading r={r.data} />}>
            <ResultFigures r={r.data} />
          </Section>
          {r.data.trend.length > 1 && (
            <Section compact title="최근 성적 추이">
              <TrendChart
                points={r.data.trend}
                label={`최근 성적: ${r.data.trend.map((t) => `${t.title} ${t.score ?? '미응시'}점 (평균 ${t.average ?? '–'})`).join(', ')}`}
              />
            </Section>
          )}
          <Section compact title="문항별 결과">
            <ResultQuestions questions={r.data.questions} />
          </Section>
        </Stack>
      )}
    </Box>
  );
}

function Submit({ examId }: { examId: number }) {
  const open = useOpenExams();
  const navigate = useNavigate();
  const exam = open.data?.find((e) => e.examId === examId);
  return (
    <Box>
      <BackLink />
      {open.isPending && <Skeleton variant="rounded" height={240} />}
      {open.isError && <Alert severity="error">{errorMessage(open.error)}</Alert>}
      {open.data && !exam && <Alert severity="info">지금은 온라인으로 답을 낼 수 없는 시험입니다. 이미 공개되었거나 제출이 닫혔어요.</Alert>}
      {exam && <AnswerSheet exam={exam} onDone={() => navigate('/portal/scores')} />}
    </Box>
  );
}

/** /portal/scores, /portal/scores/:examId and /portal/scores/:examId/submit (phone-first). */
export default function PortalScoresPage() {
  const params = useParams();
  const examId = params.examId ? Number(params.examId) : null;
  const submitting = useLocation().pathname.endsWith('/submit');
  if (examId !== null && (!Number.isInteger(examId) || examId <= 0)) {
    return (
      <Box>
        <IconButton component={RouterLink} to="/portal/scores" aria-label="성적 목록으로"><ArrowBack /></IconButton>
        <Alert severity="error">잘못된 주소입니다</Alert>
      </Box>
    );
  }
  if (examId !== null && submitting) return <Submit examId={examId} />;
  if (examId !== null) return <ScoreDetail examId={examId} />;
  return <ScoreList />;
}
