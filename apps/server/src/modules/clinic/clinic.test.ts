import { clinicTopic, seatsTopic } from '@academy/contracts/clinic';
import { addDays, kstToday } from '@academy/contracts/dates';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { auditLogs } from '../../lib/audit/audit.table.ts';
import { smsOutbox } from '../../lib/sms/sms.table.ts';
import { switchSmsEvent } from '../sms/sms.testkit.ts';
import { makeStaff, makeStudents, type TestAccount } from '../users/users.testkit.ts';
import { makeClinicTargets, makeSlot } from './clinic.testkit.ts';

let t: TestApp;
let base: string;
let staff: Awaited<ReturnType<typeof makeStaff>>;
let kids: TestAccount[];
let examId: number;
const ta = () => staff.ta.token;
const cell = async (userId: number) => (await t.call('GET', `/api/wl-score/${examId}/${userId}`, ta())).json;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  staff = await makeStaff(t);
  kids = await makeStudents(t, 6);
  // 45, 50, 55 are under the cutline (60): 클리닉대상; the rest passed.
  ({ examId } = await makeClinicTargets(t, { adminToken: staff.admin.token, taToken: ta(), students: kids, scores: [45, 50, 55, 80, 90, 100] }));
}, 60_000);
afterAll(() => t.close());

describe('scores link in', () => {
  it('a student under the cutline sees the clinic, books it (예약완료), and the retake graded there completes it (완료) in the score grid', async () => {
    const [kid] = kids;
    const board = (await t.call('GET', '/api/sp/clinic-slots', kid!.token)).json;
    expect(board.targets).toHaveLength(1);
    expect(board.targets[0]).toMatchObject({ examId, title: '주간 테스트', first: 45, cutline: 60, clinic: 'required' });
    const slot = await makeSlot(t, { token: ta() });
    const booked = await t.call('POST', `/api/sp/clinic-slot/${slot.id}/reserve`, kid!.token, {});
    expect(booked.json).toMatchObject({ source: 'self', canCancel: true, target: { examId, clinic: 'booked' }, slot: { id: slot.id, reserved: 1, mine: booked.json.participantId } });
    expect((await cell(kid!.id)).clinic).toBe('booked');

    // The TA grades the retake on the board: the grid's 재시험 cell and 완료, through the scores rules.
    const graded = await t.call('POST', `/api/clinic/participants/${booked.json.participantId}/grade-submit`, ta(), { scoreValue: 72 });
    expect(graded.json).toMatchObject({ retakeValue: 72, todos: [{ kind: '재시험', done: true }], target: { retake: 72, clinic: 'done' } });
    expect(graded.json.gradedAt).not.toBeNull();
    expect(await cell(kid!.id)).toMatchObject({ first: 45, retake: 72, clinic: 'done', updatedByName: '박조교' });
    const trail = await t.call('GET', `/api/wl-score/${examId}/${kid!.id}/history`, ta());
    expect(trail.json.map((h: { action: string }) => h.action)).toEqual(expect.arrayContaining(['clinic.book', 'clinic.grade']));
    expect((await t.call('GET', '/api/sp/clinic-slots', kid!.token)).json.targets).toEqual([]);
  });

  it('cancelling puts the score back to 클리닉대상; a retake is refused while another TA types in that cell', async () => {
    const kid = kids[1]!;
    const slot = await makeSlot(t, { token: ta(), startTime: '20:00', endTime: '21:00' });
    const booked = await t.call('POST', `/api/sp/clinic-slot/${slot.id}/reserve`, kid.token, { examId });
    expect(booked.json.target).toMatchObject({ examId });
    expect((await cell(kid.id)).clinic).toBe('booked');
    expect((await t.call('POST', `/api/sp/clinic-slot/${slot.id}/cancel`, kid.token)).status).toBe(200);
    expect((await cell(kid.id)).clinic).toBe('required');

    const again = await t.call('POST', `/api/clinic/slots/${slot.id}/participants`, ta(), { userIds: [kid.id], examId });
    expect(again.json[0]).toMatchObject({ source: 'staff', target: { examId, clinic: 'booked' } });
    expect((await t.call('POST', `/api/wl-score/${examId}/${kid.id}/lock`, staff.manager.token)).status).toBe(200);
    const refused = await t.call('POST', `/api/clinic/participants/${again.json[0].id}/grade-submit`, ta(), { scoreValue: 65 });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'exams.cell_locked' });
    expect(refused.json.message).toContain('이실장');
    expect((await cell(kid.id)).retake).toBeNull();
    await t.call('POST', `/api/wl-score/${examId}/${kid.id}/lock/release`, staff.manager.token);
    expect((await t.call('POST', `/api/clinic/participants/${again.json[0].id}/grade-submit`, ta(), { scoreValue: 1001 })).status).toBe(400);
    expect((await t.call('POST', `/api/clinic/participants/${again.json[0].id}/grade-submit`, ta(), { scoreValue: 65 })).json.target.clinic).toBe('done');
    // A booking names only one of the student's own 클리닉대상 scores.
    const other = await makeSlot(t, { token: ta(), startTime: '10:00', endTime: '11:00' });
    expect((await t.call('POST', `/api/sp/clinic-slot/${other.id}/reserve`, kids[4]!.token, { examId })).json.code).toBe('clinic.target_invalid');
    // Without a linked exam there is nothing to grade here.
    const free = (await t.call('POST', `/api/sp/clinic-slot/${other.id}/reserve`, kids[4]!.token, {})).json;
    expect(free.target).toBeNull();
    expect((await t.call('POST', `/api/clinic/participants/${free.participantId}/grade-submit`, ta(), { scoreValue: 90 })).json.code).toBe('clinic.no_exam');
  });
});

describe('the day\'s board', () => {
  it('arrival and departure are stamped, an arrival can be taken back, and every mark is audited', async () => {
    const slot = await makeSlot(t, { token: ta(), date: addDays(kstToday(t.clock.now), 2) });
    const [p] = (await t.call('POST', `/api/clinic/slots/${slot.id}/participants`, ta(), { userIds: [kids[3]!.id] })).json;
    expect((await t.call('POST', `/api/clinic/participants/${p.id}/departure`, ta())).json.code).toBe('clinic.not_arrived');
    const arrived = await t.call('POST', `/api/clinic/participants/${p.id}/arrival`, ta());
    expect(arrived.json.arrivedAt).toBe(t.clock.now.toISOString());
    t.clock.advance(60_000);
    // A second scan changes nothing.
    expect((await t.call('POST', `/api/clinic/participants/${p.id}/arrival`, ta())).json.arrivedAt).toBe(arrived.json.arrivedAt);
    const left = await t.call('POST', `/api/clinic/participants/${p.id}/departure`, ta());
    expect(left.json.departedAt).toBe(t.clock.now.toISOString());
    const undone = await t.call('POST', `/api/clinic/participants/${p.id}/arrival/cancel`, ta());
    expect(undone.json).toMatchObject({ arrivedAt: null, departedAt: null });
    await t.call('PUT', `/api/clinic/participants/${p.id}/todo-status`, ta(), { todos: [{ kind: '오답정리', done: true }, { kind: '과제 확인', done: false }] });
    expect((await t.call('PUT', `/api/clinic/participants/${p.id}/todo-status`, ta(), { todos: [{ kind: '낮잠', done: true }] })).status).toBe(400);
    const actions = await t.ctx.db.select({ action: auditLogs.action, before: auditLogs.before, after: auditLogs.after }).from(auditLogs).where(and(eq(auditLogs.entity, 'clinic_participant'), eq(auditLogs.entityId, String(p.id))));
    expect(actions.map((a) => a.action)).toEqual(['clinic.book', 'clinic.arrival', 'clinic.departure', 'clinic.arrival_cancel', 'clinic.todo']);
    expect(actions[3]!.before).toMatchObject({ departedAt: left.json.departedAt });
  });

  it('hurry texts a late student with the SMS setting\'s 「클리닉 재촉」 words through the outbox; not once they are here, nor while it is off', async () => {
    await switchSmsEvent(t, { adminToken: staff.admin.token, event: 'clinic_hurry', enabled: true });
    const date = addDays(kstToday(t.clock.now), 3);
    const slot = await makeSlot(t, { token: ta(), date, startTime: '18:30', endTime: '20:00', room: '3층 자습실' });
    const [p] = (await t.call('POST', `/api/clinic/slots/${slot.id}/participants`, ta(), { userIds: [kids[5]!.id] })).json;
    const hurried = await t.call('POST', `/api/clinic/participants/${p.id}/hurry`, ta());
    expect(hurried.json).toMatchObject({ hurryCount: 1, hurriedAt: t.clock.now.toISOString() });
    const [sms] = await t.ctx.db.select().from(smsOutbox).where(and(eq(smsOutbox.userId, kids[5]!.id), like(smsOutbox.purpose, 'clinic.%')));
    const [y, m, d] = [date.slice(0, 4), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
    expect(sms).toMatchObject({ toPhone: kids[5]!.phone, purpose: 'clinic.hurry', kind: 'LMS' });
    expect(sms!.body).toMatch(new RegExp(`^\\[테스트학원\\] ${kids[5]!.name} 학생, ${y}\\. ${m}\\. ${d}\\.\\([월화수목금토일]\\) 오후 6:30 클리닉이 시작되었습니다`));
    await t.call('POST', `/api/clinic/participants/${p.id}/arrival`, ta());
    expect((await t.call('POST', `/api/clinic/participants/${p.id}/hurry`, ta())).json.code).toBe('clinic.already_arrived');
    await switchSmsEvent(t, { adminToken: staff.admin.token, event: 'clinic_hurry', enabled: false });
    const [late] = (await t.call('POST', `/api/clinic/slots/${slot.id}/participants`, ta(), { userIds: [kids[4]!.id] })).json;
    const off = await t.call('POST', `/api/clinic/participants/${late.id}/hurry`, ta());
    expect([off.status, off.json.code]).toEqual([409, 'clinic.hurry_off']);
  });

  it('every open board hears a booking and an arrival at once; students follow seat counts, never the board', async () => {
    const slot = await makeSlot(t, { token: ta(), date: addDays(kstToday(t.clock.now), 4) });
    const board = await openEventStream(`${base}/api/realtime/events?topics=${clinicTopic(slot.date).name}`, staff.manager.token);
    const seats = await openEventStream(`${base}/api/realtime/events?topics=${seatsTopic(slot.date).name}`, kids[0]!.token);
    await Promise.all([board.ready, seats.ready]);
    const booked = (await t.call('POST', `/api/sp/clinic-slot/${slot.id}/reserve`, kids[2]!.token, {})).json;
    expect((await board.next((e) => e.type === 'participant')).data).toMatchObject({ participant: { userId: kids[2]!.id, name: kids[2]!.name, slotId: slot.id } });
    expect((await seats.next((e) => e.type === 'seats')).data).toEqual({ slotId: slot.id, reserved: 1, capacity: 20 });
    await t.call('POST', `/api/clinic/participants/${booked.participantId}/arrival`, ta());
    const arrival = await board.next((e) => e.type === 'participant' && (e.data as { participant: { arrivedAt: string | null } }).participant.arrivedAt !== null);
    expect(arrival.data).toMatchObject({ participant: { id: booked.participantId } });
    expect(JSON.stringify(seats.events)).not.toContain(kids[2]!.name);
    board.close();
    seats.close();
    expect((await t.call('GET', `/api/realtime/events?topics=${clinicTopic(slot.date).name}`, kids[0]!.token)).status).toBe(403);
  });

  it('daily status lists slots × participants by name, with the day memo, filtered by reserve type', async () => {
    const date = addDays(kstToday(t.clock.now), 9);
    const a = await makeSlot(t, { token: ta(), date, startTime: '14:00', endTime: '16:00', taId: staff.ta.id, title: '주말 클리닉' });
    await makeSlot(t, { token: ta(), date, startTime: '16:00', endTime: '18:00', reserveType: 'assigned', taId: staff.manager.id });
    await t.call('POST', `/api/clinic/slots/${a.id}/participants`, ta(), { userIds: [kids[4]!.id, kids[3]!.id] });
    await t.call('PUT', `/api/clinic/days/${date}`, ta(), { memo: '오답노트 지참' });
    const day = (await t.call('GET', `/api/clinic/daily-status?startDate=${date}&endDate=${date}`, ta())).json;
    expect(day.days).toEqual([{ date, memo: '오답노트 지참', opensAt: null, closesAt: null }]);
    expect(day.slots.map((s: { startTime: string; taName: string }) => [s.startTime, s.taName])).toEqual([['14:00', '박조교'], ['16:00', '이실장']]);
    const names = day.slots[0].participants.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'ko')));
    expect(names).toHaveLength(2);
    const assigned = (await t.call('GET', `/api/clinic/daily-status?startDate=${date}&endDate=${date}&reserveType=assigned`, ta())).json;
    expect(assigned.slots.map((s: { reserveType: string }) => s.reserveType)).toEqual(['assigned']);

    const counts = (await t.call('GET', `/api/clinic/ta-counts?startDate=${date}&endDate=${date}`, ta())).json;
    expect(counts.find((c: { name: string }) => c.name === '박조교')).toMatchObject({ slots: 1, capacity: 20, reserved: 2, arrived: 0 });
    expect(counts.find((c: { name: string }) => c.name === '이실장')).toMatchObject({ slots: 1, reserved: 0 });
    const reassigned = await t.call('PUT', `/api/clinic/slots/${a.id}/ta`, ta(), { taId: staff.manager.id });
    expect(reassigned.json.taName).toBe('이실장');
    expect((await t.call('PUT', `/api/clinic/slots/${a.id}/ta`, ta(), { taId: kids[0]!.id })).json.code).toBe('clinic.not_staff');
  });
});

describe('slots as staff keep them', () => {
  it('copy by day copies to other days and following weeks, and skips the slots already there', async () => {
    const from = addDays(kstToday(t.clock.now), 14);
    await makeSlot(t, { token: ta(), date: from, startTime: '18:00', endTime: '19:30', room: '자습실 A', taId: staff.ta.id, opensAt: null });
    await makeSlot(t, { token: ta(), date: from, startTime: '19:30', endTime: '21:00', room: '자습실 A', opensAt: null });
    const copied = await t.call('POST', '/api/clinic/slots/copy-by-day', ta(), { fromDate: from, toDates: [addDays(from, 1)], weeks: 2 });
    expect(copied.json).toEqual({ created: 6, skipped: 0, dates: [addDays(from, 1), addDays(from, 7), addDays(from, 14)] });
    const again = await t.call('POST', '/api/clinic/slots/copy-by-day', ta(), { fromDate: from, weeks: 1 });
    expect(again.json).toMatchObject({ created: 0, skipped: 2 });
    const week = (await t.call('GET', `/api/clinic/slots?startDate=${addDays(from, 7)}&endDate=${addDays(from, 7)}`, ta())).json;
    expect(week.map((s: { startTime: string; taName: string | null; reserved: number }) => [s.startTime, s.taName, s.reserved])).toEqual([['18:00', '박조교', 0], ['19:30', null, 0]]);
    expect((await t.call('POST', '/api/clinic/slots/copy-by-day', ta(), { fromDate: from })).json.issues[0].path).toBe('toDates');
    expect((await t.call('POST', '/api/clinic/slots/copy-by-day', ta(), { fromDate: addDays(from, 2), weeks: 1 })).status).toBe(404);
  });

  it('edits keep the seats honest: no capacity under the students, no deleting a slot with students, no twin slots', async () => {
    const slot = await makeSlot(t, { token: ta(), date: addDays(kstToday(t.clock.now), 10), capacity: 3 });
    await t.call('POST', `/api/clinic/slots/${slot.id}/participants`, ta(), { userIds: [kids[0]!.id, kids[1]!.id] });
    const body = { date: slot.date, startTime: slot.startTime, endTime: slot.endTime, room: slot.room, capacity: 1 };
    const smaller = await t.call('PUT', `/api/clinic/slots/${slot.id}`, ta(), body);
    expect(smaller.json).toMatchObject({ code: 'clinic.capacity_below_reserved', message: '이미 2명이 있어 정원을 1명으로 줄일 수 없습니다' });
    expect((await t.call('PUT', `/api/clinic/slots/${slot.id}`, ta(), { ...body, capacity: 2, title: '심화' })).json).toMatchObject({ capacity: 2, title: '심화', reserved: 2 });
    expect((await t.call('POST', `/api/clinic/slots/${slot.id}/participants`, ta(), { userIds: [kids[2]!.id] })).json.code).toBe('clinic.full');
    expect((await t.call('DELETE', `/api/clinic/slots/${slot.id}`, ta())).json.code).toBe('clinic.has_participants');
    expect((await t.call('POST', '/api/clinic/slots', ta(), { ...body, capacity: 5 })).json.code).toBe('clinic.slot_exists');
    const empty = await makeSlot(t, { token: ta(), date: slot.date, startTime: '07:00', endTime: '08:00' });
    expect((await t.call('DELETE', `/api/clinic/slots/${empty.id}`, ta())).json).toEqual({ id: empty.id });
    // A counsel slot is not reachable as a clinic slot.
    const counsel = await makeSlot(t, { token: ta(), kind: 'counsel', capacity: 1 });
    expect((await t.call('GET', `/api/clinic/slots/${counsel.id}/participants`, ta())).status).toBe(404);
  });
});
