import { isValidPassword, PASSWORD_RULE_TEXT } from '@academy/contracts/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';
import { useChangeOwnPassword } from './api/change-password.ts';

const formSchema = z
  .object({
    currentPassword: z.string().min(1, '현재 비밀번호를 입력해 주세요'),
    newPassword: z.string().refine(isValidPassword, PASSWORD_RULE_TEXT),
    confirm: z.string(),
  })
  .refine((v) => v.newPassword === v.confirm, { path: ['confirm'], message: '새 비밀번호가 서로 다릅니다' })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ['newPassword'], message: '현재 비밀번호와 다른 비밀번호를 입력해 주세요' });
type FormValues = z.infer<typeof formSchema>;

export function ChangePasswordDialog({ userId, open, onClose }: { userId: number | undefined; open: boolean; onClose: () => void }) {
  const { register, handleSubmit, reset, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirm: '' },
  });
  const mutation = useChangeOwnPassword();
  const submit = (v: FormValues) =>
    mutation.mutate({ params: { id: userId ?? 0 }, body: { currentPassword: v.currentPassword, newPassword: v.newPassword } }, {
      onSuccess: () => {
        toast.success('비밀번호를 변경했습니다');
        close();
      },
    });
  const close = () => {
    reset();
    mutation.reset();
    onClose();
  };
  const { errors } = formState;
  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth>
      <form onSubmit={handleSubmit(submit)} noValidate>
        <DialogTitle>비밀번호 변경</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="현재 비밀번호" type="password" autoComplete="current-password" autoFocus {...register('currentPassword')} error={!!errors.currentPassword} helperText={errors.currentPassword?.message} />
            <TextField label="새 비밀번호" type="password" autoComplete="new-password" {...register('newPassword')} error={!!errors.newPassword} helperText={errors.newPassword?.message} />
            <TextField label="새 비밀번호 확인" type="password" autoComplete="new-password" {...register('confirm')} error={!!errors.confirm} helperText={errors.confirm?.message} />
            <Typography variant="caption" color="textSecondary">
              {PASSWORD_RULE_TEXT}
            </Typography>
            {mutation.isError && <Alert severity="error">{errorMessage(mutation.error)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close}>취소</Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending || userId === undefined}>
            변경
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
