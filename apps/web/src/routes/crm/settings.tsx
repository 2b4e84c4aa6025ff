import { hasPermission } from '@academy/contracts/roles';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import { Box, ListItemButton, ListItemText, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { Section } from '../../components/section.tsx';
import { AttendanceTypeSettings } from '../../features/lectures/attendance-type-settings.tsx';
import { ErrorLogList } from '../../features/system/error-log-list.tsx';
import { useSession } from '../../lib/session.ts';

/** The other areas' settings pages, reached from here too; an area adding settings adds its line. */
const ELSEWHERE = [
  { to: '/crm/sms/settings', title: '문자 설정', text: '발신 이름, 수신거부 안내, 자동 문자, 정기 발송', admin: false },
  { to: '/crm/push-alert-templates', title: '알림 템플릿', text: '문자·알림에 쓰는 문구', admin: true },
  { to: '/crm/tags', title: '태그', text: '학생에게 붙이는 태그와 순서', admin: false },
  { to: '/crm/exam-templates', title: '시험 템플릿', text: '주간 시험의 문항 구성과 정답', admin: false },
  { to: '/crm/admin/wage-types', title: '근무 유형', text: '조교 시급 유형', admin: true },
];

/**
 * /crm/settings — the center's settings in one place: attendance types, the client error log
 * (admins), and links to the settings other areas keep on their own pages.
 */
export default function CrmSettingsPage() {
  const { principal } = useSession();
  const isAdmin = hasPermission(principal, 'ADMIN');
  return (
    <Box>
      <PageHeader title="설정" description="학원 운영에 쓰는 설정을 한곳에서 관리합니다." />
      <Stack spacing={2}>
        <Section title="출결 유형" testId="settings-attendance-types">
          <AttendanceTypeSettings canEdit={isAdmin} />
        </Section>
        <Section title="다른 설정" testId="settings-links">
          <Stack component="nav" aria-label="다른 설정">
            {ELSEWHERE.filter((l) => isAdmin || !l.admin).map((l) => (
              <ListItemButton key={l.to} component={RouterLink} to={l.to} sx={{ borderRadius: 1 }}>
                <ListItemText primary={l.title} secondary={l.text} />
                <ChevronRightOutlined color="action" />
              </ListItemButton>
            ))}
          </Stack>
        </Section>
        {isAdmin && (
          <Section title="오류 기록" testId="settings-error-logs">
            <ErrorLogList />
          </Section>
        )}
      </Stack>
    </Box>
  );
}
