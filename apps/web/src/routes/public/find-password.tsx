import { Alert, Box, Button, Link, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useFindPassword } from '../../features/auth/api/find-password.ts';
import { errorMessage } from '../../lib/http.ts';
import { AuthCard } from './auth-card.tsx';

/** POST /api/auth/find-password: the server answers the same neutral message whether the account exists or not. */
export default function FindPasswordPage() {
  const [loginId, setLoginId] = useState('');
  const [phone, setPhone] = useState('');
  const mutation = useFindPassword();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!loginId.trim() || !phone.trim()) return;
    mutation.mutate({ body: { loginId: loginId.trim(), phone: phone.trim() } });
  };

  return (
    <AuthCard title="비밀번호 찾기" subtitle="아이디와 계정에 등록된 휴대전화 번호를 입력하면 비밀번호 재설정 링크를 문자로 보내 드립니다. 링크는 30분 동안 한 번만 사용할 수 있습니다.">
      {mutation.isSuccess ? (
        <Stack spacing={2}>
          <Alert severity="success" data-testid="find-password-done">
            {mutation.data.message ?? '입력한 정보가 등록된 계정과 일치하면 비밀번호 재설정 링크를 문자로 보냈습니다'}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
            로그인으로 돌아가기
          </Button>
        </Stack>
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <Stack spacing={2}>
            <TextField label="아이디" size="medium" autoFocus fullWidth value={loginId} onChange={(e) => setLoginId(e.target.value)} autoComplete="username" />
            <TextField
              label="휴대전화 번호"
              size="medium"
              fullWidth
              type="tel"
              placeholder="010-1234-5678"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              autoComplete="tel"
              slotProps={{ htmlInput: { inputMode: 'tel', 'data-testid': 'find-password-phone' } }}
            />
            {mutation.isError && <Alert severity="error">{errorMessage(mutation.error)}</Alert>}
            <Button type="submit" variant="contained" size="large" fullWidth disabled={mutation.isPending || !loginId.trim() || !phone.trim()}>
              재설정 링크 받기
            </Button>
            <Link component={RouterLink} to="/login" underline="hover" variant="body2" sx={{ alignSelf: 'center' }}>
              로그인으로 돌아가기
            </Link>
          </Stack>
        </Box>
      )}
    </AuthCard>
  );
}
