import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('staff and clinic notices', () => {
  it('admins edit the staff notice, TAs read it, students cannot', async () => {
    const admin = await t.login('admin', 'admin1234!');
    const ta = await t.login('ta01', 'ta1234!');
    const student = await t.login('student01', 'student1234!');
    const put = await t.app.inject({ method: 'PUT', url: '/api/admin/notice', headers: bearer(admin), payload: { content: '토요일 클리닉은 3층에서 진행합니다.' } });
    expect(put.statusCode).toBe(200);
    const read = await t.app.inject({ url: '/api/notice', headers: bearer(ta) });
    expect(read.json()).toMatchObject({ content: '토요일 클리닉은 3층에서 진행합니다.', updatedByName: '김원장' });
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/notice', headers: bearer(ta), payload: { content: 'x' } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/notice', headers: bearer(student) })).statusCode).toBe(403);
  });

  it('students read the clinic notice; the body is validated', async () => {
    const manager = await t.login('manager', 'manager1234!');
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/clinic-notice', headers: bearer(manager), payload: { content: '예약은 전날까지' } })).statusCode).toBe(200);
    const student = await t.login('student01', 'student1234!');
    expect((await t.app.inject({ url: '/api/clinic-notice', headers: bearer(student) })).json().content).toBe('예약은 전날까지');
    const bad = await t.app.inject({ method: 'PUT', url: '/api/admin/clinic-notice', headers: bearer(manager), payload: { content: 5 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^content: /);
  });
});
