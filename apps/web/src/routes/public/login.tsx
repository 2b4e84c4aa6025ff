import { landingPath } from '@academy/contracts/roles';
import { Alert, Box, Button, Link, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router';
import type { FromState } from '../../app/guards.tsx';
import { errorMessage } from '../../lib/http.ts';
import { login, useSession } from '../../lib/session.ts';
import { AuthCard } from './auth-card.tsx';

function returnPath(state: unknown): string | null {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname || from.pathname === '/login') return null;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/**
 * SPEC §2: a signed-in visitor is sent on — back to where the guard stopped them, else to their role's
 * landing page; the page itself only needs to sign in.
 */
export default function LoginPage() {
  const { principal } = useSession();
  const location = useLocation();
  const [loginId, setLoginId] = useState('');
  const [password, setPassword] = useState('');
  // The form shows the server's answer itself (wrong password, too many tries), not as a toast.
  const mutation = useMutation({ mutationFn: login, meta: { errorToast: false } });

  if (principal) return <Navigate to={returnPath(location.state) ?? landingPath(principal)} replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!loginId.trim() || !password) return;
    mutation.mutate({ loginId: loginId.trim(), password });
  };

  return (
    <AuthCard title="로그인" subtitle="학원에서 받은 아이디와 비밀번호로 로그인하세요.">
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <TextField
            label="아이디"
            name="loginId"
            autoComplete="username"
            autoFocus
            fullWidth
            size="medium"
            value={loginId}
            onChange={(e) => setLoginId(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'login-id', autoCapitalize: 'none', spellCheck: false } }}
          />
          <TextField
            label="비밀번호"
            name="password"
            type="password"
            autoComplete="current-password"
            fullWidth
            size="medium"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'login-password' } }}
          />
          {mutation.isError && (
            <Alert severity="error" data-testid="login-error">
              {errorMessage(mutation.error)}
            </Alert>
          )}
          <Button type="submit" variant="contained" size="large" fullWidth disabled={mutation.isPending || !loginId.trim() || !password} data-testid="login-submit">
            로그인
          </Button>
          <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
            <Link component={RouterLink} to="/" underline="hover" variant="body2" color="text.secondary">
              학원 홈으로
            </Link>
            <Link component={RouterLink} to="/find-password" underline="hover" variant="body2">
              비밀번호 찾기
            </Link>
          </Box>
        </Stack>
      </Box>
    </AuthCard>
  );
}
