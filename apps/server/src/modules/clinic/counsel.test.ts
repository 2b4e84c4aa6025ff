import { addDays, kstToday } from '@academy/contracts/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeStudent } from '../students/students.testkit.ts';
import { makeStaff } from '../users/users.testkit.ts';
import { makeSlot } from './clinic.testkit.ts';

let t: TestApp;
let staff: Awaited<ReturnType<typeof makeStaff>>;
const ta = () => staff.ta.token;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  staff = await makeStaff(t);
}, 60_000);
afterAll(() => t.close());

describe('counsel', () => {
  it('a student books with a type; the note after the session lands in their consult record and is corrected in place', async () => {
    const student = await makeStudent(t, { token: staff.admin.token, password: 'counsel-pass-1!' });
    const token = await t.login(student.loginId, 'counsel-pass-1!');
    const date = addDays(kstToday(t.clock.now), 2);
    const slot = await makeSlot(t, { token: ta(), kind: 'counsel', date, startTime: '16:00', endTime: '16:30', capacity: 1, taId: staff.manager.id, room: '상담실' });

    const board = (await t.call('GET', '/api/sp/counsel-slots', token)).json;
    expect(board.slots.find((s: { id: number }) => s.id === slot.id)).toMatchObject({ kind: 'counsel', state: 'open', reserved: 0, capacity: 1, taName: '이실장' });
    expect(board).not.toHaveProperty('targets');
    const untyped = await t.call('POST', `/api/sp/counsel-slot/${slot.id}/reserve`, token, {});
    expect(untyped.status).toBe(400);
    expect(untyped.json.message).toMatch(/상담 유형은 학습, 진로, 성적, 기타 중 하나를 골라 주세요/);
    const booked = await t.call('POST', `/api/sp/counsel-slot/${slot.id}/reserve`, token, { counselType: '진로' });
    expect(booked.json).toMatchObject({ counselType: '진로', slot: { id: slot.id, state: 'full' } });

    const day = (await t.call('GET', `/api/counsel/daily?startDate=${date}&endDate=${date}`, ta())).json;
    const p = day.slots[0].participants[0];
    expect(p).toMatchObject({ userId: student.id, counselType: '진로', consultId: null, note: null });

    const noted = await t.call('PUT', `/api/counsel/participants/${p.id}/note`, ta(), { content: '이과 진학 희망. 수학 심화반 추천.' });
    expect(noted.json).toMatchObject({ note: '이과 진학 희망. 수학 심화반 추천.' });
    const consults = (await t.call('GET', `/api/students/${student.id}/consults`, ta())).json;
    expect(consults).toHaveLength(1);
    expect(consults[0]).toMatchObject({ consultType: '진로', counselorName: '이실장', content: '이과 진학 희망. 수학 심화반 추천.', consultedAt: new Date(`${date}T16:00:00+09:00`).toISOString() });

    await t.call('PUT', `/api/counsel/participants/${p.id}/note`, ta(), { content: '이과 진학 희망. 심화반 3월 편성.', consultType: '학습' });
    const after = (await t.call('GET', `/api/students/${student.id}/consults`, ta())).json;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ consultType: '학습', content: '이과 진학 희망. 심화반 3월 편성.' });
    expect((await t.call('PUT', `/api/counsel/participants/${p.id}/note`, ta(), { content: '  ' })).json.issues[0].path).toBe('content');
  });

  it('staff open, fill and cancel counsel hours; the clinic board never shows them', async () => {
    const student = await makeStudent(t, { token: staff.admin.token });
    const date = addDays(kstToday(t.clock.now), 3);
    const slot = await makeSlot(t, { token: ta(), kind: 'counsel', date, startTime: '17:00', endTime: '17:30', capacity: 1 });
    const added = await t.call('POST', `/api/counsel/slots/${slot.id}/participants`, ta(), { userId: student.id, counselType: '성적' });
    expect(added.json).toMatchObject({ source: 'staff', counselType: '성적', target: null });
    const clinicDay = (await t.call('GET', `/api/clinic/daily-status?startDate=${date}&endDate=${date}`, ta())).json;
    expect(clinicDay.slots.find((s: { id: number }) => s.id === slot.id)).toBeUndefined();
    expect((await t.call('DELETE', `/api/counsel/participants/${added.json.id}`, ta())).json).toEqual({ id: added.json.id });
    expect((await t.call('GET', `/api/counsel/slots?startDate=${date}&endDate=${date}`, ta())).json[0].reserved).toBe(0);
    expect((await t.call('DELETE', `/api/counsel/slots/${slot.id}`, ta())).status).toBe(200);
  });
});
