import { fromKstLocal, RESERVE_TYPE_LABEL, RESERVE_TYPES, type Slot, slotBody, type SlotInput, type SlotKind, toKstLocal } from '@academy/contracts/clinic';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { Box, Button, Collapse, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { FormDialog, FormTextField, useFieldError } from '../../components/form-dialog.tsx';
import { toast } from '../../lib/toast.ts';
import { useCreateCounselSlot } from './api/create-counsel-slot.ts';
import { useCreateClinicSlot } from './api/create-slot.ts';
import { useDeleteCounselSlot } from './api/delete-counsel-slot.ts';
import { useDeleteClinicSlot } from './api/delete-slot.ts';
import { useLectureOptions } from './api/lecture-options.ts';
import { useTaCounts } from './api/ta-counts.ts';
import { useUpdateCounselSlot } from './api/update-counsel-slot.ts';
import { useUpdateClinicSlot } from './api/update-slot.ts';
import { DateTimeInput, FormDateInput, FormTimeInput } from '../../components/date-field.tsx';

const WORD: Record<SlotKind, string> = { clinic: '클리닉', counsel: '상담' };

/** A booking-window instant edited on the Korean clock, kept as an ISO instant in the form. */
function InstantField({ name, label }: { name: 'opensAt' | 'closesAt' | 'cancelUntil'; label: string }) {
  const { control } = useFormContext<SlotInput>();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateTimeInput
          size="small"
          label={label}
          value={field.value ? toKstLocal(field.value) : ''}
          onChange={(v) => field.onChange(v ? fromKstLocal(v) : null)}
          onBlur={field.onBlur}
          error={error}
          helperText="비우면 센터 규칙"
          sx={{ flex: 1 }}
        />
      )}
    />
  );
}

function Fields({ kind, date }: { kind: SlotKind; date: string }) {
  const { control, getValues } = useFormContext<SlotInput>();
  const tas = useTaCounts(date, date);
  const lectures = useLectureOptions();
  const [ownWindow, setOwnWindow] = useState(() => Boolean(getValues('opensAt') || getValues('closesAt') || getValues('cancelUntil')));
  return (
    <>
      <Stack direction="row" spacing={1.5}>
        <FormDateInput<SlotInput> name="date" label="날짜" size="small" sx={{ flex: 1.3 }} />
        <FormTimeInput<SlotInput> name="startTime" label="시작" size="small" sx={{ flex: 1 }} />
        <FormTimeInput<SlotInput> name="endTime" label="끝" size="small" sx={{ flex: 1 }} />
      </Stack>
      <Stack direction="row" spacing={1.5}>
        <FormTextField<SlotInput> name="title" label="이름" placeholder={kind === 'clinic' ? '고2 수학 클리닉' : '학습 상담'} size="small" sx={{ flex: 2 }} />
        <FormTextField<SlotInput> name="room" label="장소" placeholder="자습실 A" size="small" sx={{ flex: 1 }} />
      </Stack>
      <Stack direction="row" spacing={1.5}>
        <Controller
          control={control}
          name="capacity"
          render={({ field, fieldState }) => (
            <TextField
              size="small"
              type="number"
              label="정원"
              value={field.value ?? ''}
              onChange={(e) => field.onChange(e.target.value === '' ? undefined : Number(e.target.value))}
              onBlur={field.onBlur}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
              slotProps={{ htmlInput: { min: 1, max: 500 } }}
              sx={{ width: 110 }}
            />
          )}
        />
        {kind === 'clinic' && (
          <Controller
            control={control}
            name="lectureId"
            render={({ field }) => (
              <TextField select size="small" label="강좌 (이 강좌 수강생만 예약)" value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))} sx={{ flex: 1.5 }} slotProps={{ htmlInput: { 'data-testid': 'slot-lecture' } }}>
                <MenuItem value="">강좌 무관 (누구나)</MenuItem>
                {(lectures.data ?? []).map((l) => <MenuItem key={l.id} value={l.id}>{l.name}</MenuItem>)}
              </TextField>
            )}
          />
        )}
        <Controller
          control={control}
          name="taId"
          render={({ field }) => (
            <TextField select size="small" label={kind === 'clinic' ? '담당 조교' : '상담 선생님'} value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))} sx={{ flex: 1 }}>
              <MenuItem value="">담당 없음</MenuItem>
              {(tas.data ?? []).filter((t) => t.taId !== null).map((t) => (
                <MenuItem key={t.taId} value={t.taId!}>{t.name}</MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="reserveType"
          render={({ field }) => (
            <TextField select size="small" label="예약 방식" {...field} sx={{ width: 200 }}>
              {RESERVE_TYPES.map((r) => (
                <MenuItem key={r} value={r}>{RESERVE_TYPE_LABEL[r]}{r === 'self' ? ' (학생 예약)' : ' (직원 배정)'}</MenuItem>
              ))}
            </TextField>
          )}
        />
      </Stack>
      <Box>
        <FormControlLabel control={<Switch checked={ownWindow} onChange={(e) => setOwnWindow(e.target.checked)} />} label="이 시간만 예약·취소 시간을 따로 정하기" />
        <Collapse in={ownWindow} unmountOnExit>
          <Stack direction="row" spacing={1.5} sx={{ pt: 1 }}>
            <InstantField name="opensAt" label="예약 시작" />
            <InstantField name="closesAt" label="예약 마감" />
            <InstantField name="cancelUntil" label="취소 마감" />
          </Stack>
        </Collapse>
        {!ownWindow && (
          <Typography variant="caption" color="textSecondary">센터 규칙(예약 규칙)이나 그날 정한 시간을 따릅니다.</Typography>
        )}
      </Box>
    </>
  );
}

/** Create or edit a clinic or counsel slot. */
export function SlotFormDialog({ kind, slot, defaults, onClose }: { kind: SlotKind; slot: Slot | null; defaults?: Partial<SlotInput>; onClose: () => void }) {
  const createClinic = useCreateClinicSlot();
  const updateClinic = useUpdateClinicSlot();
  const createCounsel = useCreateCounselSlot();
  const updateCounsel = useUpdateCounselSlot();
  const removeClinic = useDeleteClinicSlot();
  const removeCounsel = useDeleteCounselSlot();
  const confirm = useConfirm();
  const remove = async () => {
    if (!slot || !(await confirm({ title: `${WORD[kind]} 시간 삭제`, message: `${slot.date} ${slot.startTime}–${slot.endTime} ${slot.title}을(를) 지울까요?`, confirmLabel: '삭제', danger: true }))) return;
    (kind === 'clinic' ? removeClinic : removeCounsel).mutate({ params: { id: slot.id } }, { onSuccess: () => { toast.success('삭제했습니다'); onClose(); } });
  };
  const initial: SlotInput = slot
    ? { date: slot.date, startTime: slot.startTime, endTime: slot.endTime, capacity: slot.capacity, room: slot.room, title: slot.title, taId: slot.taId, lectureId: slot.lectureId, reserveType: slot.reserveType, opensAt: slot.opensAt, closesAt: slot.closesAt, cancelUntil: slot.cancelUntil }
    : { date: '', startTime: '18:00', endTime: '19:30', capacity: kind === 'clinic' ? 20 : 1, room: '', title: '', taId: null, lectureId: null, reserveType: 'self', opensAt: null, closesAt: null, cancelUntil: null, ...defaults };
  return (
    <FormDialog
      title={slot ? `${WORD[kind]} 시간 수정` : `${WORD[kind]} 시간 추가`}
      schema={slotBody}
      defaultValues={initial}
      maxWidth="md"
      testId="slot-dialog"
      onSubmit={(body) => {
        if (kind === 'clinic') return slot ? updateClinic.mutateAsync({ params: { id: slot.id }, body }) : createClinic.mutateAsync({ body });
        return slot ? updateCounsel.mutateAsync({ params: { id: slot.id }, body }) : createCounsel.mutateAsync({ body });
      }}
      onClose={onClose}
      footnote={
        slot ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" color="textSecondary" sx={{ flexGrow: 1 }}>
              {slot.reserved > 0 ? `이미 ${slot.reserved}명이 있습니다. 정원은 그 아래로 줄일 수 없고, 학생이 있는 시간은 지울 수 없습니다.` : '아직 예약한 학생이 없습니다.'}
            </Typography>
            <Button color="error" startIcon={<DeleteOutline />} disabled={slot.reserved > 0} onClick={() => void remove()}>삭제</Button>
          </Stack>
        ) : undefined
      }
    >
      {(form) => <Fields kind={kind} date={form.getValues('date') || initial.date} />}
    </FormDialog>
  );
}
