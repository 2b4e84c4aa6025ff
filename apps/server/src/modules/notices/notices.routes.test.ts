import { noticesApi } from '@academy/contracts/notices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeStaff, makeStudents, type TestAccount } from '../users/users.testkit.ts';
import { setNotice } from './notices.testkit.ts';

let t: TestApp;
let staff: Awaited<ReturnType<typeof makeStaff>>;
let student: TestAccount;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  staff = await makeStaff(t);
  student = (await makeStudents(t, 1))[0]!;
});
afterAll(() => t.close());

describe('staff and clinic notices', () => {
  it('admins edit the staff notice, TAs read it, students cannot', async () => {
    expect(await t.api(noticesApi.staff, { token: staff.ta.token })).toEqual({ content: '', updatedAt: null, updatedByName: null });
    await t.api(noticesApi.updateStaff, { token: staff.admin.token, body: { content: '토요일 클리닉은 3층에서 진행합니다.' } });
    const read = await t.api(noticesApi.staff, { token: staff.ta.token });
    expect(read).toMatchObject({ content: '토요일 클리닉은 3층에서 진행합니다.', updatedByName: '김원장' });
    expect((await t.apiError(noticesApi.updateStaff, { token: staff.ta.token, body: { content: 'x' } })).status).toBe(403);
    expect((await t.apiError(noticesApi.staff, { token: student.token })).status).toBe(403);
  });

  it('students read the clinic notice; the body is validated', async () => {
    await setNotice(t, { adminToken: staff.manager.token, which: 'clinic', content: '예약은 전날까지' });
    expect((await t.api(noticesApi.clinic, { token: student.token })).content).toBe('예약은 전날까지');
    // A number where the contract takes text: sent by hand, past the contract's types.
    const bad = await t.call<ApiError>('PUT', '/api/admin/clinic-notice', staff.manager.token, { content: 5 });
    expect(bad.status).toBe(400);
    expect(bad.json.issues![0]!.path).toBe('content');
  });
});
