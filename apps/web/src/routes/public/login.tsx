import { landingPath } from '@academy/contracts/roles';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import type { FromState } from '../../app/guards.tsx';
import { Button } from '../../components/light/button.tsx';
import { ErrorAlert } from '../../components/light/feedback.tsx';
import { TextField } from '../../components/light/text-field.tsx';
import { errorMessage } from '../../lib/http.ts';
import { login, useSession } from '../../lib/session.ts';
import { AuthCard } from './auth-card.tsx';
import s from './auth-card.module.css';

function returnPath(state: unknown): string | null {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname || from.pathname === '/login') return null;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/**
 * Drawn with the app's own CSS (no MUI): every student's first visit goes through this page.
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
      <form onSubmit={submit} noValidate className={s.form}>
        <TextField
          label="아이디"
          name="loginId"
          autoComplete="username"
          autoFocus
          value={loginId}
          onChange={(e) => setLoginId(e.target.value)}
          autoCapitalize="none"
          spellCheck={false}
          data-testid="login-id"
        />
        <TextField
          label="비밀번호"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          data-testid="login-password"
        />
        {mutation.isError && <ErrorAlert data-testid="login-error">{errorMessage(mutation.error)}</ErrorAlert>}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={mutation.isPending || !loginId.trim() || !password} data-testid="login-submit">
          로그인
        </Button>
        <div className={s.links}>
          <Link to="/">학원 홈으로</Link>
          <Link to="/find-password">비밀번호 찾기</Link>
        </div>
      </form>
    </AuthCard>
  );
}
