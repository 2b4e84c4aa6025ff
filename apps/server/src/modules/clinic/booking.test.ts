import { clinicApi, portalClinicApi } from '@academy/contracts/clinic';
import { addDays, kstToday } from '@academy/contracts/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, outcomeOf } from '../../../test/harness.ts';
import { makeStaff, makeStudents, type TestAccount } from '../users/users.testkit.ts';
import { clinicParticipants, clinicSlots } from './clinic.table.ts';
import { makeLecture } from '../lectures/lectures.testkit.ts';
import { makeSlot } from './clinic.testkit.ts';

let t: TestApp;
let staff: Awaited<ReturnType<typeof makeStaff>>;
let crowd: TestAccount[];
const ta = () => staff.ta.token;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  staff = await makeStaff(t);
  crowd = await makeStudents(t, 200);
}, 120_000);
afterAll(() => t.close());

const booking = (student: TestAccount, slotId: number) => ({ token: student.token, params: { id: slotId }, body: {} });
const reserve = (student: TestAccount, slotId: number) => t.api(portalClinicApi.reserve, booking(student, slotId));
const refusal = (student: TestAccount, slotId: number) => t.apiError(portalClinicApi.reserve, booking(student, slotId));
/** One of many bookings sent at once: 200, or the refusal's status, code and message. */
const attempt = (student: TestAccount, slotId: number) => outcomeOf(reserve(student, slotId));

describe('capacity under a burst', () => {
  it('200 students pressing at once for 20 seats: exactly 20 get one, the rest hear it is full', async () => {
    const slot = await makeSlot(t, { token: ta(), capacity: 20 });
    const answers = await Promise.all(crowd.map((s) => attempt(s, slot.id)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(20);
    expect(answers.filter((a) => a.status === 409 && a.code === 'clinic.full')).toHaveLength(180);
    expect(answers.find((a) => a.code === 'clinic.full')!.message).toContain('정원(20명)이 다 찼습니다');
    const [row] = await t.ctx.db.select().from(clinicSlots).where(eq(clinicSlots.id, slot.id));
    expect(row!.reserved).toBe(20);
    expect(await t.ctx.db.select().from(clinicParticipants).where(eq(clinicParticipants.slotId, slot.id))).toHaveLength(20);
    // The students who got a seat see it; the others see none, and the seat count says 20/20.
    const board = await t.api(portalClinicApi.board, { token: crowd[0]!.token, query: { from: slot.date, to: slot.date } });
    expect(board.slots.find((s) => s.id === slot.id)).toMatchObject({ reserved: 20, capacity: 20, state: 'full' });
  }, 120_000);

  it('a full slot is answered from one read, without opening a transaction', async () => {
    const slot = await makeSlot(t, { token: ta(), capacity: 1, startTime: '08:00', endTime: '09:00' });
    await reserve(crowd[0]!, slot.id);
    const statements: string[] = [];
    const stop = t.database.observe((s) => statements.push(s));
    const refused = await refusal(crowd[1]!, slot.id);
    stop();
    expect(refused.status).toBe(409);
    expect(statements.filter((s) => /^(insert|update|delete)/i.test(s.trim()))).toEqual([]);
    expect(statements.some((s) => /pg_advisory_xact_lock/.test(s))).toBe(false);
  });

  it('one student firing at five overlapping slots at once holds exactly one', async () => {
    const date = addDays(kstToday(t.clock.now), 2);
    const slots = [];
    for (const [startTime, endTime] of [['17:00', '18:00'], ['17:30', '18:30'], ['17:45', '19:00'], ['16:45', '17:50'], ['17:00', '18:00']]) {
      slots.push(await makeSlot(t, { token: ta(), date, startTime, endTime }));
    }
    const student = crowd[50]!;
    const answers = await Promise.all(slots.map((s) => attempt(student, s.id)));
    expect(answers.map((a) => a.code ?? a.status).sort()).toEqual([200, 'clinic.overlap', 'clinic.overlap', 'clinic.overlap', 'clinic.overlap']);
    expect(answers.filter((a) => a.code === 'clinic.overlap')).toHaveLength(4);
    expect(answers.find((a) => a.code === 'clinic.overlap')!.message).toMatch(/같은 시간에 이미 클리닉 예약이 있습니다 \(\d\d:\d\d–\d\d:\d\d/);
    // All five share 17:45–17:50. Back to back is not an overlap.
    const after = await makeSlot(t, { token: ta(), date, startTime: '19:00', endTime: '20:00' });
    await reserve(student, after.id);
  });

  it('moves in both directions at once between two full slots neither deadlock nor overbook', async () => {
    const date = addDays(kstToday(t.clock.now), 3);
    const a = await makeSlot(t, { token: ta(), date, startTime: '14:00', endTime: '15:00', capacity: 2 });
    const b = await makeSlot(t, { token: ta(), date, startTime: '15:00', endTime: '16:00', capacity: 2 });
    const [inA] = await t.api(clinicApi.addParticipants, { token: ta(), params: { id: a.id }, body: { userIds: [crowd[60]!.id] } });
    const [inB] = await t.api(clinicApi.addParticipants, { token: ta(), params: { id: b.id }, body: { userIds: [crowd[61]!.id] } });
    await Promise.all([
      t.api(clinicApi.move, { token: ta(), params: { id: inA!.id, slotId: b.id } }),
      t.api(clinicApi.move, { token: ta(), params: { id: inB!.id, slotId: a.id } }),
    ]);
    const seats = await t.ctx.db.select({ id: clinicSlots.id, reserved: clinicSlots.reserved }).from(clinicSlots).where(eq(clinicSlots.date, date));
    expect(seats.map((s) => s.reserved)).toEqual([1, 1]);
    // Into a full slot: refused, and the student stays where they were.
    await t.api(clinicApi.addParticipants, { token: ta(), params: { id: a.id }, body: { userIds: [crowd[62]!.id] } });
    const refused = await t.apiError(clinicApi.move, { token: ta(), params: { id: inA!.id, slotId: a.id } });
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('clinic.full');
    expect((await t.api(clinicApi.participants, { token: ta(), params: { id: b.id } })).map((p) => p.userId)).toEqual([crowd[60]!.id]);
  });
});

describe('booking windows and cancelling', () => {
  it('opens at the set time, closes at its end, and says when in Korean', async () => {
    const date = addDays(kstToday(t.clock.now), 5);
    const opensAt = new Date(t.clock.now.getTime() + 2 * 3_600_000).toISOString();
    const slot = await makeSlot(t, { token: ta(), date, opensAt });
    const early = await refusal(crowd[70]!, slot.id);
    expect(early.status).toBe(409);
    expect(early).toMatchObject({ code: 'clinic.not_open' });
    expect(early.message).toMatch(/^예약은 \d{4}\. \d{1,2}\. \d{1,2}\.\([월화수목금토일]\) \d\d:\d\d부터 할 수 있습니다$/);
    t.clock.advance(2 * 3_600_000);
    await reserve(crowd[70]!, slot.id);

    const closing = await makeSlot(t, { token: ta(), date, startTime: '10:00', endTime: '11:00', closesAt: new Date(t.clock.now.getTime() + 60_000).toISOString() });
    t.clock.advance(60_000);
    expect((await refusal(crowd[71]!, closing.id)).code).toBe('clinic.closed');
  });

  it("the center's rule: next week's booking opens on Sunday 21:00, and a day may set its own", async () => {
    const rules = await t.api(clinicApi.rules, { token: ta() });
    expect(rules).toEqual({ opensWeekday: 7, opensTime: '21:00', closeBeforeMinutes: 0, cancelBeforeMinutes: 180 });
    const far = addDays(kstToday(t.clock.now), 30);
    const slot = await makeSlot(t, { token: ta(), date: far, opensAt: null });
    const sunday = new Date(Date.parse(slot.window.opensAt) + 9 * 3_600_000);
    expect(sunday.getUTCDay()).toBe(0);
    expect(sunday.toISOString().slice(11, 16)).toBe('21:00');
    expect(slot.window.source).toBe('rule');
    expect((await refusal(crowd[72]!, slot.id)).code).toBe('clinic.not_open');
    await t.api(clinicApi.setDay, { token: ta(), params: { date: far }, body: { memo: '시험 기간', opensAt: new Date(t.clock.now.getTime() - 1000).toISOString() } });
    await reserve(crowd[72]!, slot.id);
    expect((await t.apiError(clinicApi.setRules, { token: ta(), body: { ...rules, cancelBeforeMinutes: 60 } })).status).toBe(403);
    expect((await t.apiError(clinicApi.setRules, { token: staff.admin.token, body: { ...rules, opensTime: '9시' } })).issues?.[0]?.path).toBe('opensTime');
  });

  it('a slot tied to a lecture is for its students: listed first for them, hidden from and refused to others (issue 35 item 7)', async () => {
    const [english, other] = [crowd[110]!, crowd[111]!];
    const lecture = await makeLecture(t, { adminToken: staff.admin.token, name: '고2 영어 재시험반', subject: '영어', students: [english.id] });
    const date = addDays(kstToday(t.clock.now), 4);
    const anyone = await makeSlot(t, { token: ta(), date, startTime: '17:00', endTime: '18:00' });
    const mine = await makeSlot(t, { token: ta(), date, startTime: '19:00', endTime: '20:00', lectureId: lecture.id });
    expect(mine).toMatchObject({ lectureId: lecture.id, lectureName: '고2 영어 재시험반' });
    const listed = async (student: TestAccount) => (await t.api(portalClinicApi.board, { token: student.token, query: { from: date, to: date } })).slots.map((x) => x.id);
    expect(await listed(english)).toEqual([mine.id, anyone.id]);
    expect(await listed(other)).toEqual([anyone.id]);
    const refused = await refusal(other, mine.id);
    expect(refused.status).toBe(403);
    expect(refused).toMatchObject({ code: 'clinic.not_enrolled', message: "이 클리닉 시간은 '고2 영어 재시험반' 수강생만 예약할 수 있습니다" });
    await reserve(english, mine.id);
    const unknown = await t.apiError(clinicApi.createSlot, { token: ta(), body: { date, startTime: '21:00', endTime: '22:00', capacity: 5, lectureId: 999_999 } });
    expect(unknown.status).toBe(400);
    expect(unknown.message).toContain('존재하지 않는 강좌입니다');
    expect(JSON.stringify(unknown)).toContain('lectureId');
  });

  it('the student reads the booking deadline the center set, in one sentence made from the rule (issue 35 item 7)', async () => {
    const board = () => t.api(portalClinicApi.board, { token: crowd[90]!.token });
    expect((await board()).rulesText).toBe('일요일 21:00에 다음 주 예약 시작 · 예약 마감: 시작할 때 · 취소: 시작 3시간 전까지');
    const rules = await t.api(clinicApi.rules, { token: ta() });
    await t.api(clinicApi.setRules, { token: staff.admin.token, body: { ...rules, closeBeforeMinutes: 120 } });
    expect((await board()).rulesText).toContain('예약 마감: 시작 2시간 전');
    await t.api(clinicApi.setRules, { token: staff.admin.token, body: rules });
  });

  it('a student cancels until the deadline; staff-assigned seats and 지정제 slots are the staff\'s', async () => {
    const date = addDays(kstToday(t.clock.now), 6);
    const slot = await makeSlot(t, { token: ta(), date, cancelUntil: new Date(t.clock.now.getTime() + 600_000).toISOString() });
    const student = crowd[80]!;
    await reserve(student, slot.id);
    expect(await t.api(portalClinicApi.cancel, { token: student.token, params: { id: slot.id } })).toEqual({ slotId: slot.id });
    expect((await t.api(clinicApi.slots, { token: ta(), query: { startDate: date, endDate: date } })).find((s) => s.id === slot.id)!.reserved).toBe(0);
    await reserve(student, slot.id);
    t.clock.advance(600_000);
    const late = await t.apiError(portalClinicApi.cancel, { token: student.token, params: { id: slot.id } });
    expect(late.code).toBe('clinic.cancel_closed');
    expect(late.message).toContain('까지 할 수 있습니다');

    const assigned = await makeSlot(t, { token: ta(), date, startTime: '20:00', endTime: '21:00', reserveType: 'assigned' });
    expect((await refusal(crowd[81]!, assigned.id)).code).toBe('clinic.assigned_only');
    await t.api(clinicApi.addParticipants, { token: ta(), params: { id: assigned.id }, body: { userIds: [crowd[81]!.id] } });
    expect((await t.apiError(portalClinicApi.cancel, { token: crowd[81]!.token, params: { id: assigned.id } })).code).toBe('clinic.staff_assigned');
  });
});

describe('who sees and does what', () => {
  it('students see seat counts, never other students; staff calls and other seats are out of reach', async () => {
    const slot = await makeSlot(t, { token: ta(), date: addDays(kstToday(t.clock.now), 7) });
    await reserve(crowd[90]!, slot.id);
    const board = await t.api(portalClinicApi.board, { token: crowd[91]!.token, query: { from: slot.date, to: slot.date } });
    const seen = board.slots.find((s) => s.id === slot.id);
    expect(seen).toMatchObject({ reserved: 1, mine: null, state: 'open' });
    expect(JSON.stringify(board)).not.toContain(crowd[90]!.name);
    expect((await t.apiError(clinicApi.participants, { token: crowd[91]!.token, params: { id: slot.id } })).status).toBe(403);
    expect((await t.apiError(clinicApi.dailyStatus, { token: crowd[91]!.token, query: { startDate: slot.date, endDate: slot.date } })).status).toBe(403);
    // Cancelling someone else's seat is only cancelling one's own: there is none.
    expect((await t.apiError(portalClinicApi.cancel, { token: crowd[91]!.token, params: { id: slot.id } })).code).toBe('clinic.participant_not_found');
    // A TA holds STUDENT permission but takes no seat.
    expect((await t.apiError(portalClinicApi.reserve, { token: ta(), params: { id: slot.id }, body: {} })).code).toBe('clinic.not_student');
    expect((await t.apiError(portalClinicApi.reserve, { token: null, params: { id: slot.id }, body: {} })).status).toBe(401);
  });

  it('bad input is a 400 naming the field', async () => {
    const bad = await t.apiError(clinicApi.createSlot, { token: ta(), body: { date: '2026-13-01', startTime: '18:00', endTime: '17:00', capacity: 0 } });
    expect(bad.status).toBe(400);
    const inverted = await t.apiError(clinicApi.createSlot, { token: ta(), body: { date: '2026-12-01', startTime: '18:00', endTime: '17:00', capacity: 5 } });
    expect(inverted.message).toBe('종료 시각: 끝나는 시각(17:00)이 시작 시각(18:00)보다 늦어야 합니다');
    expect((await t.apiError(clinicApi.dailyStatus, { token: ta(), query: { startDate: '2026-12-10', endDate: '2026-12-01' } })).message).toBe('종료일이 시작일보다 빠릅니다');
    expect((await t.apiError(portalClinicApi.reserve, { token: crowd[0]!.token, params: { id: 'abc' }, body: {} })).status).toBe(400);
    expect((await t.apiError(portalClinicApi.reserve, { token: crowd[0]!.token, params: { id: 999999 }, body: {} })).status).toBe(404);
  });
});
