import { formatKoreanDate } from '@academy/contracts/format';
import { Box, Container, Divider, Tab, Tabs, Typography } from '@mui/material';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { TERMS_BY_ID } from './terms-text.ts';

/** /terms/1 이용약관, /terms/2 개인정보처리방침; any other id goes to the terms of service. */
export default function TermsPage() {
  const { id = '1' } = useParams();
  const doc = TERMS_BY_ID[id];
  if (!doc) return <Navigate to="/terms/1" replace />;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 7 } }}>
      <Tabs value={id} sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="1" label="이용약관" component={RouterLink} to="/terms/1" />
        <Tab value="2" label="개인정보처리방침" component={RouterLink} to="/terms/2" />
      </Tabs>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, md: 32 } }}>
        {doc.title}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
        시행일 {formatKoreanDate(doc.effectiveDate)}
      </Typography>
      <Typography sx={{ mt: 3, lineHeight: 1.9, wordBreak: 'keep-all' }}>{doc.intro}</Typography>
      <Divider sx={{ my: 3 }} />
      {doc.sections.map((s) => (
        <Box component="section" key={s.title} sx={{ mb: 3.5 }}>
          <Typography variant="h6" component="h2" sx={{ fontSize: 18, mb: 1 }}>
            {s.title}
          </Typography>
          {s.body.map((p) => (
            <Typography key={p} sx={{ lineHeight: 1.9, wordBreak: 'keep-all', color: 'text.secondary', mb: 0.75 }}>
              {p}
            </Typography>
          ))}
        </Box>
      ))}
    </Container>
  );
}
