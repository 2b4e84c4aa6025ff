import { clinicApi, clinicTopic, portalClinicApi, seatsTopic } from '@academy/contracts/clinic';
import { addDays, kstToday } from '@academy/contracts/dates';
import { scoresApi } from '@academy/contracts/exams';
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
const cell = (userId: number) => t.api(scoresApi.get, { token: ta(), params: { examId, userId } });

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
    const board = await t.api(portalClinicApi.board, { token: kid!.token });
    expect(board.targets).toHaveLength(1);
    expect(board.targets[0]).toMatchObject({ examId, title: '주간 테스트', first: 45, cutline: 60, clinic: 'required' });
    const slot = await makeSlot(t, { token: ta() });
    const booked = await t.api(portalClinicApi.reserve, { token: kid!.token, params: { id: slot.id }, body: {} });
    expect(booked).toMatchObject({ source: 'self', canCancel: true, target: { examId, clinic: 'booked' }, slot: { id: slot.id, reserved: 1, mine: booked.participantId } });
    expect((await cell(kid!.id)).clinic).toBe('booked');

    // The TA grades the retake on the board: the grid's 재시험 cell and 완료, through the scores rules.
    const graded = await t.api(clinicApi.gradeSubmit, { token: ta(), params: { id: booked.participantId }, body: { scoreValue: 72 } });
    expect(graded).toMatchObject({ retakeValue: 72, todos: [{ kind: '재시험', done: true }], target: { retake: 72, clinic: 'done' } });
    expect(graded.gradedAt).not.toBeNull();
    expect(await cell(kid!.id)).toMatchObject({ first: 45, retake: 72, clinic: 'done', updatedByName: '박조교' });
    const trail = await t.api(scoresApi.history, { token: ta(), params: { examId, userId: kid!.id } });
    expect(trail.map((h) => h.action)).toEqual(expect.arrayContaining(['clinic.book', 'clinic.grade']));
    expect((await t.api(portalClinicApi.board, { token: kid!.token })).targets).toEqual([]);
  });

  it('cancelling puts the score back to 클리닉대상; a retake is refused while another TA types in that cell', async () => {
    const kid = kids[1]!;
    const slot = await makeSlot(t, { token: ta(), startTime: '20:00', endTime: '21:00' });
    const booked = await t.api(portalClinicApi.reserve, { token: kid.token, params: { id: slot.id }, body: { examId } });
    expect(booked.target).toMatchObject({ examId });
    expect((await cell(kid.id)).clinic).toBe('booked');
    await t.api(portalClinicApi.cancel, { token: kid.token, params: { id: slot.id } });
    expect((await cell(kid.id)).clinic).toBe('required');

    const [again] = await t.api(clinicApi.addParticipants, { token: ta(), params: { id: slot.id }, body: { userIds: [kid.id], examId } });
    expect(again).toMatchObject({ source: 'staff', target: { examId, clinic: 'booked' } });
    await t.api(scoresApi.lock, { token: staff.manager.token, params: { examId, userId: kid.id } });
    const grade = (scoreValue: number) => ({ token: ta(), params: { id: again!.id }, body: { scoreValue } });
    const refused = await t.apiError(clinicApi.gradeSubmit, grade(65));
    expect(refused.status).toBe(409);
    expect(refused).toMatchObject({ code: 'exams.cell_locked' });
    expect(refused.message).toContain('이실장');
    expect((await cell(kid.id)).retake).toBeNull();
    await t.api(scoresApi.unlock, { token: staff.manager.token, params: { examId, userId: kid.id } });
    expect((await t.apiError(clinicApi.gradeSubmit, grade(1001))).status).toBe(400);
    expect((await t.api(clinicApi.gradeSubmit, grade(65))).target!.clinic).toBe('done');
    // A booking names only one of the student's own 클리닉대상 scores.
    const other = await makeSlot(t, { token: ta(), startTime: '10:00', endTime: '11:00' });
    expect((await t.apiError(portalClinicApi.reserve, { token: kids[4]!.token, params: { id: other.id }, body: { examId } })).code).toBe('clinic.target_invalid');
    // Without a linked exam there is nothing to grade here.
    const free = await t.api(portalClinicApi.reserve, { token: kids[4]!.token, params: { id: other.id }, body: {} });
    expect(free.target).toBeNull();
    expect((await t.apiError(clinicApi.gradeSubmit, { token: ta(), params: { id: free.participantId }, body: { scoreValue: 90 } })).code).toBe('clinic.no_exam');
  });
});

describe('the day\'s board', () => {
  it('arrival and departure are stamped, an arrival can be taken back, and every mark is audited', async () => {
    const slot = await makeSlot(t, { token: ta(), date: addDays(kstToday(t.clock.now), 2) });
    const [p] = await t.api(clinicApi.addParticipants, { token: ta(), params: { id: slot.id }, body: { userIds: [kids[3]!.id] } });
    const mark = { token: ta(), params: { id: p!.id } };
    expect((await t.apiError(clinicApi.departure, mark)).code).toBe('clinic.not_arrived');
    const arrived = await t.api(clinicApi.arrival, mark);
    expect(arrived.arrivedAt).toBe(t.clock.now.toISOString());
    t.clock.advance(60_000);
    // A second scan changes nothing.
    expect((await t.api(clinicApi.arrival, mark)).arrivedAt).toBe(arrived.arrivedAt);
    const left = await t.api(clinicApi.departure, mark);
    expect(left.departedAt).toBe(t.clock.now.toISOString());
    const undone = await t.api(clinicApi.cancelArrival, mark);
    expect(undone).toMatchObject({ arrivedAt: null, departedAt: null });
    await t.api(clinicApi.todoStatus, { ...mark, body: { todos: [{ kind: '오답정리', done: true }, { kind: '과제 확인', done: false }] } });
    // A to-do the contract does not know, sent by hand.
    expect((await t.call('PUT', `/api/clinic/participants/${p!.id}/todo-status`, ta(), { todos: [{ kind: '낮잠', done: true }] })).status).toBe(400);
    const actions = await t.ctx.db.select({ action: auditLogs.action, before: auditLogs.before, after: auditLogs.after }).from(auditLogs).where(and(eq(auditLogs.entity, 'clinic_participant'), eq(auditLogs.entityId, String(p!.id))));
    expect(actions.map((a) => a.action)).toEqual(['clinic.book', 'clinic.arrival', 'clinic.departure', 'clinic.arrival_cancel', 'clinic.todo']);
    expect(actions[3]!.before).toMatchObject({ departedAt: left.departedAt });
  });

  it('hurry texts a late student with the SMS setting\'s 「클리닉 재촉」 words through the outbox; not once they are here, nor while it is off', async () => {
    await switchSmsEvent(t, { adminToken: staff.admin.token, event: 'clinic_hurry', enabled: true });
    const date = addDays(kstToday(t.clock.now), 3);
    const slot = await makeSlot(t, { token: ta(), date, startTime: '18:30', endTime: '20:00', room: '3층 자습실' });
    const [p] = await t.api(clinicApi.addParticipants, { token: ta(), params: { id: slot.id }, body: { userIds: [kids[5]!.id] } });
    const hurried = await t.api(clinicApi.hurry, { token: ta(), params: { id: p!.id } });
    expect(hurried).toMatchObject({ hurryCount: 1, hurriedAt: t.clock.now.toISOString() });
    const [sms] = await t.ctx.db.select().from(smsOutbox).where(and(eq(smsOutbox.userId, kids[5]!.id), like(smsOutbox.purpose, 'clinic.%')));
    const [y, m, d] = [date.slice(0, 4), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
    expect(sms).toMatchObject({ toPhone: kids[5]!.phone, purpose: 'clinic.hurry', kind: 'LMS' });
    expect(sms!.body).toMatch(new RegExp(`^\\[테스트학원\\] ${kids[5]!.name} 학생, ${y}\\. ${m}\\. ${d}\\.\\([월화수목금토일]\\) 오후 6:30 클리닉이 시작되었습니다`));
    await t.api(clinicApi.arrival, { token: ta(), params: { id: p!.id } });
    expect((await t.apiError(clinicApi.hurry, { token: ta(), params: { id: p!.id } })).code).toBe('clinic.already_arrived');
    await switchSmsEvent(t, { adminToken: staff.admin.token, event: 'clinic_hurry', enabled: false });
    const [late] = await t.api(clinicApi.addParticipants, { token: ta(), params: { id: slot.id }, body: { userIds: [kids[4]!.id] } });
    const off = await t.apiError(clinicApi.hurry, { token: ta(), params: { id: late!.id } });
    expect([off.status, off.code]).toEqual([409, 'clinic.hurry_off']);
  });

  it('every open board hears a booking and an arrival at once; students follow seat counts, never the board', async () => {
    const slot = await makeSlot(t, { token: ta(), date: addDays(kstToday(t.clock.now), 4) });
    const board = await openEventStream(`${base}/api/realtime/events?topics=${clinicTopic(slot.date).name}`, staff.manager.token);
    const seats = await openEventStream(`${base}/api/realtime/events?topics=${seatsTopic(slot.date).name}`, kids[0]!.token);
    await Promise.all([board.ready, seats.ready]);
    const booked = await t.api(portalClinicApi.reserve, { token: kids[2]!.token, params: { id: slot.id }, body: {} });
    expect((await board.next((e) => e.type === 'participant')).data).toMatchObject({ participant: { userId: kids[2]!.id, name: kids[2]!.name, slotId: slot.id } });
    expect((await seats.next((e) => e.type === 'seats')).data).toEqual({ slotId: slot.id, reserved: 1, capacity: 20 });
    await t.api(clinicApi.arrival, { token: ta(), params: { id: booked.participantId } });
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
    await t.api(clinicApi.addParticipants, { token: ta(), params: { id: a.id }, body: { userIds: [kids[4]!.id, kids[3]!.id] } });
    await t.api(clinicApi.setDay, { token: ta(), params: { date }, body: { memo: '오답노트 지참' } });
    const day = await t.api(clinicApi.dailyStatus, { token: ta(), query: { startDate: date, endDate: date } });
    expect(day.days).toEqual([{ date, memo: '오답노트 지참', opensAt: null, closesAt: null }]);
    expect(day.slots.map((s) => [s.startTime, s.taName])).toEqual([['14:00', '박조교'], ['16:00', '이실장']]);
    const names = day.slots[0]!.participants.map((p) => p.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'ko')));
    expect(names).toHaveLength(2);
    const assigned = await t.api(clinicApi.dailyStatus, { token: ta(), query: { startDate: date, endDate: date, reserveType: 'assigned' } });
    expect(assigned.slots.map((s) => s.reserveType)).toEqual(['assigned']);

    const counts = await t.api(clinicApi.taCounts, { token: ta(), query: { startDate: date, endDate: date } });
    expect(counts.find((c) => c.name === '박조교')).toMatchObject({ slots: 1, capacity: 20, reserved: 2, arrived: 0 });
    expect(counts.find((c) => c.name === '이실장')).toMatchObject({ slots: 1, reserved: 0 });
    const reassigned = await t.api(clinicApi.assignTa, { token: ta(), params: { id: a.id }, body: { taId: staff.manager.id } });
    expect(reassigned.taName).toBe('이실장');
    expect((await t.apiError(clinicApi.assignTa, { token: ta(), params: { id: a.id }, body: { taId: kids[0]!.id } })).code).toBe('clinic.not_staff');
  });
});

describe('slots as staff keep them', () => {
  it('copy by day copies to other days and following weeks, and skips the slots already there', async () => {
    const from = addDays(kstToday(t.clock.now), 14);
    await makeSlot(t, { token: ta(), date: from, startTime: '18:00', endTime: '19:30', room: '자습실 A', taId: staff.ta.id, opensAt: null });
    await makeSlot(t, { token: ta(), date: from, startTime: '19:30', endTime: '21:00', room: '자습실 A', opensAt: null });
    const copied = await t.api(clinicApi.copyByDay, { token: ta(), body: { fromDate: from, toDates: [addDays(from, 1)], weeks: 2 } });
    expect(copied).toEqual({ created: 6, skipped: 0, dates: [addDays(from, 1), addDays(from, 7), addDays(from, 14)] });
    const again = await t.api(clinicApi.copyByDay, { token: ta(), body: { fromDate: from, weeks: 1 } });
    expect(again).toMatchObject({ created: 0, skipped: 2 });
    const week = await t.api(clinicApi.slots, { token: ta(), query: { startDate: addDays(from, 7), endDate: addDays(from, 7) } });
    expect(week.map((s) => [s.startTime, s.taName, s.reserved])).toEqual([['18:00', '박조교', 0], ['19:30', null, 0]]);
    expect((await t.apiError(clinicApi.copyByDay, { token: ta(), body: { fromDate: from } })).issues?.[0]?.path).toBe('toDates');
    expect((await t.apiError(clinicApi.copyByDay, { token: ta(), body: { fromDate: addDays(from, 2), weeks: 1 } })).status).toBe(404);
  });

  it('edits keep the seats honest: no capacity under the students, no deleting a slot with students, no twin slots', async () => {
    const slot = await makeSlot(t, { token: ta(), date: addDays(kstToday(t.clock.now), 10), capacity: 3 });
    const own = { token: ta(), params: { id: slot.id } };
    await t.api(clinicApi.addParticipants, { ...own, body: { userIds: [kids[0]!.id, kids[1]!.id] } });
    const body = { date: slot.date, startTime: slot.startTime, endTime: slot.endTime, room: slot.room, capacity: 1 };
    const smaller = await t.apiError(clinicApi.updateSlot, { ...own, body });
    expect(smaller).toMatchObject({ code: 'clinic.capacity_below_reserved', message: '이미 2명이 있어 정원을 1명으로 줄일 수 없습니다' });
    expect(await t.api(clinicApi.updateSlot, { ...own, body: { ...body, capacity: 2, title: '심화' } })).toMatchObject({ capacity: 2, title: '심화', reserved: 2 });
    expect((await t.apiError(clinicApi.addParticipants, { ...own, body: { userIds: [kids[2]!.id] } })).code).toBe('clinic.full');
    expect((await t.apiError(clinicApi.deleteSlot, own)).code).toBe('clinic.has_participants');
    expect((await t.apiError(clinicApi.createSlot, { token: ta(), body: { ...body, capacity: 5 } })).code).toBe('clinic.slot_exists');
    const empty = await makeSlot(t, { token: ta(), date: slot.date, startTime: '07:00', endTime: '08:00' });
    expect(await t.api(clinicApi.deleteSlot, { token: ta(), params: { id: empty.id } })).toEqual({ id: empty.id });
    // A counsel slot is not reachable as a clinic slot.
    const counsel = await makeSlot(t, { token: ta(), kind: 'counsel', capacity: 1 });
    expect((await t.apiError(clinicApi.participants, { token: ta(), params: { id: counsel.id } })).status).toBe(404);
  });
});
