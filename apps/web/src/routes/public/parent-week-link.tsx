import { formatKoreanDate } from '@academy/contracts/format';
import { PUBLIC_LINK_ERRORS } from '@academy/contracts/links';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Alert, AlertTitle, Box, Card, CardContent, CircularProgress, Divider, IconButton, LinearProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useParams } from 'react-router';
import { weekFileUrl } from '../../features/parent-week/api/week-file.ts';
import { useWeekView } from '../../features/parent-week/api/week-view.ts';
import { ClinicSummary, WeekSessions } from '../../features/parent-week/week-sessions.tsx';
import { ApiError, errorMessage, isApiError } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';

const TOKEN = /^[A-Za-z0-9_-]{32}$/;

function problemTitle(err: unknown): string {
  if (isApiError(err, PUBLIC_LINK_ERRORS.expired)) return '기간이 지난 링크예요';
  if (isApiError(err, PUBLIC_LINK_ERRORS.revoked)) return '취소된 링크예요';
  return '열 수 없는 링크예요';
}

/** "2026-11-16" → "11. 16.(월)" for the week's range. */
const short = (iso: string) => formatKoreanDate(iso).replace(/^\d{4}\. /, '');

/**
 * /link/week/:token — the child's week on a parent's phone, from one SMS link, without an app or
 * an account: attendance per session, released results with the class average, clinic, the
 * sessions' announcements and the files shared with parents. ‹ › page back up to four weeks.
 */
export default function ParentWeekLinkPage() {
  const { token = '' } = useParams();
  const validShape = TOKEN.test(token);
  const [week, setWeek] = useState<string | undefined>(undefined);
  const view = useWeekView(token, week, validShape);
  const gone = !validShape || (view.error instanceof ApiError && view.error.status >= 400 && view.error.status < 500);
  const w = view.data;

  const openFile = async (fileId: number) => {
    try {
      const f = await weekFileUrl(token, fileId);
      window.location.assign(f.url);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <Box sx={{ minHeight: '70vh', px: 1.5, py: { xs: 2.5, md: 5 }, background: 'linear-gradient(180deg, #eef5ee 0%, #ffffff 100%)' }}>
      <Card elevation={0} sx={{ maxWidth: 560, mx: 'auto', border: 1, borderColor: 'divider', borderRadius: 3 }} data-testid="parent-week">
        {view.isFetching && w && <LinearProgress aria-label="불러오는 중" />}
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          {view.isPending && validShape && (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
              <CircularProgress aria-label="주간 리포트를 불러오는 중" />
            </Box>
          )}
          {gone && (
            <>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 1 }}>주간 리포트</Typography>
              <Alert severity="warning" data-testid="parent-week-problem">
                <AlertTitle>{validShape ? problemTitle(view.error) : '열 수 없는 링크예요'}</AlertTitle>
                {validShape ? errorMessage(view.error) : '받은 문자의 주소를 다시 확인해 주세요. 계속 열리지 않으면 학원에 문의해 주세요.'}
              </Alert>
            </>
          )}
          {view.isError && !gone && <Alert severity="error">{errorMessage(view.error)}</Alert>}
          {w && (
            <Stack spacing={2}>
              <Box>
                <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
                  <span data-testid="parent-week-student">{w.studentName}</span> 학생의 한 주
                </Typography>
                <Stack direction="row" sx={{ alignItems: 'center', mt: 0.5 }}>
                  <IconButton aria-label="지난주" disabled={!w.previousWeek} onClick={() => setWeek(w.previousWeek ?? undefined)} data-testid="week-previous">
                    <ChevronLeft />
                  </IconButton>
                  <Typography sx={{ fontWeight: 600 }} data-testid="week-range">
                    {short(w.weekStart)} ~ {short(w.weekEnd)}
                  </Typography>
                  <IconButton aria-label="다음 주" disabled={!w.nextWeek} onClick={() => setWeek(w.nextWeek ?? undefined)} data-testid="week-next">
                    <ChevronRight />
                  </IconButton>
                </Stack>
              </Box>
              <Box sx={{ p: 1.5, bgcolor: '#fff8e1', borderRadius: 2 }}>
                <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700 }}>클리닉</Typography>
                <ClinicSummary clinic={w.clinic} />
              </Box>
              <Box>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>수업</Typography>
                <WeekSessions sessions={w.sessions} onFile={(id) => void openFile(id)} />
              </Box>
              <Divider />
              <Typography variant="body2" color="textSecondary">이 링크는 {formatKoreanDate(w.expiresAt)}까지 열 수 있습니다. 다른 사람에게 전달하지 마세요.</Typography>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
