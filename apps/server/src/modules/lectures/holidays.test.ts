import { lecturesApi, weeklyLecturesApi } from '@academy/contracts/lectures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeStaff, type TestAccount } from '../users/users.testkit.ts';
import { holidayOn } from './holidays.ts';
import { planSessions, sessionTitle } from './lectures.schedule.ts';
import { lectureInput } from './lectures.testkit.ts';

describe('the holiday calendar', () => {
  it('holds 2026–2027 holidays with substitute holidays', () => {
    expect(holidayOn('2026-12-25')).toBe('성탄절');
    expect(holidayOn('2027-01-01')).toBe('신정');
    expect(holidayOn('2026-02-17')).toBe('설날');
    expect(holidayOn('2026-09-25')).toBe('추석');
    expect(holidayOn('2026-03-02')).toBe('대체공휴일(삼일절)');
    expect(holidayOn('2027-02-09')).toBe('대체공휴일(설날)');
    expect(holidayOn('2027-12-27')).toBe('대체공휴일(성탄절)');
    expect(holidayOn('2026-12-24')).toBeNull();
  });

  it('session plans skip holidays unless the lecture keeps them; titles stay by calendar week', () => {
    const friday = { schedule: [{ dayOfWeek: 5, startTime: '19:00', endTime: '21:00' }], startDate: '2026-12-01', endDate: '2027-01-10' };
    const skipped = planSessions(friday).map((s) => s.date);
    expect(skipped).toEqual(['2026-12-04', '2026-12-11', '2026-12-18', '2027-01-08']);
    expect(planSessions({ ...friday, keepHolidays: true }).map((s) => s.date)).toEqual(['2026-12-04', '2026-12-11', '2026-12-18', '2026-12-25', '2027-01-01', '2027-01-08']);
    expect(skipped.map((date) => sessionTitle({ firstDate: skipped[0]!, date, sessionsPerWeek: 1 }))).toEqual(['1주차', '2주차', '3주차', '6주차']);
  });
});

let t: TestApp;
let admin: TestAccount;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ admin } = await makeStaff(t));
}, 60_000);
afterAll(() => t.close());

const datesOf = async (lectureId: number) =>
  (await t.api(weeklyLecturesApi.list, { token: admin.token, params: { id: lectureId } })).map((s) => s.date);

describe('lectures over 설날 2027 (2/6–2/9)', () => {
  const input = { name: '설 연휴 반', schedule: [1, 2, 3].map((d) => ({ dayOfWeek: d, startTime: '18:00', endTime: '20:00' })), startDate: '2027-02-01', endDate: '2027-02-14' };

  it('makes no session on holidays by default, and all of them with 공휴일에도 수업; switching it reshapes the future sessions', async () => {
    const created = await t.api(lecturesApi.create, { token: admin.token, body: lectureInput(t, input) });
    expect(created).toMatchObject({ keepHolidays: false });
    expect(await datesOf(created.id)).toEqual(['2027-02-01', '2027-02-02', '2027-02-03', '2027-02-10']);

    const keep = await t.api(lecturesApi.update, { token: admin.token, params: { id: created.id }, body: lectureInput(t, { ...input, keepHolidays: true }) });
    expect(keep).toMatchObject({ keepHolidays: true });
    expect(await datesOf(created.id)).toEqual(['2027-02-01', '2027-02-02', '2027-02-03', '2027-02-08', '2027-02-09', '2027-02-10']);

    await t.api(lecturesApi.update, { token: admin.token, params: { id: created.id }, body: lectureInput(t, { ...input, keepHolidays: false }) });
    expect(await datesOf(created.id)).toEqual(['2027-02-01', '2027-02-02', '2027-02-03', '2027-02-10']);
  });

  it('refuses a keepHolidays that is not a boolean, naming the field', async () => {
    const res = await t.call('POST', '/api/lectures', admin.token, { ...lectureInput(t, input), keepHolidays: 'yes' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain('keepHolidays');
  });
});
