import { DAY_LABELS } from '@academy/contracts/dates';
import { type Lecture, lectureBody, type LectureInput } from '@academy/contracts/lectures';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { Box, Button, Checkbox, FormControlLabel, IconButton, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { FormDateInput, FormTimeInput } from '../../components/date-field.tsx';
import { FormDialog, FormTextField, useFieldError } from '../../components/form-dialog.tsx';
import { toast } from '../../lib/toast.ts';
import { useCreateLecture } from './api/create-lecture.ts';
import { useUpdateLecture } from './api/update-lecture.ts';

const COLORS = ['#2e7d32', '#1565c0', '#ef6c00', '#6a1b9a', '#00838f', '#c62828', '#827717', '#455a64'];

const blank = (): LectureInput => ({
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
  keepHolidays: false,
  isPublic: false,
});

/** The weekly timetable rows; the overlap and order rules of contracts mark the row at fault. */
function ScheduleRows() {
  const { control } = useFormContext<LectureInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'schedule' });
  const rows = useWatch({ control, name: 'schedule' });
  const rowError = useFieldError('schedule');
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        주간 시간표 <Typography component="span" variant="caption" color="textSecondary">— 기간 안의 요일마다 회차가 만들어집니다</Typography>
      </Typography>
      <Stack spacing={1}>
        {fields.map((f, i) => (
          <ScheduleRow key={f.id} index={i} onRemove={() => remove(i)} />
        ))}
        {rowError && <Typography variant="caption" color="error">{rowError}</Typography>}
        <Button
          startIcon={<AddOutlined />}
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => {
            const last = rows.at(-1);
            append({ dayOfWeek: last ? (last.dayOfWeek % 7) + 1 : 1, startTime: last?.startTime ?? '19:00', endTime: last?.endTime ?? '22:00' });
          }}
        >
          요일 추가
        </Button>
      </Stack>
    </Box>
  );
}

function ScheduleRow({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { control } = useFormContext<LectureInput>();
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }} data-testid="schedule-row">
      <Controller
        control={control}
        name={`schedule.${index}.dayOfWeek`}
        render={({ field }) => (
          <TextField select size="small" label="요일" {...field} onChange={(e) => field.onChange(Number(e.target.value))} sx={{ width: 100 }}>
            {[1, 2, 3, 4, 5, 6, 7].map((d) => (
              <MenuItem key={d} value={d}>{DAY_LABELS[d]}요일</MenuItem>
            ))}
          </TextField>
        )}
      />
      <FormTimeInput<LectureInput> size="small" label="시작" name={`schedule.${index}.startTime`} width={150} />
      <FormTimeInput<LectureInput> size="small" label="종료" name={`schedule.${index}.endTime`} width={150} />
      <IconButton aria-label={`${index + 1}번째 시간 삭제`} onClick={onRemove}>
        <DeleteOutline />
      </IconButton>
    </Box>
  );
}

function ColorChoice() {
  const { control } = useFormContext<LectureInput>();
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }} id="lecture-color-label">표시 색상</Typography>
      <Controller
        control={control}
        name="color"
        render={({ field }) => (
          <Stack direction="row" spacing={1} role="radiogroup" aria-labelledby="lecture-color-label">
            {COLORS.map((c) => (
              <Box
                key={c}
                component="button"
                type="button"
                role="radio"
                aria-checked={field.value === c}
                aria-label={`색상 ${c}`}
                onClick={() => field.onChange(c)}
                sx={{ width: 28, height: 28, p: 0, border: 0, borderRadius: '50%', bgcolor: c, cursor: 'pointer', outline: field.value === c ? '3px solid' : 'none', outlineColor: 'text.primary', outlineOffset: 2 }}
              />
            ))}
          </Stack>
        )}
      />
    </Box>
  );
}

/** A yes/no field of the lecture form: a checkbox or a switch bound to one boolean. */
function FormToggle({ name, kind, testId, label }: { name: 'keepHolidays' | 'isPublic'; kind: 'checkbox' | 'switch'; testId: string; label: string }) {
  const { control } = useFormContext<LectureInput>();
  const Toggle = kind === 'switch' ? Switch : Checkbox;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel control={<Toggle checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { 'data-testid': testId } as object }} />} label={label} />
      )}
    />
  );
}

/** Create or edit a lecture, with its weekly timetable (days and times). */
export function LectureFormDialog({ lecture, onClose }: { lecture: Lecture | null; onClose: () => void }) {
  const create = useCreateLecture();
  const update = useUpdateLecture();
  const defaults: LectureInput = lecture
    ? { ...lecture, targetSchool: lecture.targetSchool ?? '', targetGrade: lecture.targetGrade ?? '', room: lecture.room ?? '' }
    : blank();
  return (
    <FormDialog
      title={lecture ? '강좌 수정' : '강좌 추가'}
      schema={lectureBody}
      defaultValues={defaults}
      maxWidth="md"
      testId="lecture-form"
      submitTestId="lecture-save"
      onClose={onClose}
      onSubmit={async (values) => {
        const body = { ...values, targetSchool: values.targetSchool?.trim() || null, targetGrade: values.targetGrade?.trim() || null, room: values.room?.trim() || null };
        if (lecture) await update.mutateAsync({ params: { id: lecture.id }, body });
        else await create.mutateAsync({ body });
        toast.success(lecture ? '강좌를 수정했습니다' : '강좌를 만들었습니다. 시간표대로 회차가 생성되었습니다');
      }}
      footnote={
        lecture && (
          <Typography variant="caption" color="textSecondary">
            시간표나 기간을 바꾸면 오늘 이후의 정규 회차가 새 시간표에 맞게 바뀝니다. 출결이나 공지가 있는 회차와 지난 회차는 그대로 남습니다.
          </Typography>
        )
      }
    >
      {() => (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: '2fr 1fr 1fr', gap: 2 }}>
            <FormTextField name="name" label="강좌명" required slotProps={{ htmlInput: { 'data-testid': 'lecture-name', maxLength: 100 } }} />
            <FormTextField name="subject" label="과목" required slotProps={{ htmlInput: { 'data-testid': 'lecture-subject', maxLength: 30 } }} />
            <FormTextField name="teacherName" label="담당 강사" required slotProps={{ htmlInput: { 'data-testid': 'lecture-teacher', maxLength: 30 } }} />
          </Box>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr) repeat(2, minmax(190px, 1.4fr))', gap: 2 }}>
            <FormTextField name="targetSchool" label="대상 학교" />
            <FormTextField name="targetGrade" label="대상 학년" placeholder="고2" />
            <FormTextField name="room" label="강의실" placeholder="301호" />
            <FormDateInput<LectureInput> name="startDate" label="개강일" required testId="lecture-start" />
            <FormDateInput<LectureInput> name="endDate" label="종강일" required testId="lecture-end" />
          </Box>
          <ScheduleRows />
          {/* Public holidays are skipped when sessions are made, unless the lecture keeps them (docs/lectures.md). */}
          <FormToggle name="keepHolidays" kind="checkbox" testId="lecture-keep-holidays" label="공휴일에도 수업 (끄면 설날·추석·대체공휴일 등 공휴일에는 회차를 만들지 않습니다)" />
          {/* 공개: shown on the public landing page only when switched on; new lectures start private (docs/lectures.md). */}
          <FormToggle name="isPublic" kind="switch" testId="lecture-public" label="공개 (켜면 홈페이지 강좌 안내에 보입니다)" />
          <ColorChoice />
        </>
      )}
    </FormDialog>
  );
}
