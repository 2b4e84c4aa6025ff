import type { YearRates } from '@academy/contracts/payroll';

/**
 * The defaults by year, used for any year the center has not saved its own row for. Minimum wages
 * are the 고용노동부 고시 of each year; insurance rates are the employee's share. The sources are
 * listed in docs/payroll.md ("Rates and their sources"); a center corrects a year on the settings
 * page when a rate changes mid-year or a default is wrong.
 */
export const DEFAULT_YEAR_RATES: readonly (YearRates & { source: string })[] = [
  {
    year: 2024, minimumWage: 9_860, pensionPpm: 45_000, healthPpm: 35_450, longTermCarePpm: 4_591, employmentPpm: 9_000,
    source: '2024년 최저임금 고시 9,860원; 국민연금 9%; 건강보험 7.09%; 장기요양 0.9182%; 고용보험 실업급여 1.8% (각 근로자 절반)',
  },
  {
    year: 2025, minimumWage: 10_030, pensionPpm: 45_000, healthPpm: 35_450, longTermCarePpm: 4_591, employmentPpm: 9_000,
    source: '2025년 최저임금 고시 10,030원; 국민연금 9%; 건강보험 7.09%(동결); 장기요양 0.9182%(동결); 고용보험 실업급여 1.8% (각 근로자 절반)',
  },
  {
    year: 2026, minimumWage: 10_320, pensionPpm: 47_500, healthPpm: 35_950, longTermCarePpm: 4_724, employmentPpm: 9_000,
    source: '2026년 최저임금 고시 10,320원; 국민연금 9.5%(2025년 개정 국민연금법); 건강보험 7.19%; 장기요양 0.9448%; 고용보험 실업급여 1.8% (각 근로자 절반)',
  },
];

/**
 * The rates of `year`: the center's row, else the default of that year, else the latest earlier
 * one (with a note saying so, so nobody mistakes an old minimum wage for this year's).
 */
export function ratesFor(year: number, saved: readonly (YearRates & { source: string })[]): { rates: YearRates & { source: string }; note: string | null } {
  const own = saved.find((r) => r.year === year) ?? DEFAULT_YEAR_RATES.find((r) => r.year === year);
  if (own) return { rates: own, note: null };
  const all = [...saved, ...DEFAULT_YEAR_RATES].filter((r) => r.year < year).sort((a, b) => b.year - a.year);
  const fallback = all[0] ?? DEFAULT_YEAR_RATES.at(-1)!;
  return {
    rates: { ...fallback, year },
    note: `${year}년 최저임금과 4대보험 요율이 설정되지 않아 ${fallback.year}년 값(최저시급 ${fallback.minimumWage.toLocaleString('ko-KR')}원)으로 계산했습니다. 급여 설정에서 ${year}년 값을 넣어 주세요.`,
  };
}
