import { dashboardApi } from '@academy/contracts/dashboard';
import { addDays, kstToday } from '@academy/contracts/dates';
import { scoresApi } from '@academy/contracts/exams';
import { attendanceApi, lecturesApi } from '@academy/contracts/lectures';
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
  types = Object.fromEntries((await t.api(attendanceApi.listTypes, { token: ta })).map((x) => [x.name, x.id]));
  const mark = async (wl: number, userId: number, name: string) => {
    await t.api(attendanceApi.set, { token: ta, params: { id: lectureId, wlId: wl }, body: { userId, attTypeId: types[name] } });
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
    await t.api(scoresApi.manualEntry, { token: ta, params: { examId: quiz, userId: students[i]! }, body: { answers: sheet(key, right) } });
  }
  unsat = (await makeExam(t, { token: ta, lectureId, weeklyLectureId: sessions[1]!.id, title: '2주차 테스트', questions: key })).id;
  // The fourth student leaves this month; forty days on, two newcomers join.
  await t.api(lecturesApi.unenrol, { token: admin, params: { id: lectureId }, body: { userIds: [students[3]!] } });
  t.clock.advance(40 * DAY_MS);
  later = kstToday(t.clock.now);
  newcomers = (await makeStudents(t, 2)).map((s) => s.id);
  await t.api(lecturesApi.enrol, { token: admin, params: { id: lectureId }, body: { userIds: newcomers } });
}, 60_000);
afterAll(() => t.close());

const period = (startDate: string, endDate: string) => ({ startDate, endDate });

describe('dashboard figures', () => {
  it('counts active, new and leaving students per month by lecture and grade', async () => {
    const first = `${today.slice(0, 7)}-01`;
    const rows = await t.api(dashboardApi.enrollment, { token: admin, query: period(first, later) });
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
    const res = await t.api(dashboardApi.enrollment, { token: admin, query: period(addDays(today, 1), addDays(today, 1)) });
    expect(res.find((r) => r.lectureId === lectureId)).toMatchObject({ active: 3, joined: 0, left: 0 });
  });

  it('gives the attendance rate and lateness per lecture and week', async () => {
    const end = sessions.at(-1)!.date;
    const rows = (await t.api(dashboardApi.attendance, { token: manager, query: period(today, end) })).filter((r) => r.lectureId === lectureId);
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
    const res = await t.api(dashboardApi.scores, { token: admin, query: period(today, sessions[1]!.date) });
    expect(res).toEqual([
      { examId: quiz, lectureId, lectureName: '대시보드 수학반', weeklyLectureId: sessions[0]!.id, date: sessions[0]!.date, title: '1주차 테스트', maxScore: 100, cutline: 60, takers: 3, average: 70, below: 1 },
      { examId: unsat, lectureId, lectureName: '대시보드 수학반', weeklyLectureId: sessions[1]!.id, date: sessions[1]!.date, title: '2주차 테스트', maxScore: 100, cutline: null, takers: 0, average: null, below: 0 },
    ]);
    expect(await t.api(dashboardApi.scores, { token: admin, query: period(addDays(today, -30), addDays(today, -1)) })).toEqual([]);
  });

  it('leaves out sessions outside the period', async () => {
    const res = await t.api(dashboardApi.attendance, { token: admin, query: period(addDays(today, -30), addDays(today, -1)) });
    expect(res.filter((r) => r.lectureId === lectureId)).toEqual([]);
  });
});

describe('who may see the dashboard, and bad periods', () => {
  it('is for ADMIN and 실장 only', async () => {
    const query = period(today, today);
    expect((await t.apiError(dashboardApi.enrollment, { token: ta, query })).status).toBe(403);
    expect((await t.apiError(dashboardApi.attendance, { token: ta, query })).status).toBe(403);
    expect((await t.apiError(dashboardApi.attendance, { token: null, query })).status).toBe(401);
    await t.api(dashboardApi.enrollment, { token: manager, query });
  });

  it('refuses a reversed, too long or malformed period in Korean', async () => {
    const reversed = await t.apiError(dashboardApi.attendance, { token: admin, query: period(today, addDays(today, -1)) });
    expect(reversed.status).toBe(400);
    expect(reversed.message).toMatch(/종료일이 시작일보다 빠릅니다/);
    const long = await t.apiError(dashboardApi.enrollment, { token: admin, query: period(addDays(today, -1200), today) });
    expect(long.status).toBe(400);
    expect(long.message).toMatch(/3년까지/);
    const bad = await t.apiError(dashboardApi.enrollment, { token: admin, query: period('어제', '2026-01-01') });
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/날짜 형식\(YYYY-MM-DD\)이 올바르지 않습니다/);
  });
});
