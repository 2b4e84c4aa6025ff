import { formatWon } from '@academy/contracts/format';
import { formatMinutes, type PayrollInfo, type PayrollLine } from '@academy/contracts/payroll';
import { MONTHLY_WAGE_TYPE_LABEL, PAYMENT_TYPE_LABEL } from '@academy/contracts/staff';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import KeyboardArrowDownOutlined from '@mui/icons-material/KeyboardArrowDownOutlined';
import KeyboardArrowUpOutlined from '@mui/icons-material/KeyboardArrowUpOutlined';
import { Box, Collapse, IconButton, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { Fragment, useState } from 'react';
import { PayLineDetail } from './pay-line-detail.tsx';
import { ToneChip } from './status-chip.tsx';

const won = (n: number) => formatWon(n);
const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function Line({ line, onPayslip }: { line: PayrollLine; onPayslip: (l: PayrollLine) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Fragment>
      <TableRow hover data-testid="payroll-line" data-ta={line.name} sx={{ '& > td': { borderBottom: open ? 0 : undefined } }}>
        <TableCell padding="checkbox">
          <IconButton size="small" aria-label={`${line.name} 내역 ${open ? '접기' : '펼치기'}`} aria-expanded={open} onClick={() => setOpen((o) => !o)} data-testid="payroll-expand">
            {open ? <KeyboardArrowUpOutlined /> : <KeyboardArrowDownOutlined />}
          </IconButton>
        </TableCell>
        <TableCell>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Typography sx={{ fontWeight: 700 }}>{line.name}</Typography>
            {line.belowMinimum && <ToneChip tone="red" label="최저임금 미달" data-testid="below-minimum" />}
            {line.openRecords > 0 && <ToneChip tone="orange" label={`퇴근 누락 ${line.openRecords}`} />}
          </Box>
          <Typography variant="caption" color="textSecondary">
            {PAYMENT_TYPE_LABEL[line.paymentType]} · {MONTHLY_WAGE_TYPE_LABEL[line.monthlyWageType]}
          </Typography>
        </TableCell>
        <TableCell align="right" sx={num}>{formatMinutes(line.minutesWorked)}</TableCell>
        <TableCell align="right" sx={num}>{won(line.totals.hourly + line.totals.salary)}</TableCell>
        <TableCell align="right" sx={num}>{won(line.totals.weeklyHoliday)}</TableCell>
        <TableCell align="right" sx={num}>{won(line.totals.premiums)}</TableCell>
        <TableCell align="right" sx={num}>{won(line.totals.custom)}</TableCell>
        <TableCell align="right" sx={num}>{won(line.totals.expenses)}</TableCell>
        <TableCell align="right" sx={num}>{won(line.totals.gross)}</TableCell>
        <TableCell align="right" sx={{ ...num, color: 'error.dark' }}>{won(-line.totals.withholding)}</TableCell>
        <TableCell align="right" sx={{ ...num, fontWeight: 800, color: 'primary.dark' }} data-testid="payroll-net">{won(line.totals.net)}</TableCell>
        <TableCell align="right">
          <Tooltip title="급여명세서 PDF">
            <IconButton onClick={() => onPayslip(line)} aria-label={`${line.name} 급여명세서 PDF`} data-testid="payslip">
              <DownloadOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={12} sx={{ py: 0, bgcolor: 'grey.50' }}>
          <Collapse in={open} unmountOnExit>
            <Box sx={{ py: 2, px: 4 }}>
              <PayLineDetail line={line} />
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}

/** One row per TA with the month's figures; a row opens to the items of its payslip. */
export function PayrollTable({ info, onPayslip }: { info: PayrollInfo; onPayslip: (l: PayrollLine) => void }) {
  if (info.lines.length === 0) return <Typography color="textSecondary">이 달에는 급여 내역이 없습니다.</Typography>;
  return (
    <Table size="small" aria-label="조교별 급여" data-testid="payroll-table" sx={{ '& th, & td': { px: 1 } }}>
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox" />
          <TableCell>조교</TableCell>
          <TableCell align="right">근무</TableCell>
          <TableCell align="right">근무 수당</TableCell>
          <TableCell align="right">주휴</TableCell>
          <TableCell align="right">가산</TableCell>
          <TableCell align="right">추가·공제</TableCell>
          <TableCell align="right">경비</TableCell>
          <TableCell align="right">지급 합계</TableCell>
          <TableCell align="right">공제</TableCell>
          <TableCell align="right">실지급액</TableCell>
          <TableCell align="right">명세서</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {info.lines.map((l) => <Line key={l.taId} line={l} onPayslip={onPayslip} />)}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell />
          <TableCell sx={{ fontWeight: 700 }}>합계 ({info.lines.length}명)</TableCell>
          <TableCell colSpan={6} />
          <TableCell align="right" sx={{ ...num, fontWeight: 700 }}>{won(info.totals.gross)}</TableCell>
          <TableCell align="right" sx={{ ...num, fontWeight: 700 }}>{won(-info.totals.withholding)}</TableCell>
          <TableCell align="right" sx={{ ...num, fontWeight: 800 }} data-testid="payroll-total-net">{won(info.totals.net)}</TableCell>
          <TableCell />
        </TableRow>
      </TableFooter>
    </Table>
  );
}
