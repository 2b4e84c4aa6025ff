import { Box, LinearProgress, Typography } from '@mui/material';

/**
 * Seats taken of a slot's capacity: a bar named for screen readers ("예약 12/20명"), green while
 * seats are left, amber when nearly full, red when full.
 */
export function CapacityBar({ reserved, capacity, dense = false }: { reserved: number; capacity: number; dense?: boolean }) {
  const ratio = capacity > 0 ? reserved / capacity : 1;
  const color = ratio >= 1 ? 'error' : ratio >= 0.8 ? 'warning' : 'primary';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, ratio * 100)}
        color={color}
        aria-label={`예약 ${reserved}/${capacity}명`}
        sx={{ flexGrow: 1, height: dense ? 6 : 8, borderRadius: 4, bgcolor: 'action.hover' }}
      />
      <Typography variant="caption" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700, minWidth: 44, textAlign: 'right', color: ratio >= 1 ? 'error.dark' : 'text.secondary' }}>
        {reserved}/{capacity}
      </Typography>
    </Box>
  );
}
