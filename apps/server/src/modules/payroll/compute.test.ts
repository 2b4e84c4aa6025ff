import { describe, expect, it } from 'vitest';
import { computePayrollLine, recordWindow, type ComputeInput, type ComputeRecord } from './compute.ts';
import { withhold } from './withholding.ts';
import { DEFAULT_YEAR_RATES } from './payroll.rates.ts';

const RATES_2026 = DEFAULT_YEAR_RATES.find((r) => r.year === 2026)!;
const TYPE = 1;

/** A closed shift on the Korean clock: ('2026-03-13', '18:00', '04:00') ends the next morning. */
function shift(date: string, from: string, to: string, wageTypeId = TYPE): ComputeRecord {
  const start = new Date(`${date}T${from}:00+09:00`);
  let end = new Date(`${date}T${to}:00+09:00`);
  if (end <= start) end = new Date(end.getTime() + 86_400_000);
  return { wageTypeId, startedAt: start, endedAt: end, status: 'closed', workDate: date };
}

function input(over: Partial<ComputeInput> & { month: string }): ComputeInput {
  return {
    ta: { id: 1, name: '박조교', loginId: 'ta', paymentType: 'HOURLY', hourlyWage: 12_000, monthlySalary: null, salaryStartMonth: null, monthlyWageType: 'BUSINESS', active: true },
    records: [],
    wageTypes: new Map([[TYPE, { name: '수업보조', rate: null }]]),
    custom: [],
    expenses: [],
    premiumsEnabled: false,
    rates: RATES_2026,
    ...over,
  };
}

describe('the pure payroll computation (docs/payroll.md; the same cases through the API are in payroll.golden.test.ts)', () => {
  it('pays 주휴수당 for a 15-hour week and nothing for a 14.5-hour week', () => {
    const records = [
      ...['02', '03', '04', '05', '06'].map((d) => shift(`2026-03-${d}`, '15:00', '18:00')),
      ...['09', '10', '11', '12'].map((d) => shift(`2026-03-${d}`, '15:00', '18:00')),
      shift('2026-03-13', '15:00', '17:30'),
    ];
    const line = computePayrollLine(input({ month: '2026-03', records }));
    expect(line.hours).toEqual([{ wageTypeId: TYPE, name: '수업보조', minutes: 1770, rate: 12_000, amount: 354_000, belowMinimum: false }]);
    expect(line.weeklyHoliday).toEqual([{ weekStart: '2026-03-02', weekEnd: '2026-03-08', minutes: 900, amount: 36_000 }]);
    expect(line.totals).toMatchObject({ wages: 390_000, withholding: 12_870, net: 377_130 });
  });

  it('pays a week that spans two months in the month where it ends', () => {
    const records = [shift('2026-03-30', '14:00', '18:00'), shift('2026-03-31', '14:00', '18:00'), shift('2026-04-01', '14:00', '18:00'), shift('2026-04-02', '14:00', '17:00')];
    const march = computePayrollLine(input({ month: '2026-03', records }));
    const april = computePayrollLine(input({ month: '2026-04', records }));
    expect([march.totals.hourly, march.weeklyHoliday]).toEqual([96_000, []]);
    expect([april.totals.hourly, april.weeklyHoliday]).toEqual([84_000, [{ weekStart: '2026-03-30', weekEnd: '2026-04-05', minutes: 900, amount: 36_000 }]]);
    expect(recordWindow('2026-04')).toEqual({ from: '2026-03-23', to: '2026-04-30' });
  });

  it('splits a shift over midnight by day: night minutes on both days, the 8-hour day counted from the clock-in', () => {
    const line = computePayrollLine(input({ month: '2026-03', records: [shift('2026-03-13', '18:00', '04:00')], premiumsEnabled: true }));
    expect(line).toMatchObject({ minutesWorked: 600, daysWorked: 2, night: { minutes: 360, amount: 36_000 }, overtime: { minutes: 120, amount: 12_000 } });
    expect(line.totals).toMatchObject({ hourly: 120_000, premiums: 48_000, wages: 168_000 });
    const off = computePayrollLine(input({ month: '2026-03', records: [shift('2026-03-13', '18:00', '04:00')] }));
    expect([off.totals.premiums, off.overtime.minutes, off.night.minutes]).toEqual([0, 0, 360]);
  });

  it('pays each side of a month-end night shift in its own month', () => {
    const records = [shift('2026-03-31', '22:00', '02:00')];
    const march = computePayrollLine(input({ month: '2026-03', records, premiumsEnabled: true }));
    const april = computePayrollLine(input({ month: '2026-04', records, premiumsEnabled: true }));
    expect([march.minutesWorked, march.night, march.totals.hourly]).toEqual([120, { minutes: 120, amount: 12_000 }, 24_000]);
    expect([april.minutesWorked, april.night, april.totals.hourly]).toEqual([120, { minutes: 120, amount: 12_000 }, 24_000]);
  });

  it('counts weekly overtime only on hours past 40 that are not already past 8 in their day', () => {
    // Mon–Fri 9 h a day: 5 × 1 h daily overtime, 40 regular hours, so no weekly overtime.
    const five = ['02', '03', '04', '05', '06'].map((d) => shift(`2026-03-${d}`, '09:00', '18:00'));
    expect(computePayrollLine(input({ month: '2026-03', records: five, premiumsEnabled: true })).overtime.minutes).toBe(300);
    // Plus Saturday 6 h: those are past 40 in the week.
    const six = [...five, shift('2026-03-07', '09:00', '15:00')];
    const line = computePayrollLine(input({ month: '2026-03', records: six, premiumsEnabled: true }));
    expect(line.overtime).toEqual({ minutes: 660, amount: 66_000 });
    expect(line.weeklyHoliday[0]).toMatchObject({ minutes: 3060, amount: 96_000 });
  });

  it('prorates a monthly salary that starts mid-month by calendar days and withholds the employee insurances', () => {
    const ta = { ...input({ month: '2026-03' }).ta, paymentType: 'MONTHLY' as const, hourlyWage: null, monthlySalary: 2_000_000, salaryStartMonth: '2026-03-16', monthlyWageType: 'EMPLOYMENT' as const };
    const march = computePayrollLine(input({ month: '2026-03', ta }));
    expect(march.salary).toEqual({ monthlySalary: 2_000_000, paidDays: 16, daysInMonth: 31, amount: 1_032_258 });
    expect(march.withholding.map((w) => [w.code, w.amount])).toEqual([
      ['national_pension', 49_030], ['health_insurance', 37_100], ['long_term_care', 4_870], ['employment_insurance', 9_290],
    ]);
    expect(march.totals).toMatchObject({ wages: 1_032_258, withholding: 100_290, net: 931_968 });
    const april = computePayrollLine(input({ month: '2026-04', ta }));
    expect(april.totals).toMatchObject({ salary: 2_000_000, withholding: 194_340, net: 1_805_660 });
    expect(computePayrollLine(input({ month: '2026-02', ta })).salary).toBeNull();
  });

  it('withholds 3.3% as 3% income tax and 10% of it as local tax, each cut to 10 won', () => {
    expect(withhold({ base: 1_234_567, type: 'BUSINESS', rates: RATES_2026 })).toEqual([
      { code: 'income_tax', label: '소득세', base: 1_234_567, ratePpm: 30_000, amount: 37_030 },
      { code: 'local_income_tax', label: '지방소득세', base: 37_030, ratePpm: 100_000, amount: 3_700 },
    ]);
    expect(withhold({ base: 216_000, type: 'BUSINESS', rates: RATES_2026 }).map((w) => w.amount)).toEqual([6_480, 640]);
    expect(withhold({ base: 0, type: 'EMPLOYMENT', rates: RATES_2026 })).toEqual([]);
  });

  it('marks a rate under the minimum wage of the year', () => {
    const ta = { ...input({ month: '2026-03' }).ta, hourlyWage: 10_030 };
    const line = computePayrollLine(input({ month: '2026-03', ta, records: [shift('2026-03-02', '09:00', '19:00')] }));
    expect(line).toMatchObject({ belowMinimum: true, minimumWage: 10_320 });
    expect(line.hours[0]).toMatchObject({ rate: 10_030, amount: 100_300, belowMinimum: true });
    const rates2025 = DEFAULT_YEAR_RATES.find((r) => r.year === 2025)!;
    const y2025 = computePayrollLine(input({ month: '2025-12', ta, rates: rates2025, records: [shift('2025-12-01', '09:00', '19:00')] }));
    expect(y2025.belowMinimum).toBe(false);
  });

  it('leaves open and missing clock-outs out of the pay and counts them', () => {
    const open: ComputeRecord = { wageTypeId: TYPE, startedAt: new Date('2026-03-02T09:00:00+09:00'), endedAt: null, status: 'missing_out', workDate: '2026-03-02' };
    const line = computePayrollLine(input({ month: '2026-03', records: [open, shift('2026-03-03', '09:00', '10:00')] }));
    expect([line.openRecords, line.minutesWorked, line.totals.hourly]).toEqual([1, 60, 12_000]);
  });
});
