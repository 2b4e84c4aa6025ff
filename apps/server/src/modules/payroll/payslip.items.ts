import { formatWon } from '@academy/contracts/format';
import { formatMinutes, formatRatePpm, type PayrollLine } from '@academy/contracts/payroll';

/** One row of a payslip or of a TA's Excel sheet: what is paid or withheld, how it is computed, how much. */
export type PayslipItem = { section: 'pay' | 'expense' | 'deduct' | 'total'; item: string; calc: string; amount: number };

const shortDate = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}`;

/**
 * The items of a payroll line in payslip order, each with its calculation written out (근로기준법
 * 제48조 asks a wage statement to show how each amount was computed, hours included).
 */
export function payslipItems(line: PayrollLine): PayslipItem[] {
  const out: PayslipItem[] = [];
  for (const h of line.hours) {
    if (line.paymentType !== 'HOURLY') continue;
    out.push({ section: 'pay', item: `근무 수당 (${h.name})`, calc: `${formatMinutes(h.minutes)} × ${h.rate === null ? '시급 미설정' : formatWon(h.rate)}`, amount: h.amount });
  }
  for (const w of line.weeklyHoliday) {
    out.push({ section: 'pay', item: '주휴수당', calc: `${shortDate(w.weekStart)}–${shortDate(w.weekEnd)} 주 ${formatMinutes(w.minutes)} (40시간 중 ${formatMinutes(Math.min(w.minutes, 2400))} 비례 × 8시간)`, amount: w.amount });
  }
  if (line.overtime.amount > 0) out.push({ section: 'pay', item: '연장 가산 (50%)', calc: `${formatMinutes(line.overtime.minutes)} × 시급의 50%`, amount: line.overtime.amount });
  if (line.night.amount > 0) out.push({ section: 'pay', item: '야간 가산 (50%)', calc: `${formatMinutes(line.night.minutes)} × 시급의 50% (22:00–06:00)`, amount: line.night.amount });
  if (line.salary) {
    const s = line.salary;
    out.push({ section: 'pay', item: '월급', calc: s.paidDays === s.daysInMonth ? formatWon(s.monthlySalary) : `${formatWon(s.monthlySalary)} × ${s.paidDays}/${s.daysInMonth}일`, amount: s.amount });
  }
  for (const c of line.custom) out.push({ section: 'pay', item: c.amount >= 0 ? '추가' : '공제 (임금)', calc: c.memo, amount: c.amount });
  out.push({ section: 'total', item: '임금 총액', calc: '과세 대상', amount: line.totals.wages });
  for (const e of line.expenses) out.push({ section: 'expense', item: '경비 (비과세)', calc: `${shortDate(e.date)} ${e.memo}`, amount: e.amount });
  out.push({ section: 'total', item: '지급 합계', calc: '임금 총액 + 경비', amount: line.totals.gross });
  for (const w of line.withholding) {
    const calc = w.code === 'local_income_tax'
      ? `소득세 ${formatWon(w.base)} × 10%, 10원 미만 절사`
      : w.code === 'long_term_care'
        ? `건강보험료 ${formatWon(w.base)} × 장기요양률 ÷ 건강보험률, 10원 미만 절사`
        : `${formatWon(w.base)} × ${formatRatePpm(w.ratePpm)}, 10원 미만 절사`;
    out.push({ section: 'deduct', item: w.label, calc, amount: w.amount });
  }
  out.push({ section: 'total', item: '공제 합계', calc: '', amount: line.totals.withholding });
  out.push({ section: 'total', item: '실지급액', calc: '지급 합계 − 공제 합계', amount: line.totals.net });
  return out;
}
