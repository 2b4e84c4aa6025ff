import { addDays, dayOfWeek, kstToday } from '@academy/contracts/dates';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { auditLogs } from '../../lib/audit/audit.table.ts';
import { makeStaff, makeStudents, type TestAccount } from '../users/users.testkit.ts';
import { holidayOn } from './holidays.ts';
import { lectureInput, makeLecture } from './lectures.testkit.ts';
import { attendanceTypes, lectureStudents, weeklyLectureParticipants, weeklyLectures } from './lectures.table.ts';

let t: TestApp;
let admin: TestAccount;
let ta: TestAccount;
let student: TestAccount;
let students: TestAccount[];
let today: string;

const auditActions = async (entity: string, entityId: number) =>
  (await t.ctx.db.select({ action: auditLogs.action }).from(auditLogs).where(and(eq(auditLogs.entity, entity), eq(auditLogs.entityId, String(entityId))))).map((a) => a.action);

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ admin, ta } = await makeStaff(t));
  students = await makeStudents(t, 6);
  student = students[0]!;
  today = kstToday(t.clock.now);
}, 60_000);
afterAll(() => t.close());

describe('lectures', () => {
  it('lists lectures with teacher, schedule, student count and D-days; disabled ones only on request', async () => {
    const math = await makeLecture(t, {
      adminToken: admin.token, name: '고2 수학 정규반', teacherName: '정재훈', room: '301호', students: students.slice(0, 4).map((s) => s.id),
      schedule: [1, 3, 5].map((d) => ({ dayOfWeek: d, startTime: '19:00', endTime: '22:00' })),
    });
    await t.call('POST', `/api/lectures/${math.id}/ddays`, ta.token, { title: '2027 수능', date: '2027-11-18' });
    const old = await makeLecture(t, { adminToken: admin.token, name: '고3 수학 수능 파이널' });
    await t.call('PUT', `/api/lectures/${old.id}/disable`, admin.token);

    const list = await t.call('GET', '/api/lectures', ta.token);
    expect(list.status).toBe(200);
    const found = list.json.find((l: { id: number }) => l.id === math.id);
    expect(found).toMatchObject({ teacherName: '정재훈', studentCount: 4, room: '301호' });
    expect(found.schedule).toHaveLength(3);
    expect(found.ddays.map((d: { title: string }) => d.title)).toEqual(['2027 수능']);
    expect(list.json.some((l: { id: number }) => l.id === old.id)).toBe(false);
    const all = await t.call('GET', '/api/lectures?includeDisabled=true', ta.token);
    expect(all.json.some((l: { id: number; disabled: boolean }) => l.id === old.id && l.disabled)).toBe(true);
  });

  it('creates a lecture whose schedule generates numbered weekly lectures for the whole period', async () => {
    const res = await t.call('POST', '/api/lectures', admin.token, lectureInput(t, { schedule: [2, 5].map((d) => ({ dayOfWeek: d, startTime: '19:00', endTime: '21:00' })) }));
    expect(res.status).toBe(200);
    const detail = await t.call('GET', `/api/lectures/${res.json.id}`, ta.token);
    const sessions = detail.json.weeklyLectures as { seq: number; title: string; date: string }[];
    // Seven weeks of Tuesdays and Fridays, less the public holidays among them (성탄절 and 신정 can both be Fridays).
    const planned = Array.from({ length: 49 }, (_, i) => addDays(today, i - 21)).filter((d) => [2, 5].includes(dayOfWeek(d)) && !holidayOn(d));
    expect(sessions.map((s) => s.date)).toEqual(planned);
    expect(sessions.every((s) => [2, 5].includes(dayOfWeek(s.date)))).toBe(true);
    expect(sessions.map((s) => s.seq)).toEqual(sessions.map((_, i) => i + 1));
    expect(sessions[0]!.title).toMatch(/^1주차 (화|금)$/);
    expect(await auditActions('lecture', res.json.id)).toContain('lecture.create');
  });

  it('refuses overlapping schedule slots, a reversed slot, a reversed period and a TA creating a lecture', async () => {
    const overlap = await t.call('POST', '/api/lectures', admin.token, lectureInput(t, { schedule: [{ dayOfWeek: 1, startTime: '19:00', endTime: '21:00' }, { dayOfWeek: 1, startTime: '20:00', endTime: '22:00' }] }));
    expect(overlap.status).toBe(400);
    expect(overlap.json.code).toBe('lectures.schedule_overlap');
    expect(overlap.json.message).toContain('겹칩니다');
    expect(overlap.json.issues[0]).toMatchObject({ part: 'body', path: 'schedule' });
    expect(overlap.json.message).toBe('수업 일정: 월요일 19:00–21:00과 20:00–22:00 시간이 겹칩니다');
    const reversed = await t.call('POST', '/api/lectures', admin.token, lectureInput(t, { schedule: [{ dayOfWeek: 1, startTime: '21:00', endTime: '19:00' }] }));
    expect(reversed.json.code).toBe('lectures.schedule_invalid');
    const period = await t.call('POST', '/api/lectures', admin.token, lectureInput(t, { startDate: today, endDate: addDays(today, -1) }));
    expect(period.json.code).toBe('lectures.period_invalid');
    expect(period.json.issues[0].path).toBe('endDate');
    const badTime = await t.call('POST', '/api/lectures', admin.token, lectureInput(t, { schedule: [{ dayOfWeek: 1, startTime: '25:00', endTime: '26:00' }] }));
    expect(badTime.status).toBe(400);
    expect(badTime.json.issues[0].path).toBe('schedule.0.startTime');
    expect((await t.call('POST', '/api/lectures', ta.token, lectureInput(t))).status).toBe(403);
  });

  it('a schedule change reshapes future sessions but keeps past ones and the ones holding records', async () => {
    const { id, sessions: before } = await makeLecture(t, { adminToken: admin.token });
    const past = before.filter((s) => s.date < today);
    const res = await t.call('PUT', `/api/lectures/${id}`, admin.token, lectureInput(t, { schedule: [{ dayOfWeek: 4, startTime: '18:00', endTime: '20:00' }] }));
    expect(res.status).toBe(200);
    const after = (await t.call('GET', `/api/lectures/${id}`, ta.token)).json.weeklyLectures as { id: number; date: string; seq: number }[];
    for (const p of past) expect(after.some((s) => s.id === p.id)).toBe(true);
    expect(after.filter((s) => s.date >= today).every((s) => dayOfWeek(s.date) === 4)).toBe(true);
    expect(after.map((s) => s.seq)).toEqual(after.map((_, i) => i + 1));
  });

  it('disables and enables a lecture; a disabled lecture refuses new sessions and attendance', async () => {
    const { id } = await makeLecture(t, { adminToken: admin.token });
    expect((await t.call('PUT', `/api/lectures/${id}/disable`, admin.token)).json.disabled).toBe(true);
    const special = await t.call('POST', `/api/lectures/${id}/weekly-lectures/with-special-name`, ta.token, { specialName: '보강', date: today, startTime: '14:00', endTime: '16:00' });
    expect(special.status).toBe(409);
    expect(special.json.code).toBe('lectures.disabled');
    expect(special.json.message).toContain('비활성화된 강좌');
    expect((await t.call('PUT', `/api/lectures/${id}/enable`, admin.token)).json.disabled).toBe(false);
    expect((await t.call('POST', `/api/lectures/${id}/weekly-lectures/with-special-name`, ta.token, { specialName: '보강', date: today, startTime: '14:00', endTime: '16:00' })).status).toBe(200);
    expect((await t.call('PUT', '/api/lectures/999999/disable', admin.token)).status).toBe(404);
  });

  it('enrolment makes a student a participant of future sessions only; leaving keeps past records', async () => {
    const { id } = await makeLecture(t, { adminToken: admin.token });
    const s5 = students[4]!.id;
    const enrol = await t.call('POST', `/api/lectures/${id}/students`, ta.token, { userIds: [s5] });
    expect(enrol.status).toBe(200);
    const sessions = (await t.call('GET', `/api/lectures/${id}/weekly-lectures`, ta.token)).json as { id: number; date: string; participantCount: number }[];
    expect(sessions.filter((s) => s.date >= today).every((s) => s.participantCount === 1)).toBe(true);
    expect(sessions.filter((s) => s.date < today).every((s) => s.participantCount === 0)).toBe(true);
    const unknown = await t.call('POST', `/api/lectures/${id}/students`, ta.token, { userIds: [s5, 987654] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.code).toBe('lectures.unknown_students');
    expect(unknown.json.message).toContain('987654');
    expect((await t.call('POST', `/api/lectures/${id}/students`, ta.token, { userIds: [ta.id] })).status).toBe(400);
    const left = await t.call('DELETE', `/api/lectures/${id}/students`, ta.token, { userIds: [s5] });
    expect(left.status).toBe(200);
    expect((await t.call('GET', `/api/lectures/${id}`, ta.token)).json.students).toHaveLength(0);
  });
});

describe('D-days', () => {
  it('adds, edits, reorders in one call and deletes D-days with labels', async () => {
    const { id } = await makeLecture(t, { adminToken: admin.token });
    const other = await makeLecture(t, { adminToken: admin.token, name: '다른 반' });
    const otherDday = (await t.call('POST', `/api/lectures/${other.id}/ddays`, ta.token, { title: '기말고사', date: today })).json.id as number;
    const a = await t.call('POST', `/api/lectures/${id}/ddays`, ta.token, { title: '기말고사', date: addDays(today, 12) });
    expect(a.json).toMatchObject({ title: '기말고사', label: 'D-12', seq: 1 });
    const b = await t.call('POST', `/api/lectures/${id}/ddays`, ta.token, { title: '모의고사', date: today });
    expect(b.json.label).toBe('D-day');
    const c = await t.call('POST', `/api/lectures/${id}/ddays`, ta.token, { title: '수행평가', date: addDays(today, -3) });
    expect(c.json.label).toBe('D+3');
    const edited = await t.call('PUT', `/api/lectures/ddays/${a.json.id}`, ta.token, { title: '2학기 기말고사', date: addDays(today, 10) });
    expect(edited.json).toMatchObject({ title: '2학기 기말고사', label: 'D-10' });
    const order = await t.call('PUT', '/api/lectures/ddays/seq', ta.token, { ids: [c.json.id, a.json.id, b.json.id] });
    expect(order.status).toBe(200);
    expect(order.json.map((d: { id: number }) => d.id)).toEqual([c.json.id, a.json.id, b.json.id]);
    const partial = await t.call('PUT', '/api/lectures/ddays/seq', ta.token, { ids: [a.json.id, b.json.id] });
    expect(partial.status).toBe(400);
    expect(partial.json.code).toBe('lectures.dday_order_incomplete');
    expect((await t.call('PUT', '/api/lectures/ddays/seq', ta.token, { ids: [a.json.id, b.json.id, c.json.id, otherDday] })).json.code).toBe('lectures.dday_order_invalid');
    expect((await t.call('DELETE', `/api/lectures/ddays/${b.json.id}`, ta.token)).status).toBe(200);
    expect((await t.call('DELETE', `/api/lectures/ddays/${b.json.id}`, ta.token)).status).toBe(404);
    expect((await t.call('POST', `/api/lectures/${id}/ddays`, ta.token, { title: '', date: 'tomorrow' })).status).toBe(400);
  });

  it('students cannot write D-days or read the CRM lecture list', async () => {
    expect((await t.call('GET', '/api/lectures', student.token)).status).toBe(403);
    expect((await t.call('POST', '/api/lectures/1/ddays', student.token, { title: 'x', date: today })).status).toBe(403);
  });
});

describe('class transfer', () => {
  it('moves a student from the next session on, keeps past records in the old lecture, and is audited', async () => {
    const from = (await makeLecture(t, { adminToken: admin.token, name: '이동 전 반' })).id;
    const to = (await makeLecture(t, { adminToken: admin.token, name: '이동 후 반', schedule: [{ dayOfWeek: 4, startTime: '19:00', endTime: '21:00' }] })).id;
    const s6 = students[5]!.id;
    // Enrolled from the start, with attendance on the past sessions.
    const [present] = await t.ctx.db.select({ id: attendanceTypes.id }).from(attendanceTypes).where(eq(attendanceTypes.name, '출석'));
    await t.ctx.db.insert(lectureStudents).values({ lectureId: from, userId: s6 });
    await t.ctx.db.execute(sql`
      insert into ${weeklyLectureParticipants} (weekly_lecture_id, lecture_id, user_id, att_type_id)
      select ${weeklyLectures.id}, ${weeklyLectures.lectureId}, ${s6}, case when ${weeklyLectures.date} < ${today}::date then ${present!.id}::int end
      from ${weeklyLectures} where ${weeklyLectures.lectureId} = ${from}`);
    const res = await t.call('POST', `/api/lectures/${from}/class-transfer/${s6}/${to}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.json.participationsAdded).toBeGreaterThan(0);
    const rows = await t.ctx.db
      .select({ lectureId: weeklyLectureParticipants.lectureId, date: weeklyLectures.date, att: weeklyLectureParticipants.attTypeId })
      .from(weeklyLectureParticipants)
      .innerJoin(weeklyLectures, eq(weeklyLectures.id, weeklyLectureParticipants.weeklyLectureId))
      .where(eq(weeklyLectureParticipants.userId, s6));
    const old = rows.filter((r) => r.lectureId === from);
    expect(old.length).toBeGreaterThan(0);
    expect(old.every((r) => r.date < today && r.att !== null)).toBe(true);
    expect(rows.filter((r) => r.lectureId === to).every((r) => r.date >= today)).toBe(true);
    const grid = await t.call('GET', `/api/lectures/${from}/attendance-grid`, ta.token);
    expect(grid.json.students.find((s: { userId: number }) => s.userId === s6)).toMatchObject({ enrolled: false });
    const [audit] = await t.ctx.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'lecture.class_transfer'), eq(auditLogs.entityId, String(s6))));
    expect(audit).toMatchObject({ before: { lectureId: from }, after: { lectureId: to } });
    const again = await t.call('POST', `/api/lectures/${from}/class-transfer/${s6}/${to}`, admin.token);
    expect(again.status).toBe(400);
    expect(again.json.code).toBe('lectures.not_enrolled');
    expect((await t.call('POST', `/api/lectures/${to}/class-transfer/${s6}/${to}`, admin.token)).json.code).toBe('lectures.transfer_same');
    expect((await t.call('POST', `/api/lectures/${to}/class-transfer/${s6}/999999`, admin.token)).status).toBe(404);
  });
});
