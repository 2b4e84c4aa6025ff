import { formatKoreanDate } from '@academy/contracts/format';
import { isAdQuietHour, RECIPIENT_AUDIENCE_LABEL, SMS_ERRORS, variablesIn, type ComposeBody, type RecipientAudience } from '@academy/contracts/sms';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { Alert, Box, Button, Card, CardContent, Checkbox, FormControlLabel, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useExamList } from '../../../features/exams/api/exam-list.ts';
import { useLectureSessions } from '../../../features/exams/api/lecture-sessions.ts';
import { useLectureList } from '../../../features/lectures/api/lecture-list.ts';
import { useSendSms } from '../../../features/sms/api/send-sms.ts';
import { useSmsPreview } from '../../../features/sms/api/sms-preview.ts';
import { useSmsSettings } from '../../../features/sms/api/sms-settings.ts';
import { MessagePanel } from '../../../features/sms/message-panel.tsx';
import { formatCost, PreviewPanel } from '../../../features/sms/preview-panel.tsx';
import { RecipientsPanel, type Selection } from '../../../features/sms/recipients-panel.tsx';
import { dayjs } from '../../../lib/dayjs.ts';
import { errorMessage, isApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { DateTimeInput } from '../../../components/date-field.tsx';

/** A pause in typing before the preview is asked for again. */
const PREVIEW_DELAY_MS = 400;

/** Picks the exam whose scores fill #{점수}: a session of the chosen lecture, then one of its exams. */
function ExamPicker({ lectureId, examId, onChange }: { lectureId: number; examId: number | null; onChange: (id: number | null) => void }) {
  const sessions = useLectureSessions(lectureId);
  const [wlId, setWlId] = useState<number | null>(null);
  const exams = useExamList(lectureId, wlId);
  return (
    <Stack direction="row" spacing={1}>
      <TextField select size="small" label="#{점수} 회차" value={wlId ?? ''} onChange={(e) => { setWlId(Number(e.target.value) || null); onChange(null); }} sx={{ flex: 1 }}>
        {(sessions.data ?? []).map((s) => (
          <MenuItem key={s.id} value={s.id}>{s.title} ({formatKoreanDate(s.date)})</MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label="시험" value={examId ?? ''} onChange={(e) => onChange(Number(e.target.value) || null)} disabled={!wlId} sx={{ flex: 1 }}>
        {(exams.data ?? []).map((x) => (
          <MenuItem key={x.id} value={x.id}>{x.title}</MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

/**
 * /crm/sms — compose and send: recipients (a lecture's students, students found by name, or typed
 * numbers) and whether their parents, they or both get it; a template and its variables; the
 * preview of the first three texts with bytes, count and cost; advertising and scheduling.
 * `?lectureId=` and `?students=1,2,3` open it with recipients chosen elsewhere.
 */
export default function CrmSmsComposePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const settings = useSmsSettings();
  const lectures = useLectureList(false);
  const send = useSendSms();
  const presetLecture = Number(params.get('lectureId')) || null;

  const [selection, setSelection] = useState<Selection>({ students: [], lectureId: presetLecture, phones: [] });
  const [audience, setAudience] = useState<RecipientAudience>('parent');
  const [message, setMessage] = useState<{ templateId: number | null; body: string; values: Record<string, string> }>({ templateId: null, body: '', values: {} });
  const [examId, setExamId] = useState<number | null>(null);
  const [advertising, setAdvertising] = useState(false);
  const [scheduled, setScheduled] = useState<string | null>(null);

  const body: ComposeBody | null = useMemo(() => {
    if (!message.body.trim() || (selection.students.length === 0 && selection.phones.length === 0)) return null;
    return {
      studentIds: selection.students.map((s) => s.id),
      phones: selection.phones,
      audience,
      templateId: message.templateId,
      body: message.body,
      lectureId: selection.lectureId,
      examId: variablesIn(message.body).includes('점수') ? examId : null,
      values: message.values,
      advertising,
      scheduledAt: scheduled ? dayjs(scheduled).toISOString() : null,
    };
  }, [selection, audience, message, examId, advertising, scheduled]);

  const [debounced, setDebounced] = useState<ComposeBody | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(body), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [body]);
  const preview = useSmsPreview(debounced);
  // Only the preview of exactly this body counts: the last one stays on screen while the next loads, but cannot be sent.
  const current = debounced === body && !preview.isPlaceholderData ? preview.data : undefined;
  const canSend = !!body && !!current && current.problems.length === 0 && current.total > 0 && !send.isPending;

  const submit = async () => {
    if (!body || !current) return;
    const when = scheduled ? `${formatKoreanDate(scheduled)} ${dayjs(scheduled).format('HH:mm')}에` : '지금';
    const ok = await confirm({
      title: '문자 보내기',
      message: `${current.total.toLocaleString('ko-KR')}통(SMS ${current.sms}, LMS ${current.lms})을 ${when} 보냅니다. 예상 비용은 ${formatCost(current.estimatedCost)}입니다.`,
      confirmLabel: '보내기',
    });
    if (!ok) return;
    try {
      const result = await send.mutateAsync({ body: { ...body, confirmed: { total: current.total, sms: current.sms, lms: current.lms, estimatedCost: current.estimatedCost } } });
      toast.success(`${result.queued.toLocaleString('ko-KR')}통을 ${scheduled ? '예약했습니다' : '보내기 시작했습니다'}`);
      navigate(`/crm/sms/history?batchId=${result.batchId}`);
    } catch (err) {
      if (isApiError(err, SMS_ERRORS.preview_stale)) await preview.refetch();
      toast.error(errorMessage(err));
    }
  };

  const quietNow = advertising && isAdQuietHour(scheduled ? new Date(scheduled) : new Date());

  return (
    <Box sx={{ maxWidth: 1240 }}>
      <PageHeader
        title="문자 보내기"
        description="받는 사람마다 #{이름}, #{링크}, #{점수}가 채워집니다. SMS는 90바이트까지, 넘으면 LMS로 보냅니다."
        actions={<Button component={RouterLink} to="/crm/sms/history" startIcon={<HistoryOutlined />}>보낸 문자 내역</Button>}
      />
      {settings.data?.driver === 'outbox' && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="sms-driver-outbox">
          지금은 보관 모드(outbox)입니다. 문자는 실제로 나가지 않고 내역에만 남습니다. 문자 발송 업체를 연결하면 그대로 발송됩니다.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1.25fr) minmax(0, 1fr)' }, gap: 2, alignItems: 'start' }}>
        <Stack spacing={2}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h3" sx={{ mb: 1 }}>받는 사람</Typography>
              <RecipientsPanel
                lectures={(lectures.data ?? []).map((l) => ({ id: l.id, name: l.name }))}
                value={selection}
                onChange={setSelection}
                presetIds={params.get('students')}
                presetLectureId={presetLecture}
              />
              <ToggleButtonGroup exclusive size="small" value={audience} onChange={(_, v: RecipientAudience | null) => v && setAudience(v)} aria-label="누구에게 보낼지" sx={{ mt: 2 }}>
                {(['parent', 'student', 'both'] as const).map((a) => (
                  <ToggleButton key={a} value={a} data-testid={`audience-${a}`}>{RECIPIENT_AUDIENCE_LABEL[a]}에게</ToggleButton>
                ))}
              </ToggleButtonGroup>
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>내용</Typography>
              <MessagePanel
                templates={settings.data?.templates ?? []}
                templateId={message.templateId}
                body={message.body}
                values={message.values}
                hasLecture={!!selection.lectureId}
                onChange={(v) => setMessage((m) => ({ ...m, ...v }))}
              />
              {variablesIn(message.body).includes('점수') && (
                <Box sx={{ mt: 1.5 }}>
                  {selection.lectureId ? <ExamPicker lectureId={selection.lectureId} examId={examId} onChange={setExamId} /> : <Alert severity="info">#{'{점수}'}를 쓰려면 강좌 수강생을 고른 뒤 시험을 고르세요.</Alert>}
                </Box>
              )}
              <Stack spacing={1} sx={{ mt: 2 }}>
                <FormControlLabel
                  control={<Checkbox checked={advertising} onChange={(e) => setAdvertising(e.target.checked)} slotProps={{ input: { 'data-testid': 'sms-advertising' } as object }} />}
                  label="광고성 문자 (특강 모집, 할인 안내 등)"
                />
                {advertising && (
                  <Alert severity={quietNow ? 'warning' : 'info'}>
                    정보통신망법 제50조에 따라 맨 앞에 "(광고){settings.data?.senderName ?? ''}", 끝에 "{settings.data?.optOutNotice || '수신거부 안내(문자 설정에서 입력)'}"를 붙이고, 21시부터 8시까지는 보내지 않습니다.
                  </Alert>
                )}
                <FormControlLabel
                  control={<Checkbox checked={scheduled !== null} onChange={(e) => setScheduled(e.target.checked ? dayjs().add(1, 'hour').startOf('hour').format('YYYY-MM-DDTHH:mm') : null)} />}
                  label="예약 발송"
                />
                {scheduled !== null && (
                  <DateTimeInput size="small" label="보낼 시각" value={scheduled} onChange={setScheduled} testId="sms-scheduled-at" minDate={dayjs().format('YYYY-MM-DDTHH:mm')} width={290} />
                )}
              </Stack>
            </CardContent>
          </Card>
        </Stack>
        <Card variant="outlined" sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
          <CardContent>
            <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>미리 보기</Typography>
            <PreviewPanel preview={current ?? (body ? preview.data : undefined)} stale={!current} loading={!!body && (preview.isFetching || debounced !== body)} />
            {preview.isError && debounced === body && (
              <Alert severity="error" sx={{ mt: 1 }}>{isApiError(preview.error, SMS_ERRORS.template_not_found) ? '템플릿을 찾을 수 없습니다' : errorMessage(preview.error)}</Alert>
            )}
            <Button fullWidth size="large" variant="contained" startIcon={<SendOutlined />} sx={{ mt: 2 }} disabled={!canSend} onClick={() => void submit()} data-testid="sms-send">
              {scheduled ? '예약하기' : '보내기'}
              {current && current.total > 0 ? ` (${current.total.toLocaleString('ko-KR')}통)` : ''}
            </Button>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
