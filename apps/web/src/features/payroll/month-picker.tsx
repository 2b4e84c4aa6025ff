import { formatMonth, nextMonth, previousMonth } from '@academy/contracts/payroll';
import ChevronLeftOutlined from '@mui/icons-material/ChevronLeftOutlined';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import { Box, IconButton, Typography } from '@mui/material';

/** ‹ 2026년 3월 › — moves a month at a time; never past `max` (the current month). */
export function MonthPicker({ month, onChange, max }: { month: string; onChange: (m: string) => void; max?: string }) {
  const next = nextMonth(month);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid="month-picker">
      <IconButton aria-label="이전 달" onClick={() => onChange(previousMonth(month))} data-testid="month-prev">
        <ChevronLeftOutlined />
      </IconButton>
      <Typography component="span" sx={{ fontWeight: 700, fontSize: 18, minWidth: 120, textAlign: 'center' }} data-testid="month-label" aria-live="polite">
        {formatMonth(month)}
      </Typography>
      <IconButton aria-label="다음 달" onClick={() => onChange(next)} disabled={max !== undefined && next > max} data-testid="month-next">
        <ChevronRightOutlined />
      </IconButton>
    </Box>
  );
}
