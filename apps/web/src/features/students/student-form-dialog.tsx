import { createStudentBody, STUDENT_GRADES, type Student } from '@academy/contracts/students';
import { MenuItem, Stack, TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog, FormTextField, useFieldError } from '../../components/form-dialog.tsx';
import { useCreateStudent } from './api/create-student.ts';

/** The registration form: the contract's body, with an empty password meaning "the initial one". */
const formSchema = createStudentBody.extend({
  password: z.preprocess((v) => (v === '' ? undefined : v), createStudentBody.shape.password),
});
type FormInput = z.input<typeof formSchema>;

const EMPTY: FormInput = { name: '', loginId: '', phone: '', parentPhone: '', school: '', grade: '', password: '' };

function GradeField() {
  const error = useFieldError('grade');
  return (
    <Controller<FormInput>
      name="grade"
      render={({ field }) => (
        <TextField label="학년" select size="small" fullWidth {...field} value={field.value ?? ''} error={!!error} helperText={error}>
          <MenuItem value="">선택 안 함</MenuItem>
          {STUDENT_GRADES.map((g) => (
            <MenuItem key={g} value={g}>{g}</MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** New student: Enter saves, Esc cancels, Tab moves between fields in reading order. The server's refusals land on their fields. */
export function StudentCreateDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (s: Student) => void }) {
  const create = useCreateStudent();
  if (!open) return null;
  const field = { size: 'small' as const, fullWidth: true };
  return (
    <FormDialog
      title="학생 등록"
      schema={formSchema}
      defaultValues={EMPTY}
      submitLabel="등록"
      testId="student-create-dialog"
      onClose={onClose}
      onSubmit={async (body) => onCreated(await create.mutateAsync({ body }))}
    >
      {() => (
        <>
          <Stack direction="row" spacing={2}>
            <FormTextField<FormInput> name="name" label="이름" required autoFocus {...field} />
            <FormTextField<FormInput> name="loginId" label="아이디" required {...field} />
          </Stack>
          <Stack direction="row" spacing={2}>
            <FormTextField<FormInput> name="phone" label="학생 전화번호" placeholder="010-1234-5678" {...field} />
            <FormTextField<FormInput> name="parentPhone" label="학부모 전화번호" placeholder="010-1234-5678" {...field} />
          </Stack>
          <Stack direction="row" spacing={2}>
            <FormTextField<FormInput> name="school" label="학교" {...field} />
            <GradeField />
          </Stack>
          <FormTextField<FormInput> name="password" label="비밀번호" type="password" helperText="비우면 학생 전화번호 끝 4자리 + 아이디" {...field} />
        </>
      )}
    </FormDialog>
  );
}
