import { formatPhone } from '@academy/contracts/format';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { Alert, Box, Card, CardContent, List, ListItem, ListItemIcon, ListItemText, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { meQuery } from '../../features/auth/api/me.ts';
import { errorMessage } from '../../lib/http.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { formatKoreanDate } from '@academy/contracts/format';

function greeting(hour: number): string {
  if (hour < 12) return '좋은 아침이에요';
  if (hour < 18) return '오늘도 힘내세요';
  return '오늘 하루도 수고했어요';
}

/** The student's first page: who is signed in and the account details on file. */
export default function PortalHomePage() {
  const me = useQuery(meQuery());
  const now = dayjs();

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Card elevation={0} sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', borderRadius: 2 }}>
        <CardContent sx={{ p: 3 }}>
          <Typography variant="body2" sx={{ opacity: 0.8 }}>
            {formatKoreanDate(now.toDate())}
          </Typography>
          {me.data ? (
            <Typography variant="h5" component="h1" sx={{ mt: 1, fontWeight: 800 }} data-testid="portal-greeting">
              {me.data.name}님, {greeting(now.hour())}
            </Typography>
          ) : (
            <Skeleton variant="text" width="60%" sx={{ mt: 1, fontSize: 28, bgcolor: 'rgba(255,255,255,0.2)' }} />
          )}
          <Typography variant="body2" sx={{ mt: 1, opacity: 0.85 }}>
            수업, 성적, 클리닉 소식을 이곳에서 확인할 수 있어요.
          </Typography>
        </CardContent>
      </Card>

      <Card variant="outlined" sx={{ borderRadius: 2 }}>
        <CardContent sx={{ pb: '8px !important' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
            내 정보
          </Typography>
          {me.isError && <Alert severity="error">{errorMessage(me.error)}</Alert>}
          {me.isPending && <Skeleton height={120} />}
          {me.data && (
            <List dense disablePadding>
              <ListItem disableGutters>
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <PersonOutlined color="primary" />
                </ListItemIcon>
                <ListItemText primary="이름" secondary={me.data.name} slotProps={{ primary: { variant: 'caption', color: 'text.secondary' }, secondary: { variant: 'body1', color: 'text.primary' } }} />
              </ListItem>
              <ListItem disableGutters>
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <BadgeOutlined color="primary" />
                </ListItemIcon>
                <ListItemText primary="아이디" secondary={me.data.loginId} slotProps={{ primary: { variant: 'caption', color: 'text.secondary' }, secondary: { variant: 'body1', color: 'text.primary' } }} />
              </ListItem>
              <ListItem disableGutters>
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <PhoneIphoneOutlined color="primary" />
                </ListItemIcon>
                <ListItemText
                  primary="휴대전화"
                  secondary={me.data.phone ? formatPhone(me.data.phone) : '등록된 번호가 없습니다'}
                  slotProps={{ primary: { variant: 'caption', color: 'text.secondary' }, secondary: { variant: 'body1', color: 'text.primary' } }}
                />
              </ListItem>
            </List>
          )}
        </CardContent>
      </Card>
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center', px: 2 }}>
        정보가 바뀌었다면 학원 데스크나 담당 조교에게 알려 주세요.
      </Typography>
    </Box>
  );
}
