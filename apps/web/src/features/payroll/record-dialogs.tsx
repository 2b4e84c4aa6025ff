import { addDays } from '@academy/contracts/dates';
import { formatKoreanDate } from '@academy/contracts/format';
import { formatMinutes, type WorkRecord } from '@academy/contracts/payroll';
import { Alert, Box, Button, List, ListItem, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { toast } from '../../lib/toast.ts';
import { useCreateRecord } from './api/create-record.ts';
import { useDeleteRecord } from './api/delete-record.ts';
import { useRecordHistory } from './api/record-history.ts';
import { useTas } from './api/tas.ts';
import { useUpdateRecord } from './api/update-record.ts';
import { useWageTypes } from './api/wage-types.ts';
import { kstDate, kstInstant, kstTime } from './time.ts';
import { FormDateInput, FormTimeInput } from '../../components/date-field.tsx';

const time = z.string().regex(/^\d{2}:\d{2}$/, '시각을 입력해 주세요');
/** The form's fields carry the API's names, so the server's field errors land on them. */
const recordForm = z.object({
  taId: z.coerce.number({ message: '조교를 골라 주세요' }).int().positive('조교를 골라 주세요'),
  wageTypeId: z.coerce.number({ message: '근무 유형을 골라 주세요' }).int().positive('근무 유형을 골라 주세요'),
  date: z.iso.date('날짜를 입력해 주세요'),
  startedAt: time,
  endedAt: time,
  reason: z.string().trim().min(2, '사유를 2자 이상 입력해 주세요').max(200, '사유는 200자까지입니다'),
});
type RecordForm = z.input<typeof recordForm>;
type RecordValues = z.output<typeof recordForm>;

/** Clock-in and clock-out as instants: a clock-out not after the clock-in is the next morning. */
function instants(v: RecordValues): { startedAt: string; endedAt: string } {
  const overnight = v.endedAt <= v.startedAt;
  return { startedAt: kstInstant(v.date, v.startedAt), endedAt: kstInstant(overnight ? addDays(v.date, 1) : v.date, v.endedAt) };
}

const ACTION_LABEL: Record<string, string> = {
  'work.clock_in': '출근', 'work.clock_out': '퇴근', 'work.missing_out': '퇴근 누락 표시', 'work.create': '관리자 추가', 'work.correct': '정정', 'work.delete': '삭제',
};

function History({ id }: { id: number }) {
  const history = useRecordHistory(id);
  if (!history.data?.length) return null;
  return (
    <Box>
      <Typography variant="subtitle2">기록 이력</Typography>
      <List dense disablePadding data-testid="record-history">
        {history.data.map((h, i) => (
          <ListItem key={i} disableGutters>
            <ListItemText primary={`${ACTION_LABEL[h.action] ?? h.action}${h.reason ? ` — ${h.reason}` : ''}`} secondary={`${formatKoreanDate(new Date(h.at))} ${kstTime(h.at)} · ${h.actorName ?? '자동'}`} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

function Fields({ form, lockTa }: { form: UseFormReturn<RecordForm, unknown, RecordValues>; lockTa: boolean }) {
  const tas = useTas();
  const types = useWageTypes();
  const err = form.formState.errors;
  const v = form.watch();
  const overnight = !!v.startedAt && !!v.endedAt && v.endedAt <= v.startedAt;
  return (
    <>
      <TextField select label="조교" disabled={lockTa} value={v.taId ?? ''} {...form.register('taId')} error={!!err.taId} helperText={err.taId?.message} slotProps={{ htmlInput: { 'data-testid': 'record-ta' } }}>
        {(tas.data ?? []).map((t) => <MenuItem key={t.id} value={t.id}>{t.name} ({t.loginId})</MenuItem>)}
      </TextField>
      <TextField select label="근무 유형" value={v.wageTypeId ?? ''} {...form.register('wageTypeId')} error={!!err.wageTypeId} helperText={err.wageTypeId?.message}>
        {(types.data ?? []).map((t) => <MenuItem key={t.id} value={t.id}>{t.name}</MenuItem>)}
      </TextField>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <FormDateInput name="date" label="근무일" testId="record-date" sx={{ flex: 1.3 }} />
        <FormTimeInput name="startedAt" label="출근" testId="record-start" sx={{ flex: 1 }} />
        <FormTimeInput name="endedAt" label={overnight ? '퇴근 (다음날)' : '퇴근'} testId="record-end" sx={{ flex: 1 }} />
      </Box>
      <TextField label="사유" {...form.register('reason')} error={!!err.reason} helperText={err.reason?.message ?? '감사 기록에 남습니다 (예: 퇴근을 찍지 않음)'} slotProps={{ htmlInput: { 'data-testid': 'record-reason' } }} />
    </>
  );
}

/** A missed shift added by an admin, with a reason. */
export function AddRecordDialog({ date, onClose }: { date: string; onClose: () => void }) {
  const create = useCreateRecord();
  return (
    <FormDialog<RecordForm, RecordValues>
      title="근무 추가"
      schema={recordForm}
      defaultValues={{ date, startedAt: '', endedAt: '', reason: '' }}
      onSubmit={(v) => create.mutateAsync({ body: { taId: v.taId, wageTypeId: v.wageTypeId, reason: v.reason, ...instants(v) } })}
      onClose={onClose}
      testId="record-add-dialog"
      submitLabel="추가"
    >
      {(form) => <Fields form={form} lockTa={false} />}
    </FormDialog>
  );
}

/** Corrects one record (times, wage type) with a reason; shows its history; deletes it. */
export function CorrectRecordDialog({ record, onClose }: { record: WorkRecord; onClose: () => void }) {
  const update = useUpdateRecord();
  const remove = useDeleteRecord();
  const confirm = useConfirm();
  const del = async (reason: string) => {
    if (reason.trim().length < 2) return toast.warning('삭제 사유를 2자 이상 입력해 주세요');
    if (!(await confirm({ title: '근무 기록 삭제', message: `${record.taName} ${formatKoreanDate(record.workDate)} 기록을 삭제할까요?`, confirmLabel: '삭제', danger: true }))) return;
    await remove.mutateAsync({ params: { id: record.id }, query: { reason: reason.trim() } });
    toast.success('근무 기록을 삭제했습니다');
    onClose();
  };
  return (
    <FormDialog<RecordForm, RecordValues>
      title={`${record.taName} 근무 정정`}
      schema={recordForm}
      defaultValues={{ taId: record.taId, wageTypeId: record.wageTypeId, date: record.workDate, startedAt: kstTime(record.startedAt), endedAt: record.endedAt ? kstTime(record.endedAt) : '', reason: '' }}
      onSubmit={(v) => update.mutateAsync({ params: { id: record.id }, body: { wageTypeId: v.wageTypeId, reason: v.reason, ...instants(v) } })}
      onClose={onClose}
      testId="record-correct-dialog"
      submitTestId="record-save"
      submitLabel="정정 저장"
    >
      {(form) => (
        <>
          {record.monthClosed && <Alert severity="warning">급여가 마감된 달의 기록은 고칠 수 없습니다. 정정할 금액은 다음 달 급여의 추가·공제로 넣어 주세요.</Alert>}
          {record.status === 'missing_out' && <Alert severity="warning">퇴근을 찍지 않은 기록입니다. 실제 퇴근 시각을 넣어 주세요.</Alert>}
          <Typography variant="body2" color="textSecondary">
            지금: {formatKoreanDate(kstDate(record.startedAt))} {kstTime(record.startedAt)} – {record.endedAt ? kstTime(record.endedAt) : '퇴근 없음'} {record.minutes !== null ? `(${formatMinutes(record.minutes)})` : ''} · {record.wageTypeName}
          </Typography>
          <Fields form={form} lockTa />
          <History id={record.id} />
          {!record.monthClosed && (
            <Box>
              <Button color="error" size="small" onClick={() => void del(form.getValues('reason'))} data-testid="record-delete">
                이 기록 삭제 (위 사유로)
              </Button>
            </Box>
          )}
        </>
      )}
    </FormDialog>
  );
}
