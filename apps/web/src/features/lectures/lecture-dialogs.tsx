import { DAY_LABELS } from '@academy/contracts/dates';
import { formatKoreanTime, formatPhone } from '@academy/contracts/format';
import { type EnrolClash, type LectureDetail, specialSessionBody } from '@academy/contracts/lectures';
import { Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { FormDialog, FormTextField } from '../../components/form-dialog.tsx';
import { StudentPicker, type StudentOption } from '../../components/student-picker.tsx';
import { errorMessage } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';
import { useCreateSpecialSession } from './api/create-special-session.ts';
import { checkEnrolClashes } from './api/enrol-clashes.ts';
import { useEnrolStudents } from './api/enrol-students.ts';
import { useLectureList } from './api/lecture-list.ts';
import { useTransferStudent } from './api/transfer-student.ts';
import { useUnenrolStudents } from './api/unenrol-students.ts';
import { FormDateInput, FormTimeInput } from '../../components/date-field.tsx';

/** One clash as staff read it: "김도윤 · 수학 A반 · 월 오후 7:00–오후 9:00". */
const clashLine = (c: EnrolClash) => `${c.studentName} · ${c.lectureName} · ${DAY_LABELS[c.dayOfWeek] ?? ''} ${formatKoreanTime(c.startTime)}–${formatKoreanTime(c.endTime)}`;

/**
 * The roster: enrol students (they join every session from today) or end their enrolment. Before
 * enrolling, the students' other lectures at the same weekday and time are shown as a warning;
 * staff can still enrol them (a student may take both on purpose).
 */
export function RosterDialog({ lecture, onClose }: { lecture: LectureDetail; onClose: () => void }) {
  const [picked, setPicked] = useState<StudentOption[]>([]);
  const [leaving, setLeaving] = useState<Set<number>>(new Set());
  const [clashes, setClashes] = useState<EnrolClash[] | null>(null);
  const [checking, setChecking] = useState(false);
  const enrol = useEnrolStudents();
  const leave = useUnenrolStudents();
  const pick = (next: StudentOption[]) => {
    setPicked(next);
    setClashes(null);
  };
  const enrolNow = () =>
    enrol.mutate({ params: { id: lecture.id }, body: { userIds: picked.map((p) => p.id) } }, {
      onSuccess: () => {
        toast.success(`${picked.length}명을 등록했습니다. 오늘 이후 회차에 참여자로 들어갑니다`);
        setPicked([]);
        setClashes(null);
      },
    });
  const enrolPicked = async () => {
    setChecking(true);
    try {
      const found = (await checkEnrolClashes(lecture.id, picked.map((p) => p.id))).clashes;
      if (found.length) setClashes(found);
      else enrolNow();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setChecking(false);
    }
  };
  const leaveChecked = () =>
    leave.mutate({ params: { id: lecture.id }, body: { userIds: [...leaving] } }, {
      onSuccess: () => {
        toast.success(`${leaving.size}명의 수강을 종료했습니다. 지난 기록은 남아 있습니다`);
        setLeaving(new Set());
      },
    });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>수강생 관리 · {lecture.name}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={1} sx={{ pt: 1, alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1 }}>
            <StudentPicker value={picked} onChange={pick} exclude={new Set(lecture.students.map((s) => s.userId))} />
          </Box>
          <Button variant="contained" sx={{ mt: 1 }} disabled={picked.length === 0 || enrol.isPending || checking || clashes !== null} onClick={() => void enrolPicked()} data-testid="roster-add">
            등록
          </Button>
        </Stack>
        {clashes && (
          <Alert
            severity="warning"
            sx={{ mt: 1.5 }}
            data-testid="roster-clashes"
            action={
              <Stack spacing={0.5}>
                <Button color="inherit" size="small" disabled={enrol.isPending} onClick={enrolNow} data-testid="roster-add-anyway">그래도 등록</Button>
                <Button color="inherit" size="small" onClick={() => setClashes(null)}>등록 안 함</Button>
              </Stack>
            }
          >
            <Typography variant="subtitle2" component="p">시간이 겹치는 수업이 있습니다</Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {clashes.map((c) => <li key={`${c.userId}-${c.lectureId}-${c.dayOfWeek}-${c.startTime}`}>{clashLine(c)}</li>)}
            </Box>
          </Alert>
        )}
        <Typography variant="subtitle2" sx={{ mt: 2 }}>수강생 {lecture.students.length}명</Typography>
        <List dense sx={{ maxHeight: 360, overflow: 'auto' }}>
          {lecture.students.map((s) => (
            <ListItem key={s.userId} disableGutters secondaryAction={<Typography variant="caption" color="textSecondary">{formatPhone(s.phone)}</Typography>}>
              <Checkbox
                size="small"
                slotProps={{ input: { 'aria-label': `${s.name} 수강 종료 선택` } }}
                checked={leaving.has(s.userId)}
                onChange={(e) => setLeaving((set) => {
                  const next = new Set(set);
                  if (e.target.checked) next.add(s.userId);
                  else next.delete(s.userId);
                  return next;
                })}
              />
              <ListItemText primary={s.name} secondary={s.loginId} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button color="error" disabled={leaving.size === 0 || leave.isPending} onClick={leaveChecked}>
          선택한 {leaving.size}명 수강 종료
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={onClose}>닫기</Button>
      </DialogActions>
    </Dialog>
  );
}

/** 반 이동: a student of this lecture moves to another from the next session; past records stay here. */
export function TransferDialog({ lecture, onClose }: { lecture: LectureDetail; onClose: () => void }) {
  const lectures = useLectureList(false);
  const [userId, setUserId] = useState<number | ''>('');
  const [toId, setToId] = useState<number | ''>('');
  const move = useTransferStudent();
  const submit = () =>
    move.mutate({ params: { id: lecture.id, a: Number(userId), b: Number(toId) } }, {
      onSuccess: () => {
        const student = lecture.students.find((s) => s.userId === userId);
        const to = lectures.data?.find((l) => l.id === toId);
        toast.success(`${student?.name ?? '학생'} 학생을 ${to?.name ?? '새 강좌'}(으)로 옮겼습니다. 지난 출결은 이 강좌에 남습니다`);
        onClose();
      },
    });
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>반 이동</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label="학생" value={userId} onChange={(e) => setUserId(Number(e.target.value))} slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'transfer-student' } as object } }}>
            {lecture.students.map((s) => (
              <MenuItem key={s.userId} value={s.userId}>{s.name} ({s.loginId})</MenuItem>
            ))}
          </TextField>
          <TextField select label="옮겨 갈 강좌" value={toId} onChange={(e) => setToId(Number(e.target.value))} slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'transfer-target' } as object } }}>
            {(lectures.data ?? []).filter((l) => l.id !== lecture.id).map((l) => (
              <MenuItem key={l.id} value={l.id}>{l.name}</MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="textSecondary">
            오늘 이후 회차부터 새 강좌에 참여합니다. 이미 입력된 출결과 지난 기록은 지금 강좌에 그대로 남고, 이동 내역은 기록됩니다.
          </Typography>
          {move.isError && <Alert severity="error">{errorMessage(move.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>취소</Button>
        <Button variant="contained" disabled={userId === '' || toId === '' || move.isPending} onClick={submit} data-testid="transfer-submit">
          이동
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A session outside the timetable (보강, 특강); the roster joins it. */
export function SpecialSessionDialog({ lectureId, onClose }: { lectureId: number; onClose: () => void }) {
  const save = useCreateSpecialSession();
  return (
    <FormDialog
      title="보강·특강 회차 추가"
      schema={specialSessionBody}
      defaultValues={{ specialName: '보강', date: '', startTime: '14:00', endTime: '16:00' }}
      maxWidth="xs"
      submitLabel="추가"
      onClose={onClose}
      onSubmit={async (body) => {
        await save.mutateAsync({ params: { id: lectureId }, body });
        toast.success(`${body.specialName} 회차를 추가했습니다`);
      }}
    >
      {() => (
        <>
          <FormTextField name="specialName" label="이름" helperText="보강, 특강, 특강 — 기출 총정리 …" slotProps={{ htmlInput: { maxLength: 40 } }} />
          <FormDateInput name="date" label="날짜" />
          <Stack direction="row" spacing={1}>
            <FormTimeInput name="startTime" label="시작" fullWidth />
            <FormTimeInput name="endTime" label="종료" fullWidth />
          </Stack>
        </>
      )}
    </FormDialog>
  );
}
