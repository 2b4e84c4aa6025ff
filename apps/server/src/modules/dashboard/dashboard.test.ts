import { addDays, kstToday } from '@academy/contracts/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { choiceKey, makeExam, sheet } from '../exams/exams.testkit.ts';
import { makeLecture } from '../lectures/lectures.testkit.ts';
import { makeStaff, makeStudents } from '../users/users.testkit.ts';

let t: TestApp;
let admin: string;
let manager: string;
let ta: string;
let lectureId: number;
let otherId: number;
let today: string;
let later: string;
let sessions: { id: number; date: string }[];
let students: number[];
let newcomers: number[];
let types: Record<string, number>;
let quiz: number;
let unsat: number;

const monday = (iso: string) => {
  const day = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return addDays(iso, -((day + 6) % 7));
};
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const staff = await makeStaff(t);
  admin = staff.admin.token;
  manager = staff.manager.token;
  ta = staff.ta.token;
  today = kstToday(t.clock.now);
  students = (await makeStudents(t, 4)).map((s) => s.id);
  const lecture = await makeLecture(t, {
    adminToken: admin, name: '대시보드 수학반', targetGrade: '고2',
    schedule: [{ dayOfWeek: 1, startTime: '19:00', endTime: '21:00' }, { dayOfWeek: 4, startTime: '19:00', endTime: '21:00' }],
    startDate: today, endDate: addDays(today, 20), students,
  });
  lectureId = lecture.id;
  sessions = lecture.sessions.map((s) => ({ id: s.id, date: s.date }));
  otherId = (await makeLecture(t, { adminToken: admin, name: '대시보드 영어반', targetGrade: '중3', startDate: today, endDate: addDays(today, 20), students: [students[0]!] })).id;
  types = Object.fromEntries((await t.call('GET', '/api/attendance-types', ta)).json.map((x: { name: string; id: number }) => [x.name, x.id]));
  const mark = async (wl: number, userId: number, name: string) => {
    const res = await t.call('PUT', `/api/lectures/${lectureId}/weekly-lectures/${wl}/attendance`, ta, { userId, attTypeId: types[name] });
    expect(res.status).toBe(200);
  };
  // First session: 출석, 지각, 결석 (the fourth student unmarked); second session: one 출석.
  await mark(sessions[0]!.id, students[0]!, '출석');
  await mark(sessions[0]!.id, students[1]!, '지각');
  await mark(sessions[0]!.id, students[2]!, '결석');
  await mark(sessions[1]!.id, students[0]!, '출석');
  // A 100-point quiz with cutline 60 in the first session: 90, 50, 70; an empty one in the second.
  const key = choiceKey(20);
  quiz = (await makeExam(t, { token: ta, lectureId, weeklyLectureId: sessions[0]!.id, title: '1주차 테스트', questions: key, cutline: 60 })).id;
  for (const [i, right] of [18, 10, 14].entries()) {
    expect((await t.call('POST', `/api/wl-score/${quiz}/${students[i]!}/manual-entry`, ta, { answers: sheet(key, right) })).status).toBe(200);
  }
  unsat = (await makeExam(t, { token: ta, lectureId, weeklyLectureId: sessions[1]!.id, title: '2주차 테스트', questions: key })).id;
  // The fourth student leaves this month; forty days on, two newcomers join.
  expect((await t.call('DELETE', `/api/lectures/${lectureId}/students`, admin, { userIds: [students[3]!] })).status).toBe(200);
  t.clock.advance(40 * DAY_MS);
  later = kstToday(t.clock.now);
  newcomers = (await makeStudents(t, 2)).map((s) => s.id);
  expect((await t.call('POST', `/api/lectures/${lectureId}/students`, admin, { userIds: newcomers })).status).toBe(200);
}, 60_000);
afterAll(() => t.close());

const period = (startDate: string, endDate: string) => `startDate=${startDate}&endDate=${endDate}`;

describe('dashboard figures', () => {
  it('counts active, new and leaving students per month by lecture and grade', async () => {
    const first = `${today.slice(0, 7)}-01`;
    const res = await t.call('GET', `/api/dashboard/enrollment?${period(first, later)}`, admin);
    expect(res.status).toBe(200);
    const rows = res.json as { month: string; lectureId: number; targetGrade: string; active: number; joined: number; left: number }[];
    const math = rows.filter((r) => r.lectureId === lectureId);
    const thisMonth = math.find((r) => r.month === today.slice(0, 7))!;
    expect(thisMonth).toMatchObject({ targetGrade: '고2', active: 4, joined: 4, left: 1 });
    const laterMonth = math.find((r) => r.month === later.slice(0, 7))!;
    expect(laterMonth).toMatchObject({ active: 5, joined: 2, left: 0 });
    expect(rows.find((r) => r.lectureId === otherId && r.month === today.slice(0, 7))).toMatchObject({ targetGrade: '중3', active: 1, joined: 1, left: 0 });
    // A month between the two holds the three who stayed, and nobody joined or left.
    for (const r of math.filter((x) => x.month > today.slice(0, 7) && x.month < later.slice(0, 7))) expect(r).toMatchObject({ active: 3, joined: 0, left: 0 });
  });

  it('starts counting at the period, not at the month it falls in', async () => {
    const res = await t.call('GET', `/api/dashboard/enrollment?${period(addDays(today, 1), addDays(today, 1))}`, admin);
    expect(res.json.find((r: { lectureId: number }) => r.lectureId === lectureId)).toMatchObject({ active: 3, joined: 0, left: 0 });
  });

  it('gives the attendance rate and lateness per lecture and week', async () => {
    const end = sessions.at(-1)!.date;
    const res = await t.call('GET', `/api/dashboard/attendance?${period(today, end)}`, manager);
    expect(res.status).toBe(200);
    const rows = (res.json as { weekStart: string; lectureId: number; sessions: number; marked: number; present: number; late: number; rate: number | null }[]).filter((r) => r.lectureId === lectureId);
    const perWeek = new Map<string, number>();
    for (const s of sessions.filter((x) => x.date <= end)) perWeek.set(monday(s.date), (perWeek.get(monday(s.date)) ?? 0) + 1);
    expect(rows.map((r) => [r.weekStart, r.sessions])).toEqual([...perWeek.entries()].sort());
    const firstWeek = monday(sessions[0]!.date);
    const secondWeek = monday(sessions[1]!.date);
    const marked = (w: string) => (w === firstWeek ? 3 : 0) + (w === secondWeek ? 1 : 0);
    const present = (w: string) => (w === firstWeek ? 2 : 0) + (w === secondWeek ? 1 : 0);
    for (const r of rows) {
      expect(r).toMatchObject({ marked: marked(r.weekStart), present: present(r.weekStart), late: r.weekStart === firstWeek ? 1 : 0 });
      expect(r.rate).toBe(marked(r.weekStart) === 0 ? null : present(r.weekStart) / marked(r.weekStart));
    }
  });

  it('gives each exam its class average against its cutline, by session date', async () => {
    const res = await t.call('GET', `/api/dashboard/scores?${period(today, sessions[1]!.date)}`, admin);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { examId: quiz, lectureId, lectureName: '대시보드 수학반', weeklyLectureId: sessions[0]!.id, date: sessions[0]!.date, title: '1주차 테스트', maxScore: 100, cutline: 60, takers: 3, average: 70, below: 1 },
      { examId: unsat, lectureId, lectureName: '대시보드 수학반', weeklyLectureId: sessions[1]!.id, date: sessions[1]!.date, title: '2주차 테스트', maxScore: 100, cutline: null, takers: 0, average: null, below: 0 },
    ]);
    expect((await t.call('GET', `/api/dashboard/scores?${period(addDays(today, -30), addDays(today, -1))}`, admin)).json).toEqual([]);
  });

  it('leaves out sessions outside the period', async () => {
    const res = await t.call('GET', `/api/dashboard/attendance?${period(addDays(today, -30), addDays(today, -1))}`, admin);
    expect(res.json.filter((r: { lectureId: number }) => r.lectureId === lectureId)).toEqual([]);
  });
});

describe('who may see the dashboard, and bad periods', () => {
  it('is for ADMIN and 실장 only', async () => {
    const q = period(today, today);
    expect((await t.call('GET', `/api/dashboard/enrollment?${q}`, ta)).status).toBe(403);
    expect((await t.call('GET', `/api/dashboard/attendance?${q}`, ta)).status).toBe(403);
    expect((await t.call('GET', `/api/dashboard/attendance?${q}`, null)).status).toBe(401);
    expect((await t.call('GET', `/api/dashboard/enrollment?${q}`, manager)).status).toBe(200);
  });

  it('refuses a reversed, too long or malformed period in Korean', async () => {
    const reversed = await t.call('GET', `/api/dashboard/attendance?${period(today, addDays(today, -1))}`, admin);
    expect(reversed.status).toBe(400);
    expect(reversed.json.message).toMatch(/종료일이 시작일보다 빠릅니다/);
    const long = await t.call('GET', `/api/dashboard/enrollment?${period(addDays(today, -1200), today)}`, admin);
    expect(long.status).toBe(400);
    expect(long.json.message).toMatch(/3년까지/);
    const bad = await t.call('GET', '/api/dashboard/enrollment?startDate=어제&endDate=2026-01-01', admin);
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/날짜 형식\(YYYY-MM-DD\)이 올바르지 않습니다/);
  });
});
