import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeStaff, makeStudents, type TestAccount } from '../users/users.testkit.ts';

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
    expect((await t.call('GET', '/api/notice', staff.ta.token)).json).toEqual({ content: '', updatedAt: null, updatedByName: null });
    const put = await t.call('PUT', '/api/admin/notice', staff.admin.token, { content: '토요일 클리닉은 3층에서 진행합니다.' });
    expect(put.status).toBe(200);
    const read = await t.call('GET', '/api/notice', staff.ta.token);
    expect(read.json).toMatchObject({ content: '토요일 클리닉은 3층에서 진행합니다.', updatedByName: '김원장' });
    expect((await t.call('PUT', '/api/admin/notice', staff.ta.token, { content: 'x' })).status).toBe(403);
    expect((await t.call('GET', '/api/notice', student.token)).status).toBe(403);
  });

  it('students read the clinic notice; the body is validated', async () => {
    expect((await t.call('PUT', '/api/admin/clinic-notice', staff.manager.token, { content: '예약은 전날까지' })).status).toBe(200);
    expect((await t.call('GET', '/api/clinic-notice', student.token)).json.content).toBe('예약은 전날까지');
    const bad = await t.call('PUT', '/api/admin/clinic-notice', staff.manager.token, { content: 5 });
    expect(bad.status).toBe(400);
    expect(bad.json.issues[0].path).toBe('content');
  });
});
