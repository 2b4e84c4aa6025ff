import { OMR_BATCH_STATUS_LABEL, OMR_ERRORS, OMR_SHEET_STATUS_LABEL, type OmrApplyChoice, type OmrApplyPreview, type OmrBatch, type OmrExamSheet } from '@academy/contracts/omr';
import { lectureTopic } from '@academy/contracts/lectures';
import { formatKoreanDate } from '@academy/contracts/format';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Alert, Box, Button, Chip, LinearProgress, List, ListItem, ListItemButton, ListItemText, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Section } from '../../components/section.tsx';
import { errorMessage, isApiError } from '../../lib/http.ts';
import { useRealtime } from '../../lib/realtime.ts';
import { toast } from '../../lib/toast.ts';
import { precheck, uploadFile } from '../../lib/uploader.ts';
import { useApplyBatch } from './api/apply-batch.ts';
import { applyPreviewQuery } from './api/apply-preview.ts';
import { useOmrBatch } from './api/batch.ts';
import { useOmrBatches } from './api/batches.ts';
import { printSheets } from './api/print-sheets.ts';
import { useOmrSheet } from './api/sheet.ts';
import { useStartGrading } from './api/start-grading.ts';
import { ApplyDialog } from './apply-dialog.tsx';
import { ConfirmReview } from './confirm-review.tsx';
import { SheetDialog } from './sheet-dialog.tsx';
import { TONE } from './tones.ts';

const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/**
 * An exam's OMR work in one place: print the sheets, upload a scanner's PDF and phone photos,
 * follow the reading live, confirm what the reader doubted, and write the answers as scores.
 */
export function OmrPanel({ exam }: { exam: OmrExamSheet }) {
  const batches = useOmrBatches(exam.lectureId, exam.weeklyLectureId);
  const examBatches = (batches.data ?? []).filter((b) => b.examId === exam.examId);
  const [selected, setSelected] = useState<number | null>(null);
  const [progress, setProgress] = useState<Record<number, { done: number; total: number; status: OmrBatch['status'] }>>({});
  const client = useQueryClient();

  useRealtime([lectureTopic.of(exam.lectureId)], (m) => {
    if (m.type !== 'omr') return;
    const e = m.data;
    if (e.examId !== exam.examId) return;
    setProgress((p) => ({ ...p, [e.batchId]: { done: e.done, total: e.total, status: e.status } }));
    if (e.status !== 'reading' || e.done === e.total) void client.invalidateQueries({ queryKey: ['omr'] });
  });

  const current = selected ?? examBatches[0]?.id ?? null;
  return (
    <Stack spacing={2}>
      <PrintSection exam={exam} />
      <UploadSection
        exam={exam}
        onStarted={(b) => {
          setSelected(b.id);
          // Shown as reading from the moment it is queued; the realtime events take over from here.
          setProgress((p) => ({ ...p, [b.id]: p[b.id] ?? { done: b.done, total: b.total, status: b.status } }));
        }}
      />
      {batches.isError && <Alert severity="error">{errorMessage(batches.error)}</Alert>}
      {examBatches.length > 0 && (
        <Section title="채점한 답안지">
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <List dense sx={{ width: 280, flexShrink: 0, border: 1, borderColor: 'divider', borderRadius: 1 }} aria-label="OMR 채점 목록">
              {examBatches.map((b) => {
                const live = progress[b.id];
                const status = live?.status ?? b.status;
                return (
                  <ListItem key={b.id} disablePadding>
                    <ListItemButton selected={b.id === current} onClick={() => setSelected(b.id)} data-testid={`omr-batch-${b.id}`}>
                      <ListItemText
                        primary={`${b.files.map((f) => f.fileName).join(', ')}`}
                        secondary={`${formatKoreanDate(b.createdAt)} · ${OMR_BATCH_STATUS_LABEL[status]} · ${live?.total ?? b.total}쪽`}
                        slotProps={{ primary: { noWrap: true } }}
                      />
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>{current !== null && <BatchView batchId={current} exam={exam} live={progress[current]} />}</Box>
          </Stack>
        </Section>
      )}
    </Stack>
  );
}

function PrintSection({ exam }: { exam: OmrExamSheet }) {
  const [copies, setCopies] = useState(30);
  const [busy, setBusy] = useState(false);
  const print = async (mode: 'blank' | 'students') => {
    setBusy(true);
    try {
      await printSheets({ examId: exam.examId, mode, copies });
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title="답안지 인쇄" testId="omr-print">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" startIcon={<PrintOutlined />} disabled={busy || exam.candidates.length === 0} onClick={() => void print('students')} data-testid="omr-print-students">
          학생별 답안지 ({exam.candidates.length}장, 이름·QR 인쇄)
        </Button>
        <TextField type="number" size="small" label="빈 답안지 장수" value={copies} onChange={(e) => setCopies(Math.max(1, Math.min(500, Number(e.target.value) || 1)))} sx={{ width: 140 }} />
        <Button variant="outlined" startIcon={<PrintOutlined />} disabled={busy} onClick={() => void print('blank')} data-testid="omr-print-blank">
          빈 답안지 (수험번호 표기)
        </Button>
      </Stack>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
        문항 {exam.questionCount}개{exam.omitted.length ? ` · 주관식 ${exam.omitted.join(', ')}번은 숫자(0–999) 답이 아니어서 답안지에 칸이 없습니다 (성적표에서 직접 입력)` : ''}
      </Typography>
      <Box component="details" sx={{ mt: 1 }}>
        <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>참여 학생 수험번호 ({exam.candidates.length}명)</Typography>
        <Table size="small" aria-label="참여 학생 수험번호" sx={{ maxWidth: 480 }}>
          <TableHead>
            <TableRow>
              <TableCell>이름</TableCell>
              <TableCell>아이디</TableCell>
              <TableCell>수험번호</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {exam.candidates.map((c) => (
              <TableRow key={c.userId}>
                <TableCell>{c.name}</TableCell>
                <TableCell>{c.loginId}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{c.candidateNumber}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Section>
  );
}

function UploadSection({ exam, onStarted }: { exam: OmrExamSheet; onStarted: (batch: OmrBatch) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const start = useStartGrading();
  const [uploading, setUploading] = useState<{ loaded: number; total: number; name: string } | null>(null);

  const onFiles = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (!files.length) return;
    for (const f of files) {
      const problem = precheck(f, 'omr');
      if (problem) return toast.error(problem);
    }
    const total = files.reduce((s, f) => s + f.size, 0);
    const ids: number[] = [];
    let before = 0;
    try {
      for (const file of files) {
        const stored = await uploadFile({
          file,
          target: { kind: 'omr', weeklyLectureId: exam.weeklyLectureId },
          signal: new AbortController().signal,
          onProgress: (p) => setUploading({ loaded: before + p.loaded, total, name: file.name }),
        });
        before += file.size;
        ids.push(stored.id);
      }
    } catch (err) {
      setUploading(null);
      return toast.error(errorMessage(err));
    }
    setUploading(null);
    start.mutate({ params: { id: exam.lectureId, wlId: exam.weeklyLectureId }, body: { examId: exam.examId, fileIds: ids } }, { onSuccess: (b) => onStarted(b) });
    if (input.current) input.current.value = '';
  };

  return (
    <Section title="스캔·사진 올리기" testId="omr-upload">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button variant="contained" component="label" startIcon={<UploadFileOutlined />} disabled={!!uploading || start.isPending} data-testid="omr-upload-button">
          파일 고르기
          <input ref={input} hidden type="file" multiple accept={ACCEPT} data-testid="omr-upload-input" aria-label="OMR 스캔 PDF나 사진" onChange={(e) => void onFiles(e.target.files)} />
        </Button>
        <Typography variant="body2" color="textSecondary">스캐너의 PDF(여러 장), 휴대폰 사진(JPEG·PNG)을 한꺼번에 올릴 수 있습니다. 모서리의 네 사각형이 보이게 찍어 주세요.</Typography>
      </Stack>
      {uploading && (
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="body2">{uploading.name} 올리는 중…</Typography>
          <LinearProgress variant="determinate" value={(100 * uploading.loaded) / Math.max(1, uploading.total)} aria-label="파일 올리기 진행률" />
        </Box>
      )}
    </Section>
  );
}

function BatchView({ batchId, exam, live }: { batchId: number; exam: OmrExamSheet; live?: { done: number; total: number; status: OmrBatch['status'] } }) {
  const batch = useOmrBatch(batchId);
  const apply = useApplyBatch();
  const client = useQueryClient();
  // Set while the TA chooses between a score already in the grid and the sheet's.
  const [preview, setPreview] = useState<OmrApplyPreview | null>(null);
  const [applyError, setApplyError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const send = (choices: { sheetId: number; use: OmrApplyChoice }[]) =>
    apply.mutate({ params: { batchId }, body: { choices } }, {
      onSuccess: (r) => {
        setPreview(null);
        const kept = r.kept ? ` · 기존 점수 유지 ${r.kept}장` : '';
        toast.success(r.remaining ? `${r.applied}장을 점수로 반영했습니다${kept} (확인이 남은 답안지 ${r.remaining}장)` : `${r.applied}장을 점수로 반영했습니다${kept}`);
      },
      onError: async (err) => {
        // A score typed since the preview: show the differences again, with the server's word.
        if (isApiError(err, OMR_ERRORS.choice_required)) setPreview(await client.fetchQuery(applyPreviewQuery(batchId)));
        if (preview || isApiError(err, OMR_ERRORS.choice_required)) setApplyError(errorMessage(err));
        else toast.error(errorMessage(err));
      },
    });
  const startApply = async () => {
    setChecking(true);
    try {
      const p = await client.fetchQuery(applyPreviewQuery(batchId));
      if (p.items.some((i) => i.differs)) {
        setApplyError(null);
        setPreview(p);
      } else send([]);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setChecking(false);
    }
  };
  const [open, setOpen] = useState<number | null>(null);
  const sheet = useOmrSheet(open);
  // Once a review starts it stays on screen until the person leaves, even as sheets turn ready.
  const [reviewing, setReviewing] = useState(false);
  const needsReview = (batch.data?.sheets.review ?? 0) > 0 && batch.data?.status === 'review';
  useEffect(() => {
    if (needsReview) setReviewing(true);
  }, [needsReview]);
  if (batch.isError) return <Alert severity="error">{errorMessage(batch.error)}</Alert>;
  if (!batch.data) return <LinearProgress aria-label="불러오는 중" />;
  const b = batch.data;
  // The server's word wins once it says reading is over (an event missed while reconnecting).
  const over = b.status !== 'queued' && b.status !== 'reading';
  const status = over ? b.status : (live?.status ?? b.status);
  const done = over ? b.done : Math.max(live?.done ?? 0, b.done);
  const total = over ? b.total : Math.max(live?.total ?? 0, b.total);
  const reading = status === 'queued' || status === 'reading';

  if (reading) {
    return (
      <Box data-testid="omr-progress">
        <Typography variant="body1" sx={{ mb: 1 }}>{total ? `답안지를 읽는 중입니다: ${done} / ${total}쪽` : '파일을 여는 중입니다…'}</Typography>
        <LinearProgress variant={total ? 'determinate' : 'indeterminate'} value={total ? (100 * done) / total : undefined} aria-label="OMR 읽기 진행률" sx={{ height: 10, borderRadius: 5 }} />
      </Box>
    );
  }
  if (status === 'failed') return <Alert severity="error">{b.error ?? '읽지 못했습니다'}</Alert>;

  const ready = b.sheets.ready;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip label={`모두 ${b.sheetList.length}장`} />
        {b.sheets.review > 0 && <Chip sx={TONE.warning} label={`확인 필요 ${b.sheets.review}장 (문항 ${b.flaggedQuestions}개)`} />}
        {b.sheets.unreadable > 0 && <Chip sx={TONE.error} label={`읽지 못함 ${b.sheets.unreadable}장`} />}
        {b.sheets.applied > 0 && <Chip sx={TONE.success} label={`반영됨 ${b.sheets.applied}장`} />}
        {b.sheets.kept > 0 && <Chip label={`기존 점수 유지 ${b.sheets.kept}장`} />}
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" disabled={ready === 0 || apply.isPending || checking} data-testid="omr-apply" onClick={() => void startApply()}>
          점수로 반영 ({ready}장)
        </Button>
      </Stack>
      {(reviewing || needsReview) && <ConfirmReview key={b.id} batch={b} exam={exam} />}
      <Table size="small" aria-label="답안지 목록" data-testid="omr-sheet-table">
        <TableHead>
          <TableRow>
            <TableCell>파일</TableCell>
            <TableCell>쪽</TableCell>
            <TableCell>학생</TableCell>
            <TableCell>상태</TableCell>
            <TableCell align="right">점수</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {b.sheetList.map((s) => (
            <TableRow key={s.id} hover>
              <TableCell sx={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{s.fileName}</TableCell>
              <TableCell>{s.page}</TableCell>
              <TableCell>{s.studentName ?? '—'}</TableCell>
              <TableCell>
                {OMR_SHEET_STATUS_LABEL[s.status]}
                {s.status === 'review' && s.flagged.length ? ` (${s.flagged.join(', ')}번)` : ''}
                {(s.status === 'unreadable' || s.status === 'kept') && s.reason ? ` · ${s.reason}` : ''}
              </TableCell>
              <TableCell align="right">{s.score ?? '—'}</TableCell>
              <TableCell>{s.status !== 'unreadable' && <Button size="small" onClick={() => setOpen(s.id)}>보기</Button>}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {preview && <ApplyDialog preview={preview} pending={apply.isPending} error={applyError} onApply={send} onClose={() => setPreview(null)} />}
      {open !== null && <SheetDialog sheet={sheet.data} loading={sheet.isPending} error={sheet.error} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
