import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A titled card, the building block of detail pages (CRM) and the portal's stacked sections.
 * `compact` gives a smaller heading and rounder corners: side panels and phone screens.
 */
export function Section({
  title,
  actions,
  children,
  testId,
  compact = false,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
  compact?: boolean;
}) {
  return (
    <Card variant="outlined" sx={compact ? { borderRadius: 3 } : undefined} data-testid={testId}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: compact ? 1 : 2 }}>
          <Typography variant={compact ? 'subtitle1' : 'h6'} component="h2" sx={compact ? { fontWeight: 700 } : undefined}>
            {title}
          </Typography>
          {actions}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}
