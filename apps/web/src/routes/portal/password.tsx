import { Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { Section } from '../../components/section.tsx';
import { OwnPasswordForm } from '../../features/account/own-password-form.tsx';

/** /portal/password: the student changes their own password. */
export default function PortalPasswordPage() {
  const navigate = useNavigate();
  return (
    <Section title="비밀번호 변경" testId="portal-password">
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        현재 비밀번호를 확인한 뒤 새 비밀번호로 바꿉니다.
      </Typography>
      <OwnPasswordForm onDone={() => navigate('/portal')} />
    </Section>
  );
}
