import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MuiTheme } from '../../components/mui-theme.tsx';
import { dismissPasswordPrompt, passwordPromptDismissed } from '../../lib/password-prompt.ts';

/**
 * Asks a student still on the initial password (phone's last four digits + login id) to change it.
 * "다음에" hides it until the next sign-in; the question comes back at every sign-in until changed.
 * The portal's frame is drawn without MUI, so the dialog brings its MUI theme along.
 */
export default function InitialPasswordPrompt({ passwordIsInitial, changePath }: { passwordIsInitial: boolean; changePath: string }) {
  const navigate = useNavigate();
  const [dismissed, setDismissed] = useState(passwordPromptDismissed);
  const open = passwordIsInitial && !dismissed;
  const later = () => {
    dismissPasswordPrompt();
    setDismissed(true);
  };
  return (
    <MuiTheme>
      <Dialog open={open} onClose={later} maxWidth="xs" fullWidth data-testid="initial-password-prompt">
        <DialogTitle>비밀번호를 바꿔 주세요</DialogTitle>
        <DialogContent>
          <DialogContentText>
            지금 비밀번호는 처음 받은 초기 비밀번호(전화번호 끝 4자리 + 아이디)예요. 다른 사람이 짐작하기 쉬우니 나만 아는 비밀번호로 바꿔 주세요.
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={later} data-testid="initial-password-later">다음에</Button>
          <Button
            variant="contained"
            data-testid="initial-password-change"
            onClick={() => {
              later();
              navigate(changePath);
            }}
          >
            지금 변경
          </Button>
        </DialogActions>
      </Dialog>
    </MuiTheme>
  );
}
