import { clinicApi } from '@academy/contracts/clinic';
import { dashboardApi } from '@academy/contracts/dashboard';
import { addDays, kstToday } from '@academy/contracts/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeClinicTargets, makeSlot } from '../clinic/clinic.testkit.ts';
import { makeStaff, makeStudents } from '../users/users.testkit.ts';

/** The dashboard's clinic completion: the students of clinic slots per month, arrived and done. */
let t: TestApp;
let staff: Awaited<ReturnType<typeof makeStaff>>;
let slotDate: string;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  staff = await makeStaff(t);
  const kids = await makeStudents(t, 3);
  await makeClinicTargets(t, { adminToken: staff.admin.token, taToken: staff.ta.token, students: kids, scores: [40, 50, 100] });
  const slot = await makeSlot(t, { token: staff.ta.token });
  slotDate = slot.date;
  const [first] = await t.api(clinicApi.addParticipants, { token: staff.ta.token, params: { id: slot.id }, body: { userIds: [kids[0]!.id, kids[1]!.id] } });
  await t.api(clinicApi.arrival, { token: staff.ta.token, params: { id: first!.id } });
  await t.api(clinicApi.gradeSubmit, { token: staff.ta.token, params: { id: first!.id }, body: { scoreValue: 80 } });
  // A counsel slot's booking is not a clinic.
  const counsel = await makeSlot(t, { token: staff.admin.token, kind: 'counsel' });
  expect(counsel.date).toBe(slotDate);
}, 60_000);
afterAll(() => t.close());

describe('clinic completion per month', () => {
  it('counts the booked, arrived and graded students of clinic slots', async () => {
    const res = await t.api(dashboardApi.clinic, { token: staff.manager.token, query: { startDate: slotDate, endDate: slotDate } });
    expect(res).toEqual([{ month: slotDate.slice(0, 7), booked: 2, arrived: 1, completed: 1, rate: 0.5 }]);
  });

  it('leaves out slots outside the period, and is not for a TA', async () => {
    const today = kstToday(t.clock.now);
    expect(await t.api(dashboardApi.clinic, { token: staff.admin.token, query: { startDate: addDays(slotDate, 1), endDate: addDays(slotDate, 20) } })).toEqual([]);
    expect((await t.apiError(dashboardApi.clinic, { token: staff.ta.token, query: { startDate: today, endDate: today } })).status).toBe(403);
  });
});
