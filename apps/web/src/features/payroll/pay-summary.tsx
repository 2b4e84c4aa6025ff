import { formatWon } from '@academy/contracts/format';
import { formatMinutes, type PayrollLine } from '@academy/contracts/payroll';
import { Alert, Box, Typography } from '@mui/material';

/** A figure with its label, large. */
function Figure({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: strong ? 28 : 20, fontWeight: strong ? 800 : 600, color: strong ? 'primary.dark' : 'text.primary', fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** The headline of a payroll line: hours, 주휴, gross, withheld, net; warnings under it. */
export function PaySummary({ line }: { line: PayrollLine }) {
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 4, alignItems: 'flex-end' }}>
        <Figure label="근무 시간" value={`${formatMinutes(line.minutesWorked)} (${line.daysWorked}일)`} testId="pay-minutes" />
        <Figure label="주휴수당" value={formatWon(line.totals.weeklyHoliday)} />
        <Figure label="지급 합계" value={formatWon(line.totals.gross)} testId="pay-gross" />
        <Figure label="공제 합계" value={formatWon(line.totals.withholding)} />
        <Figure label="실지급액" value={formatWon(line.totals.net)} strong testId="pay-net" />
      </Box>
      {line.belowMinimum && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="pay-below-minimum">
          적용 시급이 최저임금({formatWon(line.minimumWage)})보다 낮습니다. 관리자에게 확인해 주세요.
        </Alert>
      )}
      {line.openRecords > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          퇴근 시각이 없는 기록 {line.openRecords}건은 아직 계산에 들어가지 않았습니다.
        </Alert>
      )}
    </Box>
  );
}
