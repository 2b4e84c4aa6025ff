import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, IconButton, Skeleton, Stack } from '@mui/material';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { useOmrExam } from '../../../features/omr/api/omr-exam.ts';
import { OmrPanel } from '../../../features/omr/omr-panel.tsx';
import { ScoreSheetDialog } from '../../../features/omr/score-sheet-dialog.tsx';
import { errorMessage } from '../../../lib/http.ts';

/** OMR grading of one exam: print, upload, follow, confirm, apply; `?student=<id>` opens that score's sheet. */
export default function OmrExamPage() {
  const params = useParams();
  const lectureId = Number(params.id);
  const examId = Number(params.examId);
  const [search, setSearch] = useSearchParams();
  const student = Number(search.get('student')) || null;
  const exam = useOmrExam(examId);

  if (!Number.isInteger(examId) || examId <= 0) return <Alert severity="error">잘못된 시험 주소입니다</Alert>;
  return (
    <>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <IconButton component={RouterLink} to={`/crm/lectures/${lectureId}`} aria-label="강좌로 돌아가기"><ArrowBack /></IconButton>
        <PageHeader title={exam.data ? `${exam.data.title} · OMR 채점` : 'OMR 채점'} description="답안지를 인쇄하고, 스캔한 PDF나 휴대폰 사진을 올리면 읽어서 확인할 답만 보여 드립니다." />
      </Stack>
      {exam.isError && <Alert severity="error">{errorMessage(exam.error)}</Alert>}
      {exam.isPending && <Skeleton variant="rounded" height={320} />}
      {exam.data && <OmrPanel exam={exam.data} />}
      {student !== null && (
        <ScoreSheetDialog
          examId={examId}
          userId={student}
          onClose={() => {
            search.delete('student');
            setSearch(search, { replace: true });
          }}
        />
      )}
    </>
  );
}
