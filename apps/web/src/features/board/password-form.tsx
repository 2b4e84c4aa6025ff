import { BOARD_ERRORS } from '@academy/contracts/board';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../lib/http.ts';

/** Asks for a post's password (a 비밀글 to read, a visitor's post to change); the caller checks it. */
export function PasswordForm(props: { title: string; description: string; submitLabel: string; onSubmit: (password: string) => Promise<unknown>; testId?: string }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        props
          .onSubmit(password)
          .catch((err: unknown) => setError(isApiError(err, BOARD_ERRORS.wrong_password) ? '비밀번호가 맞지 않습니다' : errorMessage(err)))
          .finally(() => setBusy(false));
      }}
      data-testid={props.testId}
    >
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <LockOutlined color="action" aria-hidden />
          <Typography variant="h6" component="h2">{props.title}</Typography>
        </Stack>
        <Typography color="textSecondary">{props.description}</Typography>
        <TextField
          type="password"
          label="비밀번호"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={!!error}
          helperText={error}
          autoComplete="current-password"
          slotProps={{ htmlInput: { 'data-testid': 'board-password', maxLength: 64 } }}
          sx={{ width: '100%', maxWidth: 320 }}
        />
        <Button type="submit" variant="contained" disabled={!password || busy} data-testid="board-password-submit">{props.submitLabel}</Button>
        {error && <Alert severity="warning" sx={{ display: 'none' }}>{error}</Alert>}
      </Stack>
    </Box>
  );
}
