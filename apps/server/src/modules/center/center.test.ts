import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeLecture } from '../lectures/lectures.testkit.ts';
import { makeStaff } from '../users/users.testkit.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
}, 60_000);
afterAll(() => t.close());

describe('GET /api/public/center', () => {
  it('anyone reads the center name from the SMS settings and the open courses with their teachers, by grade', async () => {
    const { admin } = await makeStaff(t);
    const s = (await t.call('GET', '/api/sms/settings', admin.token)).json as { optOutNotice: string; attendanceDelayMinutes: number; weekLinkDays: number; events: unknown[] };
    const put = await t.call('PUT', '/api/sms/settings', admin.token, { senderName: '별빛학원', optOutNotice: s.optOutNotice, attendanceDelayMinutes: s.attendanceDelayMinutes, weekLinkDays: s.weekLinkDays, events: s.events });
    expect(put.status).toBe(200);
    await makeLecture(t, { adminToken: admin.token, name: '고1 수학 개념반', subject: '수학', teacherName: '윤하늘', targetGrade: '고1' });
    await makeLecture(t, { adminToken: admin.token, name: '중3 영어 내신반', subject: '영어', teacherName: '윤하늘', targetGrade: '중3' });
    const closed = await makeLecture(t, { adminToken: admin.token, name: '폐강된 강좌', targetGrade: '고2' });
    expect((await t.call('PUT', `/api/lectures/${closed.id}/disable`, admin.token)).status).toBe(200);

    const res = await t.call('GET', '/api/public/center', undefined);
    expect(res.status).toBe(200);
    const body = res.json as { name: string; courses: { name: string; teacherName: string; schedule: string }[]; teachers: { name: string; subjects: string[] }[] };
    expect(body.name).toBe('별빛학원');
    expect(body.courses.map((c) => c.name)).toEqual(['중3 영어 내신반', '고1 수학 개념반']);
    expect(body.courses[0]!.schedule).toMatch(/\d{2}:\d{2}–\d{2}:\d{2}/);
    expect(body.teachers).toEqual([{ name: '윤하늘', subjects: ['영어', '수학'] }]);
  });
});
