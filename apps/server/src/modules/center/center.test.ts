import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { smsOutbox } from '../../lib/sms/sms.table.ts';
import { makeLecture } from '../lectures/lectures.testkit.ts';
import { makeStudent } from '../students/students.testkit.ts';
import { makeStaff, type TestAccount } from '../users/users.testkit.ts';

let t: TestApp;
let admin: TestAccount;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ admin } = await makeStaff(t));
}, 60_000);
afterAll(() => t.close());

/** Saves the SMS settings' 보내는 곳 이름, keeping the rest as it is. */
async function nameCenter(name: string): Promise<void> {
  const s = (await t.call('GET', '/api/sms/settings', admin.token)).json as { optOutNotice: string; attendanceDelayMinutes: number; weekLinkDays: number; events: unknown[] };
  const put = await t.call('PUT', '/api/sms/settings', admin.token, { senderName: name, optOutNotice: s.optOutNotice, attendanceDelayMinutes: s.attendanceDelayMinutes, weekLinkDays: s.weekLinkDays, events: s.events });
  expect(put.status).toBe(200);
}

describe('GET /api/public/center', () => {
  it('anyone reads the center name from the SMS settings and the open courses with their teachers, by grade', async () => {
    await nameCenter('별빛학원');
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

describe('texts sent by areas built before the SMS area', () => {
  it('are signed with the center name the SMS settings hold, not a generic "[학원]"', async () => {
    const texts = (userId: number, purpose: string) => t.ctx.db.select().from(smsOutbox).where(and(eq(smsOutbox.userId, userId), eq(smsOutbox.purpose, purpose)));
    await nameCenter('달빛수학');
    const s = await makeStudent(t, { token: admin.token, name: '한서윤', phone: '010-3200-0001' });
    expect((await t.call('POST', '/api/auth/find-password', null, { loginId: s.loginId, phone: '010-3200-0001' })).status).toBe(200);
    const [reset] = await texts(s.id, 'password_reset');
    expect(reset!.body).toMatch(/^\[달빛수학\] 한서윤님, 비밀번호 재설정 링크입니다/);

    expect((await t.call('PUT', `/api/students/${s.id}`, admin.token, { phone: '010-3200-0002' })).status).toBe(200);
    const [notice] = await texts(s.id, 'phone_changed');
    expect(notice!.body).toBe('[달빛수학] 한서윤님 계정의 전화번호가 변경되었습니다. 직접 요청하지 않았다면 학원에 알려 주세요.');
  });
});
