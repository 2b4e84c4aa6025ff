import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';
import { createLecture, DAY_LABELS, type Lecture, lectureKeys, type LectureInput, type ScheduleSlot, updateLecture } from './lectures-api.ts';

const COLORS = ['#2e7d32', '#1565c0', '#ef6c00', '#6a1b9a', '#00838f', '#c62828', '#827717', '#455a64'];

const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** The same rules the server applies, checked before sending so the form can point at the row. */
export function scheduleProblem(schedule: ScheduleSlot[]): string | null {
  for (const [i, s] of schedule.entries()) {
    if (!/^\d{2}:\d{2}$/.test(s.startTime) || !/^\d{2}:\d{2}$/.test(s.endTime)) return `${i + 1}번째 시간: 시각을 입력해 주세요`;
    if (minutes(s.endTime) <= minutes(s.startTime)) return `${i + 1}번째 시간: 종료 시각이 시작 시각보다 늦어야 합니다`;
  }
  for (let i = 0; i < schedule.length; i++) {
    for (let j = i + 1; j < schedule.length; j++) {
      const a = schedule[i]!;
      const b = schedule[j]!;
      if (a.dayOfWeek === b.dayOfWeek && minutes(a.startTime) < minutes(b.endTime) && minutes(b.startTime) < minutes(a.endTime)) {
        return `${DAY_LABELS[a.dayOfWeek]}요일 시간이 겹칩니다 (${a.startTime}–${a.endTime}, ${b.startTime}–${b.endTime})`;
      }
    }
  }
  return null;
}

const empty = (): LectureInput => ({
  name: '',
  subject: '',
  teacherName: '',
  targetSchool: '',
  targetGrade: '',
  schedule: [{ dayOfWeek: 1, startTime: '19:00', endTime: '22:00' }],
  room: '',
  startDate: '',
  endDate: '',
  color: COLORS[0]!,
});

/** Create or edit a lecture, with its weekly timetable (days and times). */
export function LectureFormDialog({ lecture, onClose }: { lecture: Lecture | null; onClose: () => void }) {
  const client = useQueryClient();
  const [form, setForm] = useState<LectureInput>(() => (lecture ? { ...lecture, targetSchool: lecture.targetSchool ?? '', targetGrade: lecture.targetGrade ?? '', room: lecture.room ?? '' } : empty()));
  const [touched, setTouched] = useState(false);
  const set = <K extends keyof LectureInput>(key: K, value: LectureInput[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setSlot = (i: number, patch: Partial<ScheduleSlot>) => set('schedule', form.schedule.map((s, k) => (k === i ? { ...s, ...patch } : s)));

  const problem =
    (!form.name.trim() && '강좌명을 입력해 주세요') ||
    (!form.subject.trim() && '과목을 입력해 주세요') ||
    (!form.teacherName.trim() && '담당 강사를 입력해 주세요') ||
    (!form.startDate && '개강일을 입력해 주세요') ||
    (!form.endDate && '종강일을 입력해 주세요') ||
    (form.endDate < form.startDate && '종강일이 개강일보다 빠릅니다') ||
    scheduleProblem(form.schedule);

  const save = useMutation({
    mutationFn: () => {
      const input: LectureInput = {
        ...form,
        targetSchool: form.targetSchool?.trim() || null,
        targetGrade: form.targetGrade?.trim() || null,
        room: form.room?.trim() || null,
      };
      return lecture ? updateLecture(lecture.id, input) : createLecture(input);
    },
    onSuccess: async () => {
      toast.success(lecture ? '강좌를 수정했습니다' : '강좌를 만들었습니다. 시간표대로 회차가 생성되었습니다');
      await client.invalidateQueries({ queryKey: lectureKeys.all });
      onClose();
    },
  });

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{lecture ? '강좌 수정' : '강좌 추가'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Box sx={{ display: 'grid', gridTemplateColumns: '2fr 1fr 1fr', gap: 2 }}>
            <TextField label="강좌명" required value={form.name} onChange={(e) => set('name', e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'lecture-name', maxLength: 100 } }} />
            <TextField label="과목" required value={form.subject} onChange={(e) => set('subject', e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'lecture-subject', maxLength: 30 } }} />
            <TextField label="담당 강사" required value={form.teacherName} onChange={(e) => set('teacherName', e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'lecture-teacher', maxLength: 30 } }} />
          </Box>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr 1fr 1fr', gap: 2 }}>
            <TextField label="대상 학교" value={form.targetSchool ?? ''} onChange={(e) => set('targetSchool', e.target.value)} />
            <TextField label="대상 학년" value={form.targetGrade ?? ''} onChange={(e) => set('targetGrade', e.target.value)} placeholder="고2" />
            <TextField label="강의실" value={form.room ?? ''} onChange={(e) => set('room', e.target.value)} placeholder="301호" />
            <TextField label="개강일" type="date" required value={form.startDate} onChange={(e) => set('startDate', e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'lecture-start' } }} />
            <TextField label="종강일" type="date" required value={form.endDate} onChange={(e) => set('endDate', e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'lecture-end' } }} />
          </Box>
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              주간 시간표 <Typography component="span" variant="caption" color="text.secondary">— 기간 안의 요일마다 회차가 만들어집니다</Typography>
            </Typography>
            <Stack spacing={1}>
              {form.schedule.map((s, i) => (
                <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'center' }} data-testid="schedule-row">
                  <TextField select size="small" label="요일" value={s.dayOfWeek} onChange={(e) => setSlot(i, { dayOfWeek: Number(e.target.value) })} sx={{ width: 100 }}>
                    {[1, 2, 3, 4, 5, 6, 7].map((d) => (
                      <MenuItem key={d} value={d}>{DAY_LABELS[d]}요일</MenuItem>
                    ))}
                  </TextField>
                  <TextField size="small" type="time" label="시작" value={s.startTime} onChange={(e) => setSlot(i, { startTime: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
                  <TextField size="small" type="time" label="종료" value={s.endTime} onChange={(e) => setSlot(i, { endTime: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
                  <IconButton aria-label="시간 삭제" onClick={() => set('schedule', form.schedule.filter((_, k) => k !== i))}>
                    <DeleteOutline />
                  </IconButton>
                </Box>
              ))}
              <Button
                startIcon={<AddOutlined />}
                sx={{ alignSelf: 'flex-start' }}
                onClick={() => {
                  const last = form.schedule.at(-1);
                  set('schedule', [...form.schedule, { dayOfWeek: last ? (last.dayOfWeek % 7) + 1 : 1, startTime: last?.startTime ?? '19:00', endTime: last?.endTime ?? '22:00' }]);
                }}
              >
                요일 추가
              </Button>
            </Stack>
          </Box>
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>표시 색상</Typography>
            <Stack direction="row" spacing={1}>
              {COLORS.map((c) => (
                <Box
                  key={c}
                  role="button"
                  aria-label={`색상 ${c}`}
                  onClick={() => set('color', c)}
                  sx={{ width: 28, height: 28, borderRadius: '50%', bgcolor: c, cursor: 'pointer', outline: form.color === c ? '3px solid' : 'none', outlineColor: 'text.primary', outlineOffset: 2 }}
                />
              ))}
            </Stack>
          </Box>
          {touched && problem && <Alert severity="warning">{problem}</Alert>}
          {save.isError && <Alert severity="error" data-testid="lecture-form-error">{errorMessage(save.error)}</Alert>}
          {lecture && (
            <Typography variant="caption" color="text.secondary">
              시간표나 기간을 바꾸면 오늘 이후의 정규 회차가 새 시간표에 맞게 바뀝니다. 출결이나 공지가 있는 회차와 지난 회차는 그대로 남습니다.
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>취소</Button>
        <Button
          variant="contained"
          data-testid="lecture-save"
          disabled={save.isPending}
          onClick={() => {
            setTouched(true);
            if (!problem) save.mutate();
          }}
        >
          저장
        </Button>
      </DialogActions>
    </Dialog>
  );
}
