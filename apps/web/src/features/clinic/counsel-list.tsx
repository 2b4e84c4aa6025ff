import { COUNSEL_TYPES, type CounselType, type DailyStatus, type Participant, type Slot, type SlotWithParticipants, kstDateTime } from '@academy/contracts/clinic';
import { counselNoteBody } from '@academy/contracts/counsel';
import { DAY_LABELS, dayOfWeek } from '@academy/contracts/dates';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { FormDialog, FormTextField } from '../../components/form-dialog.tsx';
import { type StudentOption, StudentPicker } from '../../components/student-picker.tsx';
import { errorMessage } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';
import { useAddCounselParticipant } from './api/add-counsel-participant.ts';
import { useCounselNote } from './api/counsel-note.ts';
import { counselDailyQuery } from './api/counsel-slots.ts';
import { useRemoveCounselParticipant } from './api/remove-counsel-participant.ts';
import { applyToBoard } from './clinic-live.ts';
import { useClinicLive } from './use-clinic-live.ts';

const TYPE_COLOR: Record<CounselType, string> = { 학습: '#1565c0', 진로: '#6a1b9a', 성적: '#c62828', 기타: '#455a64' };
export const CounselTypeChip = ({ type }: { type: CounselType }) => <Chip size="small" label={type} sx={{ bgcolor: TYPE_COLOR[type], color: '#fff', fontWeight: 700 }} />;

/** The note after a session: saved into the student's consult record (again: corrected there). */
function NoteDialog({ p, slot, onClose }: { p: Participant; slot: Slot; onClose: () => void }) {
  const note = useCounselNote();
  return (
    <FormDialog
      title={`${p.name} 상담 기록`}
      schema={counselNoteBody}
      defaultValues={{ content: p.note ?? '', consultType: p.counselType ?? '기타' }}
      submitLabel="학생 기록에 저장"
      testId="counsel-note-dialog"
      onSubmit={async (body) => {
        await note.mutateAsync({ params: { id: p.id }, body });
        toast.success(`${p.name} 학생 기록에 상담을 남겼습니다`);
      }}
      onClose={onClose}
      footnote={<Typography variant="body2" color="textSecondary">{kstDateTime(`${slot.date}T${slot.startTime}:00+09:00`)} · {slot.taName ?? '작성자'} 상담으로 학생 기록(상담)에 남습니다.</Typography>}
    >
      {(form) => (
        <>
          <Controller
            control={form.control}
            name="consultType"
            render={({ field }) => (
              <TextField select label="상담 유형" value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value)} sx={{ width: 160 }}>
                {COUNSEL_TYPES.map((t) => <MenuItem key={t} value={t}>{t}</MenuItem>)}
              </TextField>
            )}
          />
          <FormTextField name="content" label="상담 내용" multiline minRows={6} autoFocus slotProps={{ htmlInput: { 'data-testid': 'counsel-note-input' } }} />
        </>
      )}
    </FormDialog>
  );
}

function AddDialog({ slot, onClose }: { slot: SlotWithParticipants; onClose: () => void }) {
  const add = useAddCounselParticipant();
  const [picked, setPicked] = useState<StudentOption[]>([]);
  const [type, setType] = useState<CounselType>('학습');
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>상담 예약 넣기 · {slot.startTime}–{slot.endTime}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <StudentPicker value={picked} onChange={(v) => setPicked(v.slice(-1))} label="학생 검색 (한 명)" />
          <TextField select label="상담 유형" value={type} onChange={(e) => setType(e.target.value as CounselType)} sx={{ width: 160 }}>
            {COUNSEL_TYPES.map((t) => <MenuItem key={t} value={t}>{t}</MenuItem>)}
          </TextField>
          {add.isError && <Alert severity="error">{errorMessage(add.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>취소</Button>
        <Button variant="contained" disabled={picked.length !== 1 || add.isPending} onClick={() => add.mutate({ params: { id: slot.id }, body: { userId: picked[0]!.id, counselType: type } }, { onSuccess: () => { toast.success('예약을 넣었습니다'); onClose(); } })}>
          넣기
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Counsel hours of a week, day by day: who booked each, with which type, and the note after the
 * session (written here, kept in the student's consult record). Live like the clinic board.
 */
export function CounselList({ monday, sunday, onEditSlot }: { monday: string; sunday: string; onEditSlot: (s: Slot) => void }) {
  const query = counselDailyQuery(monday, sunday);
  const daily = useQuery(query);
  useClinicLive<DailyStatus>({ dates: [monday], queryKey: query.queryKey, apply: applyToBoard });
  const remove = useRemoveCounselParticipant();
  const confirm = useConfirm();
  const [noting, setNoting] = useState<{ p: Participant; slot: Slot } | null>(null);
  const [adding, setAdding] = useState<SlotWithParticipants | null>(null);
  if (daily.isPending) return <Skeleton variant="rounded" height={240} />;
  if (daily.isError) return <Alert severity="error">{errorMessage(daily.error)}</Alert>;
  const dates = [...new Set(daily.data.slots.map((s) => s.date))];
  if (dates.length === 0) return <Paper variant="outlined" sx={{ p: 6, textAlign: 'center', color: 'text.secondary' }}>이 주에는 상담 시간이 없습니다. 「상담 시간 추가」로 열어 주세요.</Paper>;
  return (
    <Stack spacing={2} data-testid="counsel-list">
      {dates.map((date) => (
        <Paper key={date} variant="outlined" sx={{ p: 1.5 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 800, mb: 1 }}>{Number(date.slice(5, 7))}월 {Number(date.slice(8, 10))}일 ({DAY_LABELS[dayOfWeek(date)]})</Typography>
          <Stack spacing={1}>
            {daily.data.slots.filter((s) => s.date === date).map((s) => (
              <Box key={s.id} sx={{ display: 'grid', gridTemplateColumns: '130px 1fr', gap: 1.5, alignItems: 'start', py: 0.75, borderTop: 1, borderColor: 'divider' }} data-testid="counsel-slot">
                <Box>
                  <Button size="small" onClick={() => onEditSlot(s)} sx={{ fontWeight: 800, fontVariantNumeric: 'tabular-nums', px: 0.5 }} aria-label={`${s.startTime}–${s.endTime} 상담 시간 수정`}>{s.startTime}–{s.endTime}</Button>
                  <Typography variant="caption" color="textSecondary" component="p" sx={{ px: 0.5 }}>{s.taName ?? '담당 없음'}{s.room ? ` · ${s.room}` : ''}</Typography>
                </Box>
                <Stack spacing={1}>
                  {s.participants.length === 0 && (
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography variant="body2" color="textSecondary">예약 없음</Typography>
                      <Button size="small" onClick={() => setAdding(s)}>예약 넣기</Button>
                    </Stack>
                  )}
                  {s.participants.map((p) => (
                    <Box key={p.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }} data-testid="counsel-participant">
                      {p.counselType && <CounselTypeChip type={p.counselType} />}
                      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                        <Typography sx={{ fontWeight: 700 }}>{p.name} <Typography component="span" variant="caption" color="textSecondary">{p.loginId}{p.source === 'staff' ? ' · 직원 예약' : ''}</Typography></Typography>
                        {p.note ? (
                          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 0.5, p: 1, bgcolor: '#f5f7f5', borderRadius: 1 }} data-testid="counsel-note">{p.note}</Typography>
                        ) : (
                          <Typography variant="caption" color="textSecondary">상담 기록 전</Typography>
                        )}
                      </Box>
                      <Button size="small" variant={p.note ? 'outlined' : 'contained'} startIcon={<EditNoteOutlined />} onClick={() => setNoting({ p, slot: s })} data-testid="write-note">
                        {p.note ? '기록 고치기' : '기록 쓰기'}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={async () => {
                          if (await confirm({ title: '상담 예약 취소', message: `${p.name} 학생의 상담 예약을 취소할까요?`, confirmLabel: '예약 취소', danger: true })) remove.mutate({ params: { id: p.id } });
                        }}
                      >
                        취소
                      </Button>
                    </Box>
                  ))}
                </Stack>
              </Box>
            ))}
          </Stack>
        </Paper>
      ))}
      {noting && <NoteDialog p={noting.p} slot={noting.slot} onClose={() => setNoting(null)} />}
      {adding && <AddDialog slot={adding} onClose={() => setAdding(null)} />}
    </Stack>
  );
}
