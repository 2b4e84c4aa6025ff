import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { addDays, dayOfWeek, kstToday } from './lectures.schedule.ts';

let t: TestApp;
let admin: string;
let ta: string;
let student: string;
let today: string;

const body = (over: Record<string, unknown> = {}) => ({
  name: '고1 수학 테스트반',
  subject: '수학',
  teacherName: '홍길동',
  targetGrade: '고1',
  room: '101호',
  schedule: [{ dayOfWeek: 2, startTime: '19:00', endTime: '21:00' }],
  startDate: addDays(today, -21),
  endDate: addDays(today, 27),
  ...over,
});

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, json: res.body ? res.json() : null };
}

async function studentId(loginId: string): Promise<number> {
  const [row] = await t.database.query<{ id: number }>('select id from users where login_id = $1', [loginId]);
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin1234!');
  ta = await t.login('ta01', 'ta1234!');
  student = await t.login('student01', 'student1234!');
  today = kstToday(t.clock.now);
}, 60_000);
afterAll(() => t.close());

describe('lectures', () => {
  it('lists the demo lectures with teacher, schedule, student count and D-days; disabled ones only on request', async () => {
    const list = await call('GET', '/api/lectures', ta);
    expect(list.status).toBe(200);
    const math = list.json.find((l: { name: string }) => l.name === '고2 수학 정규반');
    expect(math).toMatchObject({ teacherName: '정재훈', studentCount: 16, room: '301호' });
    expect(math.schedule).toHaveLength(3);
    expect(math.ddays.map((d: { title: string }) => d.title)).toContain('2027 수능');
    expect(list.json.some((l: { name: string }) => l.name === '고3 수학 수능 파이널')).toBe(false);
    const all = await call('GET', '/api/lectures?includeDisabled=true', ta);
    expect(all.json.some((l: { name: string; disabled: boolean }) => l.name === '고3 수학 수능 파이널' && l.disabled)).toBe(true);
  });

  it('creates a lecture whose schedule generates numbered weekly lectures for the whole period', async () => {
    const res = await call('POST', '/api/lectures', admin, body({ schedule: [{ dayOfWeek: 2, startTime: '19:00', endTime: '21:00' }, { dayOfWeek: 5, startTime: '19:00', endTime: '21:00' }] }));
    expect(res.status).toBe(200);
    const detail = await call('GET', `/api/lectures/${res.json.id}`, ta);
    const sessions = detail.json.weeklyLectures as { seq: number; title: string; date: string }[];
    expect(sessions.length).toBeGreaterThanOrEqual(13);
    expect(sessions.every((s) => [2, 5].includes(dayOfWeek(s.date)))).toBe(true);
    expect(sessions.map((s) => s.seq)).toEqual(sessions.map((_, i) => i + 1));
    expect(sessions[0]!.title).toMatch(/^1주차 (화|금)$/);
    const audit = await t.database.query<{ action: string }>("select action from audit_logs where entity = 'lecture' and entity_id = $1", [String(res.json.id)]);
    expect(audit.map((a) => a.action)).toContain('lecture.create');
  });

  it('refuses overlapping schedule slots, a reversed slot, a reversed period and a TA creating a lecture', async () => {
    const overlap = await call('POST', '/api/lectures', admin, body({ schedule: [{ dayOfWeek: 1, startTime: '19:00', endTime: '21:00' }, { dayOfWeek: 1, startTime: '20:00', endTime: '22:00' }] }));
    expect(overlap.status).toBe(400);
    expect(overlap.json.code).toBe('lectures.schedule_overlap');
    expect(overlap.json.message).toContain('겹칩니다');
    const reversed = await call('POST', '/api/lectures', admin, body({ schedule: [{ dayOfWeek: 1, startTime: '21:00', endTime: '19:00' }] }));
    expect(reversed.json.code).toBe('lectures.schedule_invalid');
    const period = await call('POST', '/api/lectures', admin, body({ startDate: today, endDate: addDays(today, -1) }));
    expect(period.json.code).toBe('lectures.period_invalid');
    const badTime = await call('POST', '/api/lectures', admin, body({ schedule: [{ dayOfWeek: 1, startTime: '25:00', endTime: '26:00' }] }));
    expect(badTime.status).toBe(400);
    expect(badTime.json.message).toMatch(/^schedule\.0\.startTime: /);
    expect((await call('POST', '/api/lectures', ta, body())).status).toBe(403);
  });

  it('a schedule change reshapes future sessions but keeps past ones and the ones holding records', async () => {
    const created = await call('POST', '/api/lectures', admin, body());
    const id = created.json.id as number;
    const before = (await call('GET', `/api/lectures/${id}`, ta)).json.weeklyLectures as { id: number; date: string }[];
    const past = before.filter((s) => s.date < today);
    const res = await call('PUT', `/api/lectures/${id}`, admin, body({ schedule: [{ dayOfWeek: 4, startTime: '18:00', endTime: '20:00' }] }));
    expect(res.status).toBe(200);
    const after = (await call('GET', `/api/lectures/${id}`, ta)).json.weeklyLectures as { id: number; date: string; seq: number }[];
    for (const p of past) expect(after.some((s) => s.id === p.id)).toBe(true);
    expect(after.filter((s) => s.date >= today).every((s) => dayOfWeek(s.date) === 4)).toBe(true);
    expect(after.map((s) => s.seq)).toEqual(after.map((_, i) => i + 1));
  });

  it('disables and enables a lecture; a disabled lecture refuses new sessions and attendance', async () => {
    const created = await call('POST', '/api/lectures', admin, body());
    const id = created.json.id as number;
    expect((await call('PUT', `/api/lectures/${id}/disable`, admin)).json.disabled).toBe(true);
    const special = await call('POST', `/api/lectures/${id}/weekly-lectures/with-special-name`, ta, { specialName: '보강', date: today, startTime: '14:00', endTime: '16:00' });
    expect(special.status).toBe(409);
    expect(special.json.code).toBe('lectures.disabled');
    expect(special.json.message).toContain('비활성화된 강좌');
    expect((await call('PUT', `/api/lectures/${id}/enable`, admin)).json.disabled).toBe(false);
    expect((await call('POST', `/api/lectures/${id}/weekly-lectures/with-special-name`, ta, { specialName: '보강', date: today, startTime: '14:00', endTime: '16:00' })).status).toBe(200);
    expect((await call('PUT', '/api/lectures/999999/disable', admin)).status).toBe(404);
  });

  it('enrolment makes a student a participant of future sessions only; leaving keeps past records', async () => {
    const created = await call('POST', '/api/lectures', admin, body());
    const id = created.json.id as number;
    const s5 = await studentId('student05');
    const enrol = await call('POST', `/api/lectures/${id}/students`, ta, { userIds: [s5] });
    expect(enrol.status).toBe(200);
    const sessions = (await call('GET', `/api/lectures/${id}/weekly-lectures`, ta)).json as { id: number; date: string; participantCount: number }[];
    expect(sessions.filter((s) => s.date >= today).every((s) => s.participantCount === 1)).toBe(true);
    expect(sessions.filter((s) => s.date < today).every((s) => s.participantCount === 0)).toBe(true);
    const unknown = await call('POST', `/api/lectures/${id}/students`, ta, { userIds: [s5, 987654] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toContain('987654');
    const left = await call('DELETE', `/api/lectures/${id}/students`, ta, { userIds: [s5] });
    expect(left.status).toBe(200);
    const detail = await call('GET', `/api/lectures/${id}`, ta);
    expect(detail.json.students).toHaveLength(0);
  });
});

describe('D-days', () => {
  it('adds, edits, reorders in one call and deletes D-days with labels', async () => {
    const id = (await call('POST', '/api/lectures', admin, body())).json.id as number;
    const a = await call('POST', `/api/lectures/${id}/ddays`, ta, { title: '기말고사', date: addDays(today, 12) });
    expect(a.json).toMatchObject({ title: '기말고사', label: 'D-12', seq: 1 });
    const b = await call('POST', `/api/lectures/${id}/ddays`, ta, { title: '모의고사', date: today });
    expect(b.json.label).toBe('D-day');
    const c = await call('POST', `/api/lectures/${id}/ddays`, ta, { title: '수행평가', date: addDays(today, -3) });
    expect(c.json.label).toBe('D+3');
    const edited = await call('PUT', `/api/lectures/ddays/${a.json.id}`, ta, { title: '2학기 기말고사', date: addDays(today, 10) });
    expect(edited.json).toMatchObject({ title: '2학기 기말고사', label: 'D-10' });
    const order = await call('PUT', '/api/lectures/ddays/seq', ta, { ids: [c.json.id, a.json.id, b.json.id] });
    expect(order.status).toBe(200);
    expect(order.json.map((d: { id: number }) => d.id)).toEqual([c.json.id, a.json.id, b.json.id]);
    const partial = await call('PUT', '/api/lectures/ddays/seq', ta, { ids: [a.json.id, b.json.id] });
    expect(partial.status).toBe(400);
    expect(partial.json.code).toBe('lectures.dday_order_incomplete');
    const otherLecture = (await call('GET', '/api/lectures', ta)).json[0].ddays[0].id as number;
    expect((await call('PUT', '/api/lectures/ddays/seq', ta, { ids: [a.json.id, b.json.id, c.json.id, otherLecture] })).json.code).toBe('lectures.dday_order_invalid');
    expect((await call('DELETE', `/api/lectures/ddays/${b.json.id}`, ta)).status).toBe(200);
    expect((await call('DELETE', `/api/lectures/ddays/${b.json.id}`, ta)).status).toBe(404);
    expect((await call('POST', `/api/lectures/${id}/ddays`, ta, { title: '', date: 'tomorrow' })).status).toBe(400);
  });

  it('students cannot write D-days or read the CRM lecture list', async () => {
    expect((await call('GET', '/api/lectures', student)).status).toBe(403);
    expect((await call('POST', '/api/lectures/1/ddays', student, { title: 'x', date: today })).status).toBe(403);
  });
});

describe('class transfer', () => {
  it('moves a student from the next session on, keeps past records in the old lecture, and is audited', async () => {
    const from = (await call('POST', '/api/lectures', admin, body({ name: '이동 전 반' }))).json.id as number;
    const to = (await call('POST', '/api/lectures', admin, body({ name: '이동 후 반', schedule: [{ dayOfWeek: 4, startTime: '19:00', endTime: '21:00' }] }))).json.id as number;
    const s6 = await studentId('student06');
    await t.database.query(
      `insert into lecture_students (lecture_id, user_id) values ($1, $2)`,
      [from, s6],
    );
    // Past participation with attendance, as if enrolled from the start.
    await t.database.query(
      `insert into weekly_lecture_participants (weekly_lecture_id, lecture_id, user_id, att_type_id)
       select w.id, w.lecture_id, $2, case when w.date < $3::date then (select id from attendance_types where name = '출석') end
       from weekly_lectures w where w.lecture_id = $1`,
      [from, s6, today],
    );
    const res = await call('POST', `/api/lectures/${from}/class-transfer/${s6}/${to}`, admin);
    expect(res.status).toBe(200);
    expect(res.json.participationsAdded).toBeGreaterThan(0);
    const rows = await t.database.query<{ lecture_id: number; date: string; att: number | null }>(
      `select p.lecture_id, to_char(w.date, 'YYYY-MM-DD') as date, p.att_type_id as att from weekly_lecture_participants p
       join weekly_lectures w on w.id = p.weekly_lecture_id where p.user_id = $1 and p.lecture_id in ($2, $3)`,
      [s6, from, to],
    );
    const old = rows.filter((r) => r.lecture_id === from);
    expect(old.length).toBeGreaterThan(0);
    expect(old.every((r) => r.date < today && r.att !== null)).toBe(true);
    expect(rows.filter((r) => r.lecture_id === to).every((r) => r.date >= today)).toBe(true);
    const grid = await call('GET', `/api/lectures/${from}/attendance-grid`, ta);
    expect(grid.json.students.find((s: { userId: number }) => s.userId === s6)).toMatchObject({ enrolled: false });
    const audit = await t.database.query<{ before: { lectureId: number }; after: { lectureId: number } }>(
      "select before, after from audit_logs where action = 'lecture.class_transfer' and entity_id = $1",
      [String(s6)],
    );
    expect(audit[0]).toMatchObject({ before: { lectureId: from }, after: { lectureId: to } });
    const again = await call('POST', `/api/lectures/${from}/class-transfer/${s6}/${to}`, admin);
    expect(again.status).toBe(400);
    expect(again.json.code).toBe('lectures.not_enrolled');
    expect((await call('POST', `/api/lectures/${to}/class-transfer/${s6}/${to}`, admin)).json.code).toBe('lectures.transfer_same');
    expect((await call('POST', `/api/lectures/${to}/class-transfer/${s6}/999999`, admin)).status).toBe(404);
  });
});
