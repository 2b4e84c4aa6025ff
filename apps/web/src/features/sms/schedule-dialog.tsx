import { DAY_LABELS } from '@academy/contracts/dates';
import { RECIPIENT_AUDIENCE_LABEL, RECIPIENT_AUDIENCES, smsScheduleBody, type SmsSchedule, type SmsSettings } from '@academy/contracts/sms';
import { FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog, FormTextField, useFieldError } from '../../components/form-dialog.tsx';
import { useCreateSmsSchedule } from './api/create-sms-schedule.ts';
import { useUpdateSmsSchedule } from './api/update-sms-schedule.ts';
import { FormTimeInput } from '../../components/date-field.tsx';

type In = z.input<typeof smsScheduleBody>;

function SelectField(props: { name: keyof In; label: string; children: React.ReactNode; onPicked?: (v: string) => void; testId?: string }) {
  const error = useFieldError(props.name);
  return (
    <Controller<In>
      name={props.name}
      render={({ field }) => (
        <TextField
          select
          label={props.label}
          value={field.value ?? ''}
          onChange={(e) => {
            field.onChange(e.target.value === '' ? null : Number.isNaN(Number(e.target.value)) ? e.target.value : Number(e.target.value));
            props.onPicked?.(e.target.value);
          }}
          error={!!error}
          helperText={error}
          slotProps={{ htmlInput: { 'data-testid': props.testId }, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          {props.children}
        </TextField>
      )}
    />
  );
}

/**
 * A weekly send: which lecture, to whom, what (a template or own words with #{이름}, #{링크},
 * #{강의명}, #{날짜}), which day and time (Korea). The server's refusals land on the fields.
 */
export function ScheduleDialog(props: { schedule: SmsSchedule | null; lectures: { id: number; name: string }[]; templates: SmsSettings['templates']; onClose: () => void }) {
  const create = useCreateSmsSchedule();
  const update = useUpdateSmsSchedule();
  const s = props.schedule;
  const defaults: In = s
    ? { name: s.name, lectureId: s.lectureId, audience: s.audience, templateId: s.templateId, body: s.body, weekday: s.weekday, time: s.time, enabled: s.enabled }
    : { name: '', lectureId: props.lectures[0]?.id ?? 0, audience: 'parent', templateId: null, body: '', weekday: 5, time: '18:00', enabled: true };
  return (
    <FormDialog
      title={s ? '정기 발송 고치기' : '정기 발송 만들기'}
      schema={smsScheduleBody}
      defaultValues={defaults}
      onSubmit={(body) => (s ? update.mutateAsync({ params: { id: s.id }, body }) : create.mutateAsync({ body }))}
      onClose={props.onClose}
      testId="sms-schedule-dialog"
      footnote="정한 요일과 시각마다 그날의 수강생에게 보냅니다. #{링크}는 받는 사람마다 새 주간 리포트 링크가 됩니다."
    >
      {(form) => (
        <>
          <FormTextField<In> name="name" label="이름" placeholder="금요일 주간 리포트" autoFocus />
          <SelectField name="lectureId" label="강좌" testId="schedule-lecture">
            {props.lectures.map((l) => <MenuItem key={l.id} value={l.id}>{l.name}</MenuItem>)}
          </SelectField>
          <SelectField name="audience" label="받는 사람">
            {RECIPIENT_AUDIENCES.map((a) => <MenuItem key={a} value={a}>{RECIPIENT_AUDIENCE_LABEL[a]}</MenuItem>)}
          </SelectField>
          <SelectField
            name="templateId"
            label="템플릿"
            onPicked={(v) => {
              const t = props.templates.find((x) => x.id === Number(v));
              if (t) form.setValue('body', t.body, { shouldValidate: true });
            }}
          >
            <MenuItem value="">직접 쓰기</MenuItem>
            {props.templates.map((t) => <MenuItem key={t.id} value={t.id}>[{t.category}] {t.title}</MenuItem>)}
          </SelectField>
          <FormTextField<In> name="body" label="내용" multiline minRows={4} />
          <Stack direction="row" spacing={2}>
            <SelectField name="weekday" label="요일">
              {[1, 2, 3, 4, 5, 6, 7].map((d) => <MenuItem key={d} value={d}>{DAY_LABELS[d]}요일</MenuItem>)}
            </SelectField>
            <FormTimeInput<In> name="time" label="시각" />
          </Stack>
          <Controller<In>
            name="enabled"
            render={({ field }) => <FormControlLabel control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />} label="켜기" />}
          />
        </>
      )}
    </FormDialog>
  );
}
