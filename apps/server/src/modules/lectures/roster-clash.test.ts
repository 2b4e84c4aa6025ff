import { lecturesApi } from '@academy/contracts/lectures';
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

    const none = await t.api(lecturesApi.enrolClashes, { token: admin.token, params: { id: touching.id }, body: { userIds: [s.id] } });
    expect(none).toEqual({ clashes: [] });

    const check = await t.api(lecturesApi.enrolClashes, { token: admin.token, params: { id: overlapping.id }, body: { userIds: [s.id, free.id] } });
    expect(check.clashes).toEqual([{ userId: s.id, studentName: '정겹침', lectureId: expect.any(Number), lectureName: '화 수학', dayOfWeek: 2, startTime: '19:00', endTime: '21:00' }]);

    const enrol = await t.api(lecturesApi.enrol, { token: admin.token, params: { id: overlapping.id }, body: { userIds: [s.id, free.id] } });
    expect(enrol.enrolled).toBe(2);
    expect(enrol.clashes).toEqual(check.clashes);
  });

  it('refuses a bad body with a Korean message and is for staff only', async () => {
    const lec = await makeLecture(t, { adminToken: admin.token, name: '검사용' });
    const bad = await t.apiError(lecturesApi.enrolClashes, { token: admin.token, params: { id: lec.id }, body: { userIds: [] } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad)).toMatch(/[가-힣]/);
    expect((await t.apiError(lecturesApi.enrolClashes, { params: { id: lec.id }, body: { userIds: [1] } })).status).toBe(401);
  });
});
