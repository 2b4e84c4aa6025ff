import { isValidPassword, PASSWORD_RULE_TEXT } from '@academy/contracts/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useParams } from 'react-router';
import { z } from 'zod';
import { useResetLink } from '../../features/auth/api/reset-link.ts';
import { useResetPassword } from '../../features/auth/api/reset-password.ts';
import { ApiError, errorMessage } from '../../lib/http.ts';
import { AuthCard } from './auth-card.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXPIRED_TEXT = '비밀번호 재설정 링크가 만료되었거나 이미 사용되었습니다. 비밀번호 찾기에서 다시 요청해 주세요.';

const formSchema = z
  .object({ newPassword: z.string().refine(isValidPassword, PASSWORD_RULE_TEXT), confirm: z.string() })
  .refine((v) => v.newPassword === v.confirm, { path: ['confirm'], message: '비밀번호가 서로 다릅니다' });
type FormValues = z.infer<typeof formSchema>;

/** /link/reset-password/:uuid — the page the SMS link opens. */
export default function ResetPasswordPage() {
  const { uuid = '' } = useParams();
  const validShape = UUID.test(uuid);
  const link = useResetLink(uuid, { enabled: validShape });
  const { register, handleSubmit, formState } = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { newPassword: '', confirm: '' } });
  const reset = useResetPassword();

  const expired = !validShape || (link.error instanceof ApiError && link.error.status >= 400 && link.error.status < 500);

  return (
    <AuthCard title="비밀번호 재설정">
      {link.isPending && validShape && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress />
        </Box>
      )}
      {expired && (
        <Stack spacing={2}>
          <Alert severity="warning" data-testid="reset-expired">
            {EXPIRED_TEXT}
          </Alert>
          <Button component={RouterLink} to="/find-password" variant="contained" size="large">
            비밀번호 찾기
          </Button>
        </Stack>
      )}
      {link.isError && !expired && <Alert severity="error">{errorMessage(link.error)}</Alert>}
      {link.data && reset.isSuccess && (
        <Stack spacing={2}>
          <Alert severity="success">비밀번호를 변경했습니다. 새 비밀번호로 로그인해 주세요.</Alert>
          <Button component={RouterLink} to="/login" variant="contained" size="large">
            로그인하기
          </Button>
        </Stack>
      )}
      {link.data && !reset.isSuccess && (
        <Box component="form" onSubmit={handleSubmit((v) => reset.mutate({ body: { uuid, newPassword: v.newPassword } }))} noValidate>
          <Stack spacing={2}>
            <Typography variant="body2" color="textSecondary">
              아이디 <strong data-testid="reset-login-id">{link.data.loginId}</strong> 의 새 비밀번호를 입력해 주세요.
            </Typography>
            <TextField label="새 비밀번호" type="password" size="medium" autoComplete="new-password" autoFocus {...register('newPassword')} error={!!formState.errors.newPassword} helperText={formState.errors.newPassword?.message ?? PASSWORD_RULE_TEXT} />
            <TextField label="새 비밀번호 확인" type="password" size="medium" autoComplete="new-password" {...register('confirm')} error={!!formState.errors.confirm} helperText={formState.errors.confirm?.message} />
            {reset.isError && <Alert severity="error">{errorMessage(reset.error)}</Alert>}
            <Button type="submit" variant="contained" size="large" disabled={reset.isPending}>
              비밀번호 변경
            </Button>
          </Stack>
        </Box>
      )}
    </AuthCard>
  );
}
