import { STUDENT_GRADES } from '@academy/contracts/students';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/http.ts';
import { createStudent, type Student } from './students-api.ts';

const EMPTY = { name: '', loginId: '', phone: '', parentPhone: '', school: '', grade: '', password: '' };

/** New student: Enter saves, Esc cancels, Tab moves between fields in reading order. */
export function StudentCreateDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (s: Student) => void }) {
  const [form, setForm] = useState(EMPTY);
  const save = useMutation({
    mutationFn: () =>
      createStudent({
        name: form.name,
        loginId: form.loginId,
        phone: form.phone || null,
        parentPhone: form.parentPhone || null,
        school: form.school || null,
        grade: form.grade || null,
        ...(form.password ? { password: form.password } : {}),
      }),
    onSuccess: (s) => {
      setForm(EMPTY);
      onCreated(s);
    },
  });
  const field = (key: keyof typeof EMPTY) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
    size: 'small' as const,
    fullWidth: true,
  });
  const close = () => {
    save.reset();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <DialogTitle>학생 등록</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            {save.error && <Alert severity="error">{errorMessage(save.error)}</Alert>}
            <Stack direction="row" spacing={2}>
              <TextField label="이름" required autoFocus {...field('name')} />
              <TextField label="아이디" required {...field('loginId')} />
            </Stack>
            <Stack direction="row" spacing={2}>
              <TextField label="학생 전화번호" placeholder="010-1234-5678" {...field('phone')} />
              <TextField label="학부모 전화번호" placeholder="010-1234-5678" {...field('parentPhone')} />
            </Stack>
            <Stack direction="row" spacing={2}>
              <TextField label="학교" {...field('school')} />
              <TextField label="학년" select {...field('grade')}>
                <MenuItem value="">선택 안 함</MenuItem>
                {STUDENT_GRADES.map((g) => (
                  <MenuItem key={g} value={g}>{g}</MenuItem>
                ))}
              </TextField>
            </Stack>
            <TextField label="비밀번호" type="password" helperText="비우면 학생 전화번호 끝 4자리 + 아이디" {...field('password')} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>취소</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>등록</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
