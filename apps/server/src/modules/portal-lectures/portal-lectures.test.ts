import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let s01: string;
let s30: string;

async function get(url: string, token: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  return { status: res.statusCode, json: res.json() };
}

beforeAll(async () => {
  t = await createTestApp();
  s01 = await t.login('student01', 'student1234!');
  s30 = await t.login('student30', 'student1234!');
}, 60_000);
afterAll(() => t.close());

describe('student portal: lectures', () => {
  it('a student sees only their own lectures and D-days', async () => {
    const mine = (await get('/api/sp/lectures', s01)).json as { name: string }[];
    expect(mine.map((l) => l.name).sort()).toEqual(['고2 수학 정규반', '고2 영어 독해 정규반', '고2 화학Ⅰ 개념완성'].sort());
    const other = (await get('/api/sp/lectures', s30)).json as { name: string }[];
    expect(other.map((l) => l.name)).not.toContain('고2 수학 정규반');
    const ddays = (await get('/api/sp/ddays', s01)).json as { lectureName: string; label: string; title: string }[];
    expect(ddays.length).toBeGreaterThan(0);
    expect(ddays.every((d) => ['고2 수학 정규반', '고2 영어 독해 정규반', '고2 화학Ⅰ 개념완성'].includes(d.lectureName))).toBe(true);
    expect(ddays.some((d) => d.title === '2027 수능' && /^D-\d+$/.test(d.label))).toBe(true);
    const ddays30 = (await get('/api/sp/ddays', s30)).json as { lectureName: string }[];
    expect(ddays30.some((d) => d.lectureName === '고2 수학 정규반')).toBe(false);
  });

  it('sessions, announcements and attendance are the student’s own only', async () => {
    const [u1] = await t.database.query<{ id: number }>("select id from users where login_id = 'student01'");
    const sessions = (await get('/api/sp/weekly-lectures?from=2026-09-01&to=2027-03-01', s01)).json as { id: number }[];
    const own = await t.database.query<{ n: number }>('select count(*)::int as n from weekly_lecture_participants where user_id = $1', [u1!.id]);
    expect(sessions.length).toBe(own[0]!.n);
    const ann = (await get('/api/sp/announcements', s01)).json as { weeklyLectureId: number }[];
    const allowed = new Set(sessions.map((s) => s.id));
    expect(ann.length).toBeGreaterThan(0);
    expect(ann.every((a) => allowed.has(a.weeklyLectureId))).toBe(true);
    const att = (await get('/api/sp/attendance', s01)).json as { lectures: { lectureName: string; present: number }[]; sessions: unknown[] };
    expect(att.lectures.map((l) => l.lectureName)).toContain('고2 수학 정규반');
    expect(att.lectures.every((l) => l.lectureName !== '중3 영어 내신반')).toBe(true);
    const att30 = (await get('/api/sp/attendance', s30)).json as { lectures: { lectureName: string }[] };
    expect(att30.lectures.every((l) => !l.lectureName.startsWith('고2 수학'))).toBe(true);
  });

  it('rejects a reversed range and anonymous calls', async () => {
    expect((await get('/api/sp/weekly-lectures?from=2026-12-01&to=2026-11-01', s01)).json.message).toMatch(/^to: /);
    const anon = await t.app.inject({ method: 'GET', url: '/api/sp/lectures' });
    expect(anon.statusCode).toBe(401);
  });
});
