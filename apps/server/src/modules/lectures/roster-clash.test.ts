import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeStudent } from '../students/students.testkit.ts';
import { makeStaff, type TestAccount } from '../users/users.testkit.ts';
import { makeLecture } from './lectures.testkit.ts';

let t: TestApp;
let admin: TestAccount;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ admin } = await makeStaff(t));
}, 60_000);
afterAll(() => t.close());

describe('enrolling at a time the student already takes another lecture', () => {
  it('the clash check names the clashing lecture, day and time; enrol still goes ahead and returns the same warning', async () => {
    const s = await makeStudent(t, { token: admin.token, name: '정겹침' });
    const free = await makeStudent(t, { token: admin.token, name: '한여유' });
    await makeLecture(t, { adminToken: admin.token, name: '화 수학', schedule: [{ dayOfWeek: 2, startTime: '19:00', endTime: '21:00' }], students: [s.id] });
    const touching = await makeLecture(t, { adminToken: admin.token, name: '화 국어 뒤', schedule: [{ dayOfWeek: 2, startTime: '21:00', endTime: '22:00' }] });
    const overlapping = await makeLecture(t, { adminToken: admin.token, name: '화 영어', schedule: [{ dayOfWeek: 2, startTime: '20:00', endTime: '22:00' }] });

    const none = await t.call('POST', `/api/lectures/${touching.id}/students/clashes`, admin.token, { userIds: [s.id] });
    expect(none.status).toBe(200);
    expect(none.json).toEqual({ clashes: [] });

    const check = await t.call('POST', `/api/lectures/${overlapping.id}/students/clashes`, admin.token, { userIds: [s.id, free.id] });
    expect(check.status).toBe(200);
    expect(check.json.clashes).toEqual([{ userId: s.id, studentName: '정겹침', lectureId: expect.any(Number), lectureName: '화 수학', dayOfWeek: 2, startTime: '19:00', endTime: '21:00' }]);

    const enrol = await t.call('POST', `/api/lectures/${overlapping.id}/students`, admin.token, { userIds: [s.id, free.id] });
    expect(enrol.status).toBe(200);
    expect(enrol.json.enrolled).toBe(2);
    expect(enrol.json.clashes).toEqual(check.json.clashes);
  });

  it('refuses a bad body with a Korean message and is for staff only', async () => {
    const lec = await makeLecture(t, { adminToken: admin.token, name: '검사용' });
    const bad = await t.call('POST', `/api/lectures/${lec.id}/students/clashes`, admin.token, { userIds: [] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toMatch(/[가-힣]/);
    expect((await t.call('POST', `/api/lectures/${lec.id}/students/clashes`, undefined, { userIds: [1] })).status).toBe(401);
  });
});
