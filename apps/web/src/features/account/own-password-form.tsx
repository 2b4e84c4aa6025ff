import { isValidPassword, PASSWORD_RULE_TEXT } from '@academy/contracts/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage, fieldIssues } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';
import { useChangeOwnPasswordSp } from './api/change-own-password.ts';

const formSchema = z
  .object({
    currentPassword: z.string().min(1, '현재 비밀번호를 입력해 주세요'),
    newPassword: z.string().refine(isValidPassword, PASSWORD_RULE_TEXT),
    confirm: z.string(),
  })
  .refine((v) => v.newPassword === v.confirm, { path: ['confirm'], message: '새 비밀번호가 서로 다릅니다' })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ['newPassword'], message: '현재 비밀번호와 다른 비밀번호를 입력해 주세요' });
type FormValues = z.infer<typeof formSchema>;

/** The student's own password change (/sp/change-password): current, new and its confirmation. */
export function OwnPasswordForm({ onDone }: { onDone: () => void }) {
  const { register, handleSubmit, setError, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirm: '' },
  });
  const mutation = useChangeOwnPasswordSp();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      await mutation.mutateAsync({ body: { currentPassword: v.currentPassword, newPassword: v.newPassword } });
      toast.success('비밀번호를 변경했습니다');
      onDone();
    } catch (err) {
      const issues = fieldIssues(err);
      for (const i of issues) setError(i.path as Path<FormValues>, { type: 'server', message: i.message }, { shouldFocus: true });
      if (issues.length === 0) setFormError(errorMessage(err));
    }
  });
  const { errors } = formState;
  return (
    <form onSubmit={submit} noValidate data-testid="own-password-form">
      <Stack spacing={2}>
        <TextField label="현재 비밀번호" type="password" autoComplete="current-password" {...register('currentPassword')} error={!!errors.currentPassword} helperText={errors.currentPassword?.message} />
        <TextField label="새 비밀번호" type="password" autoComplete="new-password" {...register('newPassword')} error={!!errors.newPassword} helperText={errors.newPassword?.message} />
        <TextField label="새 비밀번호 확인" type="password" autoComplete="new-password" {...register('confirm')} error={!!errors.confirm} helperText={errors.confirm?.message} />
        <Typography variant="caption" color="textSecondary">
          {PASSWORD_RULE_TEXT} 초기 비밀번호(전화번호 끝 4자리 + 아이디)는 쓸 수 없습니다.
        </Typography>
        {formError && <Alert severity="error">{formError}</Alert>}
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting} data-testid="own-password-submit">
          비밀번호 변경
        </Button>
      </Stack>
    </form>
  );
}
