import { payrollApi, type PayrollLine } from '@academy/contracts/payroll';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeTa, makeWageType } from '../staff/staff.testkit.ts';
import { makeStaff } from '../users/users.testkit.ts';
import { addShift } from './payroll.testkit.ts';

/**
 * The golden cases of docs/payroll.md, computed by hand there, computed here through the API:
 * records added as an admin would, the month read from GET /api/admin/payroll-info.
 */
let t: TestApp;
let admin: string;
let wageTypeId: number;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  admin = (await makeStaff(t)).admin.token;
  // 수업보조 has no rate of its own: every TA is paid their own hourlyWage for it.
  wageTypeId = (await makeWageType(t, { adminToken: admin, name: '수업보조', rate: null })).id;
}, 60_000);
afterAll(() => t.close());

async function lineOf(month: string, taId: number): Promise<PayrollLine> {
  const info = await t.api(payrollApi.info, { token: admin, query: { month } });
  const line = info.lines.find((l) => l.taId === taId);
  if (!line) throw new Error(`no line for TA ${taId} in ${month}`);
  return line;
}

const shifts = (taId: number, list: [date: string, from: string, to: string][]) =>
  Promise.all(list.map(([date, from, to]) => addShift(t, { adminToken: admin, taId, wageTypeId, date, from, to })));

describe('golden payroll cases (docs/payroll.md)', () => {
  it('G1: a 15-hour week earns 주휴수당 (36,000원), a 14.5-hour week earns none', async () => {
    const ta = await makeTa(t, { adminToken: admin, hourlyWage: 12_000 });
    await shifts(ta.id, [
      ['2026-03-02', '15:00', '18:00'], ['2026-03-03', '15:00', '18:00'], ['2026-03-04', '15:00', '18:00'], ['2026-03-05', '15:00', '18:00'], ['2026-03-06', '15:00', '18:00'],
      ['2026-03-09', '15:00', '18:00'], ['2026-03-10', '15:00', '18:00'], ['2026-03-11', '15:00', '18:00'], ['2026-03-12', '15:00', '18:00'], ['2026-03-13', '15:00', '17:30'],
    ]);
    const line = await lineOf('2026-03', ta.id);
    expect(line.hours.map((h) => [h.minutes, h.rate, h.amount])).toEqual([[1770, 12_000, 354_000]]);
    expect(line.weeklyHoliday).toEqual([{ weekStart: '2026-03-02', weekEnd: '2026-03-08', minutes: 900, amount: 36_000 }]);
    expect(line.totals).toMatchObject({ wages: 390_000, withholding: 12_870, net: 377_130 });
  });

  it('G2: a week from Monday 30 March to Sunday 5 April pays its 주휴수당 in April', async () => {
    const ta = await makeTa(t, { adminToken: admin, hourlyWage: 12_000 });
    await shifts(ta.id, [['2026-03-30', '14:00', '18:00'], ['2026-03-31', '14:00', '18:00'], ['2026-04-01', '14:00', '18:00'], ['2026-04-02', '14:00', '17:00']]);
    const march = await lineOf('2026-03', ta.id);
    const april = await lineOf('2026-04', ta.id);
    expect([march.totals.hourly, march.weeklyHoliday.length]).toEqual([96_000, 0]);
    expect(april.totals.hourly).toBe(84_000);
    expect(april.weeklyHoliday).toEqual([{ weekStart: '2026-03-30', weekEnd: '2026-04-05', minutes: 900, amount: 36_000 }]);
  });

  it('G3: a shift from 18:00 to 04:00 is split by day: 6 hours of night, 2 hours past the 8-hour day', async () => {
    const ta = await makeTa(t, { adminToken: admin, hourlyWage: 12_000 });
    const [record] = await shifts(ta.id, [['2026-03-13', '18:00', '04:00']]);
    expect(record).toMatchObject({ workDate: '2026-03-13', minutes: 600, nightMinutes: 360 });
    expect((await t.api(payrollApi.updateSettings, { token: admin, body: { premiumsEnabled: true } })).premiumsEnabled).toBe(true);
    try {
      const line = await lineOf('2026-03', ta.id);
      expect(line).toMatchObject({ minutesWorked: 600, daysWorked: 2, night: { minutes: 360, amount: 36_000 }, overtime: { minutes: 120, amount: 12_000 } });
      expect(line.totals).toMatchObject({ hourly: 120_000, premiums: 48_000, wages: 168_000 });
    } finally {
      await t.api(payrollApi.updateSettings, { token: admin, body: { premiumsEnabled: false } });
    }
    expect((await lineOf('2026-03', ta.id)).totals.premiums).toBe(0);
  });

  it('G4: a monthly TA from 16 March is paid 16/31 of the salary, with the employee insurances withheld', async () => {
    const ta = await makeTa(t, { adminToken: admin, paymentType: 'MONTHLY', hourlyWage: null, monthlySalary: 2_000_000, salaryStartMonth: '2026-03-16', monthlyWageType: 'EMPLOYMENT' });
    const march = await lineOf('2026-03', ta.id);
    expect(march.salary).toEqual({ monthlySalary: 2_000_000, paidDays: 16, daysInMonth: 31, amount: 1_032_258 });
    expect(march.withholding.map((w) => [w.label, w.amount])).toEqual([['국민연금', 49_030], ['건강보험', 37_100], ['장기요양보험', 4_870], ['고용보험', 9_290]]);
    expect(march.totals).toMatchObject({ withholding: 100_290, net: 931_968 });
    expect((await lineOf('2026-04', ta.id)).totals).toMatchObject({ salary: 2_000_000, withholding: 194_340, net: 1_805_660 });
  });

  it('G5: 3.3% of 1,234,567원 is 37,030원 + 3,700원, each cut to 10 won (not 40,740원)', async () => {
    const ta = await makeTa(t, { adminToken: admin, paymentType: 'MONTHLY', hourlyWage: null, monthlySalary: 1_234_567, salaryStartMonth: '2026-01' });
    const line = await lineOf('2026-03', ta.id);
    expect(line.withholding.map((w) => [w.label, w.amount])).toEqual([['소득세', 37_030], ['지방소득세', 3_700]]);
    expect(line.totals).toMatchObject({ wages: 1_234_567, withholding: 40_730, net: 1_193_837 });
  });

  it('G6: 10,030원 an hour is under the 2026 minimum of 10,320원: the line is marked', async () => {
    const ta = await makeTa(t, { adminToken: admin, hourlyWage: 10_030 });
    await shifts(ta.id, [['2026-03-02', '09:00', '19:00']]);
    const line = await lineOf('2026-03', ta.id);
    expect(line).toMatchObject({ belowMinimum: true, minimumWage: 10_320 });
    expect(line.hours[0]).toMatchObject({ rate: 10_030, amount: 100_300, belowMinimum: true });
    const settings = await t.api(payrollApi.settings, { token: admin });
    expect(settings.years.find((y) => y.year === 2026)).toMatchObject({ minimumWage: 10_320, pensionPpm: 47_500, healthPpm: 35_950 });
  });
});
