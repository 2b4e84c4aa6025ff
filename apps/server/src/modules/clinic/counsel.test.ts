import { clinicApi } from '@academy/contracts/clinic';
import { counselApi, portalCounselApi } from '@academy/contracts/counsel';
import { addDays, kstToday } from '@academy/contracts/dates';
import { studentRecordsApi } from '@academy/contracts/student-records';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, type ApiInput, createTestApp, type TestApp } from '../../../test/harness.ts';
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

    const board = await t.api(portalCounselApi.board, { token });
    expect(board.slots.find((s) => s.id === slot.id)).toMatchObject({ kind: 'counsel', state: 'open', reserved: 0, capacity: 1, taName: '이실장' });
    expect(board).not.toHaveProperty('targets');
    // No type at all: the contract requires one, so this body is sent by hand.
    const untyped = await t.call<ApiError>('POST', `/api/sp/counsel-slot/${slot.id}/reserve`, token, {});
    expect(untyped.status).toBe(400);
    expect(untyped.json.message).toMatch(/상담 유형은 학습, 진로, 성적, 기타 중 하나를 골라 주세요/);
    const booked = await t.api(portalCounselApi.reserve, { token, params: { id: slot.id }, body: { counselType: '진로' } });
    expect(booked).toMatchObject({ counselType: '진로', slot: { id: slot.id, state: 'full' } });

    const day = await t.api(counselApi.daily, { token: ta(), query: { startDate: date, endDate: date } });
    const p = day.slots[0]!.participants[0]!;
    expect(p).toMatchObject({ userId: student.id, counselType: '진로', consultId: null, note: null });

    const note = (body: ApiInput<typeof counselApi.note>['body']) => ({ token: ta(), params: { id: p.id }, body });
    const noted = await t.api(counselApi.note, note({ content: '이과 진학 희망. 수학 심화반 추천.' }));
    expect(noted).toMatchObject({ note: '이과 진학 희망. 수학 심화반 추천.' });
    const consults = await t.api(studentRecordsApi.consults, { token: ta(), params: { id: student.id } });
    expect(consults).toHaveLength(1);
    expect(consults[0]).toMatchObject({ consultType: '진로', counselorName: '이실장', content: '이과 진학 희망. 수학 심화반 추천.', consultedAt: new Date(`${date}T16:00:00+09:00`).toISOString() });

    await t.api(counselApi.note, note({ content: '이과 진학 희망. 심화반 3월 편성.', consultType: '학습' }));
    const after = await t.api(studentRecordsApi.consults, { token: ta(), params: { id: student.id } });
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ consultType: '학습', content: '이과 진학 희망. 심화반 3월 편성.' });
    expect((await t.apiError(counselApi.note, note({ content: '  ' }))).issues?.[0]?.path).toBe('content');
  });

  it('staff open, fill and cancel counsel hours; the clinic board never shows them', async () => {
    const student = await makeStudent(t, { token: staff.admin.token });
    const date = addDays(kstToday(t.clock.now), 3);
    const slot = await makeSlot(t, { token: ta(), kind: 'counsel', date, startTime: '17:00', endTime: '17:30', capacity: 1 });
    const added = await t.api(counselApi.addParticipant, { token: ta(), params: { id: slot.id }, body: { userId: student.id, counselType: '성적' } });
    expect(added).toMatchObject({ source: 'staff', counselType: '성적', target: null });
    const clinicDay = await t.api(clinicApi.dailyStatus, { token: ta(), query: { startDate: date, endDate: date } });
    expect(clinicDay.slots.find((s) => s.id === slot.id)).toBeUndefined();
    expect(await t.api(counselApi.removeParticipant, { token: ta(), params: { id: added.id } })).toEqual({ id: added.id });
    expect((await t.api(counselApi.slots, { token: ta(), query: { startDate: date, endDate: date } }))[0]!.reserved).toBe(0);
    await t.api(counselApi.deleteSlot, { token: ta(), params: { id: slot.id } });
  });
});
