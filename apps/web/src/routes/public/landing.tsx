import { formatKoreanDate } from '@academy/contracts/format';
import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import DirectionsBusOutlined from '@mui/icons-material/DirectionsBusOutlined';
import DirectionsSubwayOutlined from '@mui/icons-material/DirectionsSubwayOutlined';
import LocalParkingOutlined from '@mui/icons-material/LocalParkingOutlined';
import PhoneInTalkOutlined from '@mui/icons-material/PhoneInTalkOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { Avatar, Box, Button, Card, CardContent, Chip, Container, Divider, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { CENTER_NAME } from '../../components/brand.tsx';
import { CENTER_INFO } from './center-info.ts';
import { usePublicCenter } from '../../features/center/api/public-center.ts';
import { NOTICES, STRENGTHS } from './landing-data.ts';

function Section({ id, eyebrow, title, children, tinted = false }: { id: string; eyebrow: string; title: string; children: ReactNode; tinted?: boolean }) {
  return (
    <Box component="section" id={id} sx={{ py: { xs: 7, md: 10 }, bgcolor: tinted ? '#f3f7f3' : 'background.paper', scrollMarginTop: 64 }}>
      <Container maxWidth="lg">
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: '0.12em' }}>
          {eyebrow}
        </Typography>
        <Typography variant="h4" component="h2" sx={{ mb: { xs: 3, md: 5 }, fontSize: { xs: 26, md: 34 }, letterSpacing: '-0.02em' }}>
          {title}
        </Typography>
        {children}
      </Container>
    </Box>
  );
}

function Hero({ name }: { name: string }) {
  return (
    <Box sx={{ position: 'relative', overflow: 'hidden', color: 'common.white', background: 'linear-gradient(135deg, #0f2e12 0%, #1b5e20 55%, #2e7d32 100%)' }}>
      <Box aria-hidden sx={{ position: 'absolute', right: { xs: -120, md: -40 }, top: -80, width: 420, height: 420, borderRadius: '50%', bgcolor: 'rgba(255,255,255,0.06)' }} />
      <Box aria-hidden sx={{ position: 'absolute', right: { xs: -60, md: 160 }, bottom: -140, width: 300, height: 300, borderRadius: '50%', bgcolor: 'rgba(249,168,37,0.12)' }} />
      <Container maxWidth="lg" sx={{ position: 'relative', py: { xs: 8, md: 14 } }}>
        <Chip label="2027학년도 겨울방학 특강 접수 중" sx={{ bgcolor: 'rgba(255,255,255,0.14)', color: 'common.white', fontWeight: 600, mb: 3 }} />
        <Typography variant="h2" component="h1" sx={{ fontSize: { xs: 34, sm: 44, md: 56 }, lineHeight: 1.2, letterSpacing: '-0.03em', wordBreak: 'keep-all' }}>
          공부는 매일 조금씩,
          <br />
          <span data-testid="landing-center-name">{name}</span>에서 끝까지.
        </Typography>
        <Typography sx={{ mt: 3, maxWidth: 560, fontSize: { xs: 16, md: 18 }, opacity: 0.88, lineHeight: 1.8, wordBreak: 'keep-all' }}>
          노원역 앞에서 9년째, 중등 내신부터 고3 수능까지. 주차별 테스트와 1:1 클리닉, 학부모 문자 리포트로 성적이 오르는 과정을 함께 확인합니다.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4 }}>
          <Button href="#contact" size="large" variant="contained" color="secondary" startIcon={<PhoneInTalkOutlined />} sx={{ color: '#1b1b1b', px: 3 }}>
            상담 신청하기
          </Button>
          <Button component={RouterLink} to="/login" size="large" variant="outlined" endIcon={<ArrowForwardOutlined />} sx={{ color: 'common.white', borderColor: 'rgba(255,255,255,0.5)', px: 3 }}>
            재원생 로그인
          </Button>
        </Stack>
        <Stack direction="row" spacing={{ xs: 3, md: 6 }} sx={{ mt: { xs: 6, md: 8 } }} divider={<Divider orientation="vertical" flexItem sx={{ borderColor: 'rgba(255,255,255,0.2)' }} />}>
          {[
            ['9년', '노원 지역 운영'],
            ['12명', '반별 최대 정원'],
            ['주 1회', '개인 클리닉'],
          ].map(([num, label]) => (
            <Box key={label}>
              <Typography sx={{ fontSize: { xs: 22, md: 30 }, fontWeight: 800 }}>{num}</Typography>
              <Typography variant="body2" sx={{ opacity: 0.75 }}>
                {label}
              </Typography>
            </Box>
          ))}
        </Stack>
      </Container>
    </Box>
  );
}

/** The header's section links arrive as /#courses; the router does not scroll to hashes by itself. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [hash]);
}

export default function LandingPage() {
  useScrollToHash();
  const center = usePublicCenter();
  return (
    <>
      <Hero name={center.data?.name ?? CENTER_NAME} />

      <Box sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="lg" sx={{ py: { xs: 4, md: 5 } }}>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
            {STRENGTHS.map((s, i) => (
              <Stack key={s.title} direction="row" spacing={2}>
                <Avatar sx={{ bgcolor: '#e8f2e8', color: 'primary.main', fontWeight: 800 }}>{i + 1}</Avatar>
                <Box>
                  <Typography sx={{ fontWeight: 700 }}>{s.title}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'keep-all' }}>
                    {s.body}
                  </Typography>
                </Box>
              </Stack>
            ))}
          </Box>
        </Container>
      </Box>

      <Section id="courses" eyebrow="COURSES" title="강좌 안내" tinted>
        {center.isPending && <Skeleton height={160} />}
        {center.isError && <Typography color="text.secondary">강좌 안내를 불러오지 못했습니다. 전화로 문의해 주세요.</Typography>}
        {center.data?.courses.length === 0 && <Typography color="text.secondary">지금 모집 중인 강좌가 없습니다. 다음 학기 강좌는 전화로 문의해 주세요.</Typography>}
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}>
          {center.data?.courses.map((c) => (
            <Card key={c.id} elevation={0} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, display: 'flex', flexDirection: 'column' }} data-testid="landing-course">
              <CardContent sx={{ p: 3, flexGrow: 1, display: 'flex', flexDirection: 'column' }}>
                <Stack direction="row" spacing={0.75}>
                  {c.targetGrade && <Chip label={c.targetGrade} size="small" color="primary" sx={{ fontWeight: 700 }} />}
                  <Chip label={c.subject} size="small" variant="outlined" />
                </Stack>
                <Typography variant="h6" component="h3" sx={{ mt: 1.5, wordBreak: 'keep-all' }}>
                  {c.name}
                </Typography>
                <Stack direction="row" spacing={0.75} sx={{ mt: 1, alignItems: 'center', color: 'text.secondary' }}>
                  <AccessTimeOutlined sx={{ fontSize: 16 }} />
                  <Typography variant="body2">{c.schedule}</Typography>
                </Stack>
                <Typography variant="body2" sx={{ mt: 1.5 }}>
                  {c.teacherName} 선생님
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Section>

      <Section id="teachers" eyebrow="TEACHERS" title="강사진">
        {center.data?.teachers.length === 0 && <Typography color="text.secondary">강사진 소개를 준비하고 있습니다.</Typography>}
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {center.data?.teachers.map((t) => (
            <Card key={t.name} elevation={0} sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }} data-testid="landing-teacher">
              <CardContent sx={{ p: 3 }}>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                  <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontSize: 22, fontWeight: 700 }}>{t.name.slice(0, 1)}</Avatar>
                  <Box>
                    <Typography variant="h6" component="h3">
                      {t.name} 선생님
                    </Typography>
                    <Typography variant="body2" color="primary" sx={{ fontWeight: 600 }}>
                      {t.subjects.join(' · ')}
                    </Typography>
                  </Box>
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                  {center.data.courses.filter((c) => c.teacherName === t.name).map((c) => c.name).join(', ')}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Section>

      <Section id="notices" eyebrow="NOTICE" title="학원 소식" tinted>
        <Card elevation={0} sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
          <List disablePadding>
            {NOTICES.map((n, i) => (
              <ListItem key={n.title} divider={i < NOTICES.length - 1} sx={{ px: { xs: 2, md: 3 }, py: 2, gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
                <Chip label={n.badge} size="small" variant="outlined" color="primary" sx={{ minWidth: 64 }} />
                <ListItemText primary={n.title} slotProps={{ primary: { sx: { fontWeight: 600, wordBreak: 'keep-all' } } }} />
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {formatKoreanDate(n.date)}
                </Typography>
              </ListItem>
            ))}
          </List>
        </Card>
      </Section>

      <Section id="location" eyebrow="LOCATION" title="오시는 길">
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1.2fr 1fr' } }}>
          <Box
            aria-label="학원 위치 약도"
            role="img"
            sx={{ minHeight: 280, borderRadius: 2, position: 'relative', overflow: 'hidden', bgcolor: '#e6efe6', backgroundImage: 'linear-gradient(#d5e3d5 2px, transparent 2px), linear-gradient(90deg, #d5e3d5 2px, transparent 2px)', backgroundSize: '48px 48px' }}
          >
            <Box sx={{ position: 'absolute', left: 0, right: 0, top: '55%', height: 22, bgcolor: '#ffffff', boxShadow: 1 }} />
            <Typography variant="caption" sx={{ position: 'absolute', left: 16, top: 'calc(55% + 2px)', fontWeight: 700, color: 'text.secondary' }}>
              동일로
            </Typography>
            <Box sx={{ position: 'absolute', left: '30%', top: 0, bottom: 0, width: 18, bgcolor: '#ffffff', boxShadow: 1 }} />
            <Chip label="노원역 2번 출구" size="small" sx={{ position: 'absolute', left: 'calc(30% - 40px)', top: 'calc(55% + 30px)', bgcolor: '#2f6fb3', color: 'white', fontWeight: 700 }} />
            <Box sx={{ position: 'absolute', left: '58%', top: 'calc(55% - 64px)', display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
              <Chip label={CENTER_NAME} color="primary" sx={{ fontWeight: 700, boxShadow: 2 }} />
              <PlaceOutlined color="primary" sx={{ fontSize: 36 }} />
            </Box>
          </Box>
          <Stack spacing={2.5}>
            <Box>
              <Typography variant="subtitle2" color="text.secondary">
                주소
              </Typography>
              <Typography sx={{ fontWeight: 700, fontSize: 18, wordBreak: 'keep-all' }} data-testid="center-address">
                {CENTER_INFO.address}
              </Typography>
            </Box>
            {[
              { icon: <DirectionsSubwayOutlined color="primary" />, label: '지하철', text: CENTER_INFO.subway },
              { icon: <DirectionsBusOutlined color="primary" />, label: '버스', text: CENTER_INFO.bus },
              { icon: <LocalParkingOutlined color="primary" />, label: '주차', text: CENTER_INFO.parking },
            ].map((row) => (
              <Stack key={row.label} direction="row" spacing={1.5}>
                {row.icon}
                <Box>
                  <Typography variant="subtitle2">{row.label}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'keep-all' }}>
                    {row.text}
                  </Typography>
                </Box>
              </Stack>
            ))}
          </Stack>
        </Box>
      </Section>

      <Box component="section" id="contact" sx={{ py: { xs: 7, md: 9 }, bgcolor: 'primary.main', color: 'primary.contrastText', scrollMarginTop: 64 }}>
        <Container maxWidth="lg">
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
            <Box>
              <Typography variant="overline" sx={{ opacity: 0.8, letterSpacing: '0.12em', fontWeight: 700 }}>
                CONTACT
              </Typography>
              <Typography variant="h4" component="h2" sx={{ fontSize: { xs: 26, md: 34 }, wordBreak: 'keep-all' }}>
                상담은 전화 한 통이면 충분합니다
              </Typography>
              <Typography sx={{ mt: 1.5, opacity: 0.85, wordBreak: 'keep-all' }}>
                레벨 테스트와 학습 상담은 무료입니다. {CENTER_INFO.hours}
              </Typography>
            </Box>
            <Stack spacing={1.5} sx={{ minWidth: { md: 320 } }}>
              <Button href={`tel:${CENTER_INFO.phone.replaceAll('-', '')}`} size="large" variant="contained" color="secondary" startIcon={<PhoneInTalkOutlined />} sx={{ color: '#1b1b1b', fontSize: 20, py: 1.5 }} data-testid="contact-phone">
                {CENTER_INFO.phone}
              </Button>
              <Typography variant="body2" sx={{ textAlign: 'center', opacity: 0.85 }}>
                문자 상담 {CENTER_INFO.mobile} · {CENTER_INFO.email}
              </Typography>
            </Stack>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
