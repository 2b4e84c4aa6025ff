import { formatWon } from '@academy/contracts/format';
import { payslipItems, type PayrollLine } from '@academy/contracts/payroll';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';

/**
 * A payroll line item by item, as the payslip prints it: what is paid (with how it was computed),
 * expenses, what is withheld, and the totals in green.
 */
export function PayLineDetail({ line, testId }: { line: PayrollLine; testId?: string }) {
  const items = payslipItems(line);
  return (
    <Table size="small" aria-label={`${line.name} 급여 내역`} data-testid={testId ?? 'pay-detail'}>
      <TableHead>
        <TableRow>
          <TableCell>항목</TableCell>
          <TableCell>계산</TableCell>
          <TableCell align="right">금액</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((it, i) => {
          const total = it.section === 'total';
          const amount = it.section === 'deduct' ? -it.amount : it.amount;
          return (
            <TableRow key={i} data-testid="pay-item" data-item={it.item}>
              <TableCell sx={{ fontWeight: total ? 700 : 400, color: total ? 'primary.dark' : undefined, whiteSpace: 'nowrap' }}>{it.item}</TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>{it.calc}</TableCell>
              <TableCell align="right" sx={{ fontWeight: total ? 700 : 400, color: amount < 0 ? 'error.dark' : total ? 'primary.dark' : undefined, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid="pay-amount">
                {formatWon(amount)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
