import { EXAM_ERRORS } from '@academy/contracts/exams';
import { formatKoreanDate } from '@academy/contracts/format';
import { PUBLIC_LINK_ERRORS } from '@academy/contracts/links';
import { Alert, AlertTitle, Box, Card, CardContent, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { useScoreLinkView } from '../../features/exams/api/score-link-view.ts';
import { ResultFigures, ResultHeading, ResultQuestions } from '../../features/exams/result-view.tsx';
import { ApiError, errorMessage, isApiError } from '../../lib/http.ts';

const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

/** What a parent reads when the link cannot show a result (the server's own words underneath). */
function problemOf(err: unknown): { title: string; severity: 'warning' | 'info' | 'error' } {
  if (isApiError(err, EXAM_ERRORS.not_released)) return { title: '공개 전인 성적이에요', severity: 'info' };
  if (isApiError(err, PUBLIC_LINK_ERRORS.expired)) return { title: '기간이 지난 링크예요', severity: 'warning' };
  if (isApiError(err, PUBLIC_LINK_ERRORS.revoked)) return { title: '취소된 링크예요', severity: 'warning' };
  if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return { title: '열 수 없는 링크예요', severity: 'warning' };
  return { title: '성적을 불러오지 못했어요', severity: 'error' };
}

/**
 * /link/score/:token — the page a parent opens from the SMS (no account, phone-first): the child's
 * released result of one exam, with the questions against the key. Expired, cancelled or not yet
 * released links say so in plain Korean.
 */
export default function ParentScoreLinkPage() {
  const { token = '' } = useParams();
  const validShape = TOKEN.test(token);
  const view = useScoreLinkView(token, validShape);
  const problem = !validShape ? { title: '열 수 없는 링크예요', severity: 'warning' as const } : view.isError ? problemOf(view.error) : null;

  return (
    <Box sx={{ minHeight: '70vh', px: 2, py: { xs: 3, md: 6 }, background: 'linear-gradient(180deg, #eef5ee 0%, #ffffff 100%)' }}>
      <Card elevation={0} sx={{ maxWidth: 560, mx: 'auto', border: 1, borderColor: 'divider', borderRadius: 3 }} data-testid="parent-score">
        <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 0.5 }}>
            성적 안내
          </Typography>
          {view.isPending && validShape && (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
              <CircularProgress aria-label="성적을 불러오는 중" />
            </Box>
          )}
          {problem && (
            <Alert severity={problem.severity} sx={{ mt: 2 }} data-testid="parent-score-problem">
              <AlertTitle>{problem.title}</AlertTitle>
              {validShape ? errorMessage(view.error) : '받은 문자의 주소를 다시 확인해 주세요. 계속 열리지 않으면 학원에 문의해 주세요.'}
            </Alert>
          )}
          {view.data && (
            <Stack spacing={2.5} sx={{ mt: 1 }}>
              <Typography variant="body1" sx={{ wordBreak: 'keep-all' }}>
                <strong data-testid="parent-score-student">{view.data.studentName}</strong> 학생 학부모님께 보내드리는 성적입니다.
              </Typography>
              <ResultHeading r={view.data.result} />
              <ResultFigures r={view.data.result} />
              <Divider />
              <Box>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>문항별 결과</Typography>
                <ResultQuestions questions={view.data.result.questions} />
              </Box>
              <Typography variant="body2" color="textSecondary">이 링크는 {formatKoreanDate(view.data.expiresAt)}까지 열 수 있습니다.</Typography>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
