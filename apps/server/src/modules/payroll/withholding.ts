import { PPM, type PayrollLine, type YearRates } from '@academy/contracts/payroll';
import type { MonthlyWageType } from '@academy/contracts/staff';

const div = (a: number, b: number) => Math.floor(a / b);
/** Cut to 10 won (10원 미만 절사). */
const cut10 = (won: number) => Math.floor(won / 10) * 10;

/**
 * What is withheld from the month's wages (expenses are reimbursements, never taxed):
 * - BUSINESS (사업소득): income tax 3% of the wages cut to 10 won, local income tax 10% of that
 *   income tax cut to 10 won (= the 0.3%, because the income tax is already a multiple of 10).
 * - EMPLOYMENT (근로소득): the employee's share of each insurance on the wages, each cut to 10 won;
 *   long-term care is the health premium × (long-term care rate ÷ health rate), as NHIS bills it.
 */
export function withhold(opts: { base: number; type: MonthlyWageType; rates: YearRates }): PayrollLine['withholding'] {
  const { base, rates } = opts;
  if (base <= 0) return [];
  if (opts.type === 'BUSINESS') {
    const incomeTax = cut10(div(base * 3, 100));
    const local = cut10(div(incomeTax, 10));
    return [
      { code: 'income_tax', label: '소득세', base, ratePpm: 30_000, amount: incomeTax },
      { code: 'local_income_tax', label: '지방소득세', base: incomeTax, ratePpm: 100_000, amount: local },
    ];
  }
  const share = (ppm: number) => cut10(div(base * ppm, PPM));
  const health = share(rates.healthPpm);
  const longTermCare = rates.healthPpm > 0 ? cut10(div(health * rates.longTermCarePpm, rates.healthPpm)) : 0;
  return [
    { code: 'national_pension', label: '국민연금', base, ratePpm: rates.pensionPpm, amount: share(rates.pensionPpm) },
    { code: 'health_insurance', label: '건강보험', base, ratePpm: rates.healthPpm, amount: health },
    { code: 'long_term_care', label: '장기요양보험', base: health, ratePpm: rates.longTermCarePpm, amount: longTermCare },
    { code: 'employment_insurance', label: '고용보험', base, ratePpm: rates.employmentPpm, amount: share(rates.employmentPpm) },
  ];
}
