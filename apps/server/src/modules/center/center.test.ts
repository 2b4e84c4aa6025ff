import { authApi } from '@academy/contracts/auth';
import { centerApi } from '@academy/contracts/center';
import { lecturesApi } from '@academy/contracts/lectures';
import { studentsApi } from '@academy/contracts/students';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeLecture } from '../lectures/lectures.testkit.ts';
import { makeStudent } from '../students/students.testkit.ts';
import { makeStaff, type TestAccount } from '../users/users.testkit.ts';
import { textsTo } from '../sms/sms.testkit.ts';
import { nameCenter } from './center.testkit.ts';

let t: TestApp;
let admin: TestAccount;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ admin } = await makeStaff(t));
}, 60_000);
afterAll(() => t.close());


describe('GET /api/public/center', () => {
  it('anyone reads the center name from the SMS settings and the open courses with their teachers, by grade', async () => {
    await nameCenter(t, { adminToken: admin.token, name: '별빛학원' });
    await makeLecture(t, { adminToken: admin.token, name: '고1 수학 개념반', subject: '수학', teacherName: '윤하늘', targetGrade: '고1', isPublic: true });
    await makeLecture(t, { adminToken: admin.token, name: '중3 영어 내신반', subject: '영어', teacherName: '윤하늘', targetGrade: '중3', isPublic: true });
    const closed = await makeLecture(t, { adminToken: admin.token, name: '폐강된 강좌', targetGrade: '고2', isPublic: true });
    await t.api(lecturesApi.disable, { token: admin.token, params: { id: closed.id } });

    const body = await t.api(centerApi.info);
    expect(body.name).toBe('별빛학원');
    expect(body.courses.map((c) => c.name)).toEqual(['중3 영어 내신반', '고1 수학 개념반']);
    expect(body.courses[0]!.schedule).toMatch(/\d{2}:\d{2}–\d{2}:\d{2}/);
    expect(body.teachers).toEqual([{ name: '윤하늘', subjects: ['영어', '수학'] }]);
  });
});

describe('공개 switch of a lecture', () => {
  it('a new lecture is not public: anonymous GET does not list it until staff switch 공개 on, and lists it no more once switched off', async () => {
    const draft = await makeLecture(t, { adminToken: admin.token, name: '준비 중인 특강', subject: '과학', teacherName: '문보라', targetGrade: '고1' });
    const listed = () => t.api(centerApi.info);
    const shown = await t.api(lecturesApi.get, { token: admin.token, params: { id: draft.id } });
    expect(shown.isPublic).toBe(false);
    let body = await listed();
    expect(body.courses.map((c) => c.name)).not.toContain('준비 중인 특강');
    expect(body.teachers.map((x) => x.name)).not.toContain('문보라');

    const { id, weeklyLectures: _w, students: _s, ddays: _d, disabled: _x, ...input } = shown;
    const update = (change: Partial<typeof input>) => t.api(lecturesApi.update, { token: admin.token, params: { id }, body: { ...input, ...change } });
    await update({ isPublic: true });
    body = await listed();
    expect(body.courses.map((c) => c.name)).toContain('준비 중인 특강');

    // An edit that leaves the switch out keeps it as it is.
    await update({ isPublic: undefined, room: '201호' });
    expect((await listed()).courses.map((c) => c.name)).toContain('준비 중인 특강');

    await update({ isPublic: false });
    expect((await listed()).courses.map((c) => c.name)).not.toContain('준비 중인 특강');
  });

  it('refuses a 공개 value that is not true/false with a Korean message naming the field', async () => {
    // Not a boolean, which the contract forbids: sent by hand.
    const res = await t.call('POST', '/api/lectures', admin.token, { name: '잘못된 공개', subject: '수학', teacherName: '윤하늘', schedule: [], startDate: '2026-12-01', endDate: '2026-12-31', isPublic: 'yes' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain('공개');
  });
});

describe('texts sent by areas built before the SMS area', () => {
  it('are signed with the center name the SMS settings hold, not a generic "[학원]"', async () => {
    const texts = (userId: number, purpose: string) => textsTo(t, { userId, purpose });
    await nameCenter(t, { adminToken: admin.token, name: '달빛수학' });
    const s = await makeStudent(t, { token: admin.token, name: '한서윤', phone: '010-3200-0001' });
    await t.api(authApi.findPassword, { body: { loginId: s.loginId, phone: '010-3200-0001' } });
    const [reset] = await texts(s.id, 'password_reset');
    expect(reset!.body).toMatch(/^\[달빛수학\] 한서윤님, 비밀번호 재설정 링크입니다/);

    await t.api(studentsApi.update, { token: admin.token, params: { id: s.id }, body: { phone: '010-3200-0002' } });
    const [notice] = await texts(s.id, 'phone_changed');
    expect(notice!.body).toBe('[달빛수학] 한서윤님 계정의 전화번호가 변경되었습니다. 직접 요청하지 않았다면 학원에 알려 주세요.');
  });
});
