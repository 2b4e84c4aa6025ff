import { Box, Typography } from '@mui/material';

export const CENTER_NAME = '한빛학원';

/** The demo center's mark: a rounded green tile with 한 and the name beside it. */
export function Brand({ compact = false, inverse = false }: { compact?: boolean; inverse?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box
        aria-hidden
        sx={{ width: 34, height: 34, borderRadius: 2, bgcolor: inverse ? 'common.white' : 'primary.main', color: inverse ? 'primary.main' : 'common.white', display: 'grid', placeItems: 'center', fontWeight: 800, fontSize: 18 }}
      >
        한
      </Box>
      {!compact && (
        <Typography component="span" sx={{ fontWeight: 800, fontSize: 18, letterSpacing: '-0.02em', color: inverse ? 'common.white' : 'text.primary' }}>
          {CENTER_NAME}
        </Typography>
      )}
    </Box>
  );
}
