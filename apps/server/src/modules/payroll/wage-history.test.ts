import { payrollApi, type PayrollLine } from '@academy/contracts/payroll';
import { taApi, wageTypesApi } from '@academy/contracts/staff';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeTa, makeWageType } from '../staff/staff.testkit.ts';
import { makeStaff } from '../users/users.testkit.ts';
import { addShift, kst } from './payroll.testkit.ts';

let t: TestApp;
let staff: Awaited<ReturnType<typeof makeStaff>>;
let wageTypeId: number;
const admin = () => staff.admin.token;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  staff = await makeStaff(t);
  wageTypeId = (await makeWageType(t, { adminToken: admin(), name: '수업보조', rate: null })).id;
}, 60_000);
afterAll(() => t.close());

const lineOf = async (month: string, taId: number): Promise<PayrollLine> => {
  const info = await t.api(payrollApi.info, { token: admin(), query: { month } });
  return info.lines.find((l) => l.taId === taId)!;
};

describe('rate history (적용 시작일)', () => {
  it('a raise from the 1st keeps last month, still open, at the old rate; this month pays the new one', async () => {
    t.clock.now = new Date(kst('2026-11-20', '12:00'));
    const ta = await makeTa(t, { adminToken: admin(), hourlyWage: 12_000 });
    await addShift(t, { adminToken: admin(), taId: ta.id, wageTypeId, date: '2026-11-10', from: '14:00', to: '16:00' });
    t.clock.now = new Date(kst('2026-12-03', '10:00'));
    await addShift(t, { adminToken: admin(), taId: ta.id, wageTypeId, date: '2026-12-02', from: '14:00', to: '16:00' });

    const raised = await t.api(taApi.setWage, { token: admin(), params: { id: ta.id }, body: { hourlyWage: 13_000, effectiveFrom: '2026-12-01' } });
    expect(raised.hourlyWage).toBe(13_000);

    const november = await lineOf('2026-11', ta.id);
    expect(november.hours).toMatchObject([{ wageTypeId, minutes: 120, rate: 12_000, amount: 24_000 }]);
    const december = await lineOf('2026-12', ta.id);
    expect(december.hours).toMatchObject([{ wageTypeId, minutes: 120, rate: 13_000, amount: 26_000 }]);

    const history = await t.api(taApi.wageHistory, { token: admin(), params: { id: ta.id } });
    expect(history).toEqual([{ effectiveFrom: '2026-12-01', hourlyWage: 13_000 }, { effectiveFrom: '1900-01-01', hourlyWage: 12_000 }]);
  });

  it('without 적용 시작일 the rate applies from today (KST); two rates in one month are two rows', async () => {
    t.clock.now = new Date(kst('2026-12-03', '10:00'));
    const ta = await makeTa(t, { adminToken: admin(), hourlyWage: 12_000 });
    await addShift(t, { adminToken: admin(), taId: ta.id, wageTypeId, date: '2026-12-02', from: '14:00', to: '15:00' });
    // 00:30 on the 4th in Korea is still the 3rd in UTC: the new rate starts on the 4th.
    t.clock.now = new Date(kst('2026-12-04', '00:30'));
    await t.api(taApi.setWage, { token: admin(), params: { id: ta.id }, body: { hourlyWage: 15_000 } });
    t.clock.now = new Date(kst('2026-12-04', '18:00'));
    await addShift(t, { adminToken: admin(), taId: ta.id, wageTypeId, date: '2026-12-04', from: '14:00', to: '15:00' });
    const line = await lineOf('2026-12', ta.id);
    expect(line.hours.map((h) => [h.rate, h.amount])).toEqual([[12_000, 12_000], [15_000, 15_000]]);
    expect((await t.api(taApi.wageHistory, { token: admin(), params: { id: ta.id } }))[0]).toEqual({ effectiveFrom: '2026-12-04', hourlyWage: 15_000 });
    // Saving other settings with the same rate adds no history row.
    await t.api(taApi.setWage, { token: admin(), params: { id: ta.id }, body: { hourlyWage: 15_000, monthlyWageType: 'EMPLOYMENT' } });
    expect(await t.api(taApi.wageHistory, { token: admin(), params: { id: ta.id } })).toHaveLength(2);
  });

  it('a TA with no history yet (seeded rows) keeps the old rate for the days before 적용 시작일', async () => {
    t.clock.now = new Date(kst('2026-11-20', '12:00'));
    const ta = await makeTa(t, { adminToken: admin(), hourlyWage: 12_000 });
    await t.ctx.db.execute(sql`delete from ta_wage_rates where user_id = ${ta.id}`);
    await addShift(t, { adminToken: admin(), taId: ta.id, wageTypeId, date: '2026-11-12', from: '14:00', to: '16:00' });
    t.clock.now = new Date(kst('2026-12-03', '10:00'));
    await t.api(taApi.setWage, { token: admin(), params: { id: ta.id }, body: { hourlyWage: 13_000, effectiveFrom: '2026-12-01' } });
    expect((await lineOf('2026-11', ta.id)).hours).toMatchObject([{ rate: 12_000, amount: 24_000 }]);
  });

  it("a wage type's rate has a start day too: last month's open payroll keeps the old type rate", async () => {
    t.clock.now = new Date(kst('2026-11-20', '12:00'));
    const clinic = await makeWageType(t, { adminToken: admin(), name: '클리닉', rate: 13_000 });
    const ta = await makeTa(t, { adminToken: admin(), hourlyWage: 12_000 });
    await addShift(t, { adminToken: admin(), taId: ta.id, wageTypeId: clinic.id, date: '2026-11-11', from: '14:00', to: '17:00' });
    t.clock.now = new Date(kst('2026-12-03', '10:00'));
    await addShift(t, { adminToken: admin(), taId: ta.id, wageTypeId: clinic.id, date: '2026-12-02', from: '14:00', to: '17:00' });
    const changed = await t.api(wageTypesApi.update, { token: admin(), params: { id: clinic.id }, body: { name: '클리닉', rate: 14_000, effectiveFrom: '2026-12-01' } });
    expect(changed.rate).toBe(14_000);
    expect((await lineOf('2026-11', ta.id)).hours).toMatchObject([{ wageTypeId: clinic.id, rate: 13_000, amount: 39_000 }]);
    expect((await lineOf('2026-12', ta.id)).hours).toMatchObject([{ wageTypeId: clinic.id, rate: 14_000, amount: 42_000 }]);
    const bad = await t.apiError(wageTypesApi.update, { token: admin(), params: { id: clinic.id }, body: { name: '클리닉', rate: 15_000, effectiveFrom: '2026-13-01' } });
    expect([bad.status, bad.message.includes('적용 시작일')]).toEqual([400, true]);
  });

  it('a bad 적용 시작일 is a 400 naming the field', async () => {
    const ta = await makeTa(t, { adminToken: admin(), hourlyWage: 12_000 });
    for (const effectiveFrom of ['2026-02-30', '12/01', '']) {
      const res = await t.apiError(taApi.setWage, { token: admin(), params: { id: ta.id }, body: { hourlyWage: 13_000, effectiveFrom } });
      expect(res.status).toBe(400);
      expect(res.message).toContain('적용 시작일');
      expect(res.issues?.map((i) => i.path)).toContain('effectiveFrom');
    }
  });
});
