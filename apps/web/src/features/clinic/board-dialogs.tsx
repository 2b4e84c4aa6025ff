import { dayBody, fromKstLocal, gradeSubmitBody, type Participant, type SlotWithParticipants, toKstLocal, type DayInfo } from '@academy/contracts/clinic';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItemButton, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { FormDialog, FormTextField } from '../../components/form-dialog.tsx';
import { type StudentOption, StudentPicker } from '../../components/student-picker.tsx';
import { errorMessage } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';
import { useAddParticipants } from './api/add-participants.ts';
import { useGradeSubmit } from './api/grade-submit.ts';
import { useMoveParticipant } from './api/move-participant.ts';
import { useSetDay } from './api/set-day.ts';
import { DateTimeInput } from '../../components/date-field.tsx';

/** The retake graded at the clinic: goes to the score grid's 재시험 cell and completes the clinic. */
export function GradeDialog({ p, onClose }: { p: Participant; onClose: () => void }) {
  const grade = useGradeSubmit();
  const t = p.target!;
  return (
    <FormDialog
      title={`${p.name} 재시험 채점`}
      schema={gradeSubmitBody}
      defaultValues={{ scoreValue: undefined as unknown as number }}
      submitLabel="제출"
      testId="grade-dialog"
      onSubmit={async (body) => {
        await grade.mutateAsync({ params: { id: p.id }, body });
        toast.success(`${p.name} 재시험 ${body.scoreValue}점 · 클리닉 완료`);
      }}
      onClose={onClose}
      footnote={<Typography variant="body2" color="textSecondary">성적표의 「{t.title}」 재시험 칸에 기록되고 클리닉은 완료가 됩니다.</Typography>}
    >
      {(form) => (
        <>
          <Typography variant="body2">{t.lectureName} · {t.title} · 1차 {t.first ?? '–'}점{t.cutline !== null ? ` (기준 ${t.cutline}점)` : ''}</Typography>
          <Controller
            control={form.control}
            name="scoreValue"
            render={({ field, fieldState }) => (
              <TextField
                autoFocus
                type="number"
                label={`재시험 점수 (만점 ${t.maxScore})`}
                value={field.value ?? ''}
                onChange={(e) => field.onChange(e.target.value === '' ? undefined : Number(e.target.value))}
                onBlur={field.onBlur}
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { min: 0, max: t.maxScore, step: 0.5, 'data-testid': 'grade-input' } }}
              />
            )}
          />
        </>
      )}
    </FormDialog>
  );
}

/** Moving by keyboard: the other slots of the day with their free seats. */
export function MoveDialog({ p, slots, onClose }: { p: Participant; slots: SlotWithParticipants[]; onClose: () => void }) {
  const move = useMoveParticipant();
  const others = slots.filter((s) => s.id !== p.slotId);
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{p.name} 옮기기</DialogTitle>
      <DialogContent>
        {others.length === 0 && <Typography color="textSecondary">이날 옮길 수 있는 다른 시간이 없습니다.</Typography>}
        <List dense>
          {others.map((s) => {
            const left = s.capacity - s.reserved;
            return (
              <ListItemButton
                key={s.id}
                disabled={left <= 0 || move.isPending}
                onClick={() => move.mutate({ params: { id: p.id, slotId: s.id } }, { onSuccess: () => { toast.success(`${p.name} 학생을 ${s.startTime}로 옮겼습니다`); onClose(); } })}
              >
                <ListItemText primary={`${s.startTime}–${s.endTime} ${s.title || s.room}`} secondary={left > 0 ? `남은 자리 ${left}` : '정원 마감'} />
              </ListItemButton>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>닫기</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Staff put students in a slot (지정제, or on a student's behalf). */
export function AddParticipantsDialog({ slot, onClose }: { slot: SlotWithParticipants; onClose: () => void }) {
  const add = useAddParticipants();
  const [picked, setPicked] = useState<StudentOption[]>([]);
  const left = slot.capacity - slot.reserved;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="add-participants-dialog">
      <DialogTitle>학생 넣기 · {slot.startTime}–{slot.endTime} {slot.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <StudentPicker value={picked} onChange={setPicked} exclude={new Set(slot.participants.map((p) => p.userId))} />
          <Typography variant="body2" color="textSecondary">
            남은 자리 {left}명. 클리닉 대상인 시험이 있으면 가장 오래된 시험이 예약완료로 바뀝니다.
          </Typography>
          {add.isError && <Alert severity="error">{errorMessage(add.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>취소</Button>
        <Button
          variant="contained"
          disabled={picked.length === 0 || add.isPending}
          onClick={() => add.mutate({ params: { id: slot.id }, body: { userIds: picked.map((s) => s.id) } }, { onSuccess: (r) => { toast.success(`${r.length}명을 넣었습니다`); onClose(); } })}
        >
          {picked.length}명 넣기
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A day's memo for the staff, and (optionally) that day's own booking window. */
export function DayDialog({ date, day, onClose }: { date: string; day: DayInfo | undefined; onClose: () => void }) {
  const setDay = useSetDay();
  return (
    <FormDialog
      title={`${date} 메모·예약 시간`}
      schema={dayBody}
      defaultValues={{ memo: day?.memo ?? '', opensAt: day?.opensAt ?? null, closesAt: day?.closesAt ?? null }}
      onSubmit={(body) => setDay.mutateAsync({ params: { date }, body })}
      onClose={onClose}
      testId="day-dialog"
    >
      {(form) => (
        <>
          <FormTextField name="memo" label="메모 (조교들이 보는 안내)" multiline minRows={3} />
          <Stack direction="row" spacing={1.5}>
            {(['opensAt', 'closesAt'] as const).map((name) => (
              <Controller
                key={name}
                control={form.control}
                name={name}
                render={({ field, fieldState }) => (
                  <DateTimeInput
                    size="small"
                    label={name === 'opensAt' ? '이날 예약 시작' : '이날 예약 마감'}
                    value={field.value ? toKstLocal(field.value) : ''}
                    onChange={(v) => field.onChange(v ? fromKstLocal(v) : null)}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                    helperText="비우면 센터 규칙"
                    sx={{ flex: 1 }}
                  />
                )}
              />
            ))}
          </Stack>
        </>
      )}
    </FormDialog>
  );
}
