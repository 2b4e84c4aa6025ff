import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The centred card the sign-in and password pages share. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: 'calc(100vh - 64px - 220px)', display: 'grid', placeItems: 'center', px: 2, py: { xs: 4, md: 8 }, background: 'linear-gradient(180deg, #eef5ee 0%, #ffffff 100%)' }}>
      <Card elevation={0} sx={{ width: '100%', maxWidth: 420, border: 1, borderColor: 'divider', borderRadius: 2, boxShadow: '0 12px 40px rgba(27,94,32,0.08)' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1, wordBreak: 'keep-all' }}>
              {subtitle}
            </Typography>
          )}
          <Box sx={{ mt: 3 }}>{children}</Box>
        </CardContent>
      </Card>
    </Box>
  );
}
