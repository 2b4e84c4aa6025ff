import { addDays, dayOfWeek, kstToday } from '@academy/contracts/dates';
import { attendanceApi, lecturesApi, weeklyLecturesApi } from '@academy/contracts/lectures';
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
    await t.api(lecturesApi.createDday, { token: ta.token, params: { id: math.id }, body: { title: '2027 수능', date: '2027-11-18' } });
    const old = await makeLecture(t, { adminToken: admin.token, name: '고3 수학 수능 파이널' });
    await t.api(lecturesApi.disable, { token: admin.token, params: { id: old.id } });

    const list = await t.api(lecturesApi.list, { token: ta.token });
    const found = list.find((l) => l.id === math.id)!;
    expect(found).toMatchObject({ teacherName: '정재훈', studentCount: 4, room: '301호' });
    expect(found.schedule).toHaveLength(3);
    expect(found.ddays.map((d) => d.title)).toEqual(['2027 수능']);
    expect(list.some((l) => l.id === old.id)).toBe(false);
    const all = await t.api(lecturesApi.list, { token: ta.token, query: { includeDisabled: 'true' } });
    expect(all.some((l) => l.id === old.id && l.disabled)).toBe(true);
  });

  it('creates a lecture whose schedule generates numbered weekly lectures for the whole period', async () => {
    const input = lectureInput(t, { schedule: [2, 5].map((d) => ({ dayOfWeek: d, startTime: '19:00', endTime: '21:00' })) });
    const res = await t.api(lecturesApi.create, { token: admin.token, body: input });
    const detail = await t.api(lecturesApi.get, { token: ta.token, params: { id: res.id } });
    const sessions = detail.weeklyLectures;
    // Every 화 and 금 of the period but the public holidays (the period moves with today).
    const expected: string[] = [];
    for (let d = input.startDate; d <= input.endDate; d = addDays(d, 1)) if ([2, 5].includes(dayOfWeek(d)) && !holidayOn(d)) expected.push(d);
    expect(sessions.map((s) => s.date)).toEqual(expected);
    expect(sessions.every((s) => [2, 5].includes(dayOfWeek(s.date)))).toBe(true);
    expect(sessions.map((s) => s.seq)).toEqual(sessions.map((_, i) => i + 1));
    expect(sessions[0]!.title).toMatch(/^1주차 (화|금)$/);
    expect(await auditActions('lecture', res.id)).toContain('lecture.create');
  });

  it('refuses overlapping schedule slots, a reversed slot, a reversed period and a TA creating a lecture', async () => {
    const create = (over: Parameters<typeof lectureInput>[1], token = admin.token) => t.apiError(lecturesApi.create, { token, body: lectureInput(t, over) });
    const overlap = await create({ schedule: [{ dayOfWeek: 1, startTime: '19:00', endTime: '21:00' }, { dayOfWeek: 1, startTime: '20:00', endTime: '22:00' }] });
    expect(overlap.status).toBe(400);
    expect(overlap.code).toBe('lectures.schedule_overlap');
    expect(overlap.message).toContain('겹칩니다');
    expect(overlap.issues?.[0]).toMatchObject({ part: 'body', path: 'schedule' });
    expect(overlap.message).toBe('수업 일정: 월요일 19:00–21:00과 20:00–22:00 시간이 겹칩니다');
    const reversed = await create({ schedule: [{ dayOfWeek: 1, startTime: '21:00', endTime: '19:00' }] });
    expect(reversed.code).toBe('lectures.schedule_invalid');
    const period = await create({ startDate: today, endDate: addDays(today, -1) });
    expect(period.code).toBe('lectures.period_invalid');
    expect(period.issues?.[0]?.path).toBe('endDate');
    const badTime = await create({ schedule: [{ dayOfWeek: 1, startTime: '25:00', endTime: '26:00' }] });
    expect(badTime.status).toBe(400);
    expect(badTime.issues?.[0]?.path).toBe('schedule.0.startTime');
    expect((await create({}, ta.token)).status).toBe(403);
  });

  it('a schedule change reshapes future sessions but keeps past ones and the ones holding records', async () => {
    const { id, sessions: before } = await makeLecture(t, { adminToken: admin.token });
    const past = before.filter((s) => s.date < today);
    await t.api(lecturesApi.update, { token: admin.token, params: { id }, body: lectureInput(t, { schedule: [{ dayOfWeek: 4, startTime: '18:00', endTime: '20:00' }] }) });
    const after = (await t.api(lecturesApi.get, { token: ta.token, params: { id } })).weeklyLectures;
    for (const p of past) expect(after.some((s) => s.id === p.id)).toBe(true);
    expect(after.filter((s) => s.date >= today).every((s) => dayOfWeek(s.date) === 4)).toBe(true);
    expect(after.map((s) => s.seq)).toEqual(after.map((_, i) => i + 1));
  });

  it('disables and enables a lecture; a disabled lecture refuses new sessions and attendance', async () => {
    const { id } = await makeLecture(t, { adminToken: admin.token });
    expect((await t.api(lecturesApi.disable, { token: admin.token, params: { id } })).disabled).toBe(true);
    const extra = { token: ta.token, params: { id }, body: { specialName: '보강', date: today, startTime: '14:00', endTime: '16:00' } };
    const special = await t.apiError(weeklyLecturesApi.createSpecial, extra);
    expect(special.status).toBe(409);
    expect(special.code).toBe('lectures.disabled');
    expect(special.message).toContain('비활성화된 강좌');
    expect((await t.api(lecturesApi.enable, { token: admin.token, params: { id } })).disabled).toBe(false);
    await t.api(weeklyLecturesApi.createSpecial, extra);
    expect((await t.apiError(lecturesApi.disable, { token: admin.token, params: { id: 999999 } })).status).toBe(404);
  });

  it('enrolment makes a student a participant of future sessions only; leaving keeps past records', async () => {
    const { id } = await makeLecture(t, { adminToken: admin.token });
    const s5 = students[4]!.id;
    const roster = (userIds: number[]) => ({ token: ta.token, params: { id }, body: { userIds } });
    await t.api(lecturesApi.enrol, roster([s5]));
    const sessions = await t.api(weeklyLecturesApi.list, { token: ta.token, params: { id } });
    expect(sessions.filter((s) => s.date >= today).every((s) => s.participantCount === 1)).toBe(true);
    expect(sessions.filter((s) => s.date < today).every((s) => s.participantCount === 0)).toBe(true);
    const unknown = await t.apiError(lecturesApi.enrol, roster([s5, 987654]));
    expect(unknown.status).toBe(400);
    expect(unknown.code).toBe('lectures.unknown_students');
    expect(unknown.message).toContain('987654');
    expect((await t.apiError(lecturesApi.enrol, roster([ta.id]))).status).toBe(400);
    await t.api(lecturesApi.unenrol, roster([s5]));
    expect((await t.api(lecturesApi.get, { token: ta.token, params: { id } })).students).toHaveLength(0);
  });
});

describe('D-days', () => {
  it('adds, edits, reorders in one call and deletes D-days with labels', async () => {
    const { id } = await makeLecture(t, { adminToken: admin.token });
    const other = await makeLecture(t, { adminToken: admin.token, name: '다른 반' });
    const dday = (lectureId: number, title: string, date: string) => ({ token: ta.token, params: { id: lectureId }, body: { title, date } });
    const otherDday = (await t.api(lecturesApi.createDday, dday(other.id, '기말고사', today))).id;
    const a = await t.api(lecturesApi.createDday, dday(id, '기말고사', addDays(today, 12)));
    expect(a).toMatchObject({ title: '기말고사', label: 'D-12', seq: 1 });
    const b = await t.api(lecturesApi.createDday, dday(id, '모의고사', today));
    expect(b.label).toBe('D-day');
    const c = await t.api(lecturesApi.createDday, dday(id, '수행평가', addDays(today, -3)));
    expect(c.label).toBe('D+3');
    const edited = await t.api(lecturesApi.updateDday, { token: ta.token, params: { id: a.id }, body: { title: '2학기 기말고사', date: addDays(today, 10) } });
    expect(edited).toMatchObject({ title: '2학기 기말고사', label: 'D-10' });
    const order = await t.api(lecturesApi.reorderDdays, { token: ta.token, body: { ids: [c.id, a.id, b.id] } });
    expect(order.map((d) => d.id)).toEqual([c.id, a.id, b.id]);
    const partial = await t.apiError(lecturesApi.reorderDdays, { token: ta.token, body: { ids: [a.id, b.id] } });
    expect(partial.status).toBe(400);
    expect(partial.code).toBe('lectures.dday_order_incomplete');
    expect((await t.apiError(lecturesApi.reorderDdays, { token: ta.token, body: { ids: [a.id, b.id, c.id, otherDday] } })).code).toBe('lectures.dday_order_invalid');
    await t.api(lecturesApi.deleteDday, { token: ta.token, params: { id: b.id } });
    expect((await t.apiError(lecturesApi.deleteDday, { token: ta.token, params: { id: b.id } })).status).toBe(404);
    expect((await t.apiError(lecturesApi.createDday, dday(id, '', 'tomorrow'))).status).toBe(400);
  });

  it('students cannot write D-days or read the CRM lecture list', async () => {
    expect((await t.apiError(lecturesApi.list, { token: student.token })).status).toBe(403);
    expect((await t.apiError(lecturesApi.createDday, { token: student.token, params: { id: 1 }, body: { title: 'x', date: today } })).status).toBe(403);
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
    const transfer = (id: number, b: number) => ({ token: admin.token, params: { id, a: s6, b } });
    const res = await t.api(lecturesApi.classTransfer, transfer(from, to));
    expect(res.participationsAdded).toBeGreaterThan(0);
    const rows = await t.ctx.db
      .select({ lectureId: weeklyLectureParticipants.lectureId, date: weeklyLectures.date, att: weeklyLectureParticipants.attTypeId })
      .from(weeklyLectureParticipants)
      .innerJoin(weeklyLectures, eq(weeklyLectures.id, weeklyLectureParticipants.weeklyLectureId))
      .where(eq(weeklyLectureParticipants.userId, s6));
    const old = rows.filter((r) => r.lectureId === from);
    expect(old.length).toBeGreaterThan(0);
    expect(old.every((r) => r.date < today && r.att !== null)).toBe(true);
    expect(rows.filter((r) => r.lectureId === to).every((r) => r.date >= today)).toBe(true);
    const grid = await t.api(attendanceApi.grid, { token: ta.token, params: { id: from } });
    expect(grid.students.find((s) => s.userId === s6)).toMatchObject({ enrolled: false });
    const [audit] = await t.ctx.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'lecture.class_transfer'), eq(auditLogs.entityId, String(s6))));
    expect(audit).toMatchObject({ before: { lectureId: from }, after: { lectureId: to } });
    const again = await t.apiError(lecturesApi.classTransfer, transfer(from, to));
    expect(again.status).toBe(400);
    expect(again.code).toBe('lectures.not_enrolled');
    expect((await t.apiError(lecturesApi.classTransfer, transfer(to, to))).code).toBe('lectures.transfer_same');
    expect((await t.apiError(lecturesApi.classTransfer, transfer(to, 999999))).status).toBe(404);
  });
});
