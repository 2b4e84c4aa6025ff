import { dashboardApi } from '@academy/contracts/dashboard';
import { addDays, kstToday } from '@academy/contracts/dates';
import { smsApi } from '@academy/contracts/sms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeStaff } from '../users/users.testkit.ts';

/** The dashboard's SMS spend: the texts the history shows as sent, per month, at the configured prices. */
let t: TestApp;
let staff: Awaited<ReturnType<typeof makeStaff>>;

const send = async (phones: string[], body: string) => {
  const { batchId } = await t.api(smsApi.send, { token: staff.ta.token, body: { studentIds: [], phones, audience: 'parent', body, values: {} } });
  await expect
    .poll(async () => (await t.api(smsApi.history, { token: staff.ta.token, query: { batchId } })).items.filter((m) => m.status === 'sent').length, { timeout: 20_000, interval: 100 })
    .toBe(phones.length);
};

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  staff = await makeStaff(t);
}, 60_000);
afterAll(() => t.close());

describe('SMS spend per month', () => {
  it('counts the sent texts by kind and prices them', async () => {
    await send(['010-7777-0001', '010-7777-0002'], '내일 휴원 안내');
    await send(['010-7777-0003'], `겨울 방학 특강 안내: ${'수학 심화 과정과 내신 대비 과정을 함께 엽니다. '.repeat(3)}`);
    const today = kstToday(t.clock.now);
    const res = await t.api(dashboardApi.smsSpend, { token: staff.admin.token, query: { startDate: addDays(today, -40), endDate: today } });
    const { sms, lms } = t.ctx.sms.prices;
    expect(res).toEqual([{ month: today.slice(0, 7), sms: 2, lms: 1, cost: Math.round((2 * sms + lms) * 10) / 10 }]);
  });

  it('leaves out months outside the period, and is not for a TA', async () => {
    const today = kstToday(t.clock.now);
    expect(await t.api(dashboardApi.smsSpend, { token: staff.manager.token, query: { startDate: addDays(today, 1), endDate: addDays(today, 30) } })).toEqual([]);
    expect((await t.apiError(dashboardApi.smsSpend, { token: staff.ta.token, query: { startDate: today, endDate: today } })).status).toBe(403);
  });
});
