import { Box, CircularProgress } from '@mui/material';

/** The centred spinner that fills the screen while a lazy page or the session loads. */
export function FullScreenSpinner({ label = '불러오는 중' }: { label?: string }) {
  return (
    <Box role="progressbar" aria-label={label} sx={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'background.default' }}>
      <CircularProgress color="primary" aria-hidden />
    </Box>
  );
}
