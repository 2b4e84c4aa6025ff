import { addDays, kstToday } from '@academy/contracts/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeStaff, makeStudents, type TestAccount } from '../users/users.testkit.ts';
import { makeLecture } from './lectures.testkit.ts';

let t: TestApp;
let me: TestAccount;
let other: TestAccount;
let mine: { id: number; sessions: { id: number; date: string }[] };
let theirs: { id: number; sessions: { id: number; date: string }[] };
let today: string;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { admin, ta } = await makeStaff(t);
  [me, other] = await makeStudents(t, 2) as [TestAccount, TestAccount];
  today = kstToday(t.clock.now);
  mine = await makeLecture(t, { adminToken: admin.token, name: '고2 수학 정규반', students: [me.id] });
  theirs = await makeLecture(t, { adminToken: admin.token, name: '중3 영어 내신반', students: [other.id] });
  for (const l of [mine, theirs]) {
    await t.call('POST', `/api/lectures/${l.id}/ddays`, ta.token, { title: '2027 수능', date: '2027-11-18' });
    const next = l.sessions.find((s) => s.date >= today)!;
    await t.call('POST', `/api/lectures/${l.id}/weekly-lectures/${next.id}/announcements`, ta.token, { title: '숙제 안내', content: '교재 3단원' });
    // A past session the student was added to by hand, marked present.
    const student = l === mine ? me.id : other.id;
    await t.call('POST', `/api/lectures/${l.id}/weekly-lectures/${l.sessions[0]!.id}/participants`, ta.token, { userIds: [student] });
    const types = (await t.call('GET', '/api/attendance-types', ta.token)).json as { id: number; name: string }[];
    const present = types.find((x) => x.name === '출석')!.id;
    await t.call('PUT', `/api/lectures/${l.id}/weekly-lectures/${l.sessions[0]!.id}/attendance/bulk`, ta.token, { userIds: [student], attTypeId: present });
  }
  // A session of their lecture that I was added to by hand: mine too from then on.
  await t.call('POST', `/api/lectures/${theirs.id}/weekly-lectures/${theirs.sessions.at(-1)!.id}/participants`, ta.token, { userIds: [me.id] });
}, 60_000);
afterAll(() => t.close());

describe('student portal: lectures', () => {
  it('a student sees only their own lectures and D-days', async () => {
    expect((await t.call('GET', '/api/sp/lectures', me.token)).json.map((l: { id: number }) => l.id)).toEqual([mine.id]);
    expect((await t.call('GET', '/api/sp/lectures', other.token)).json.map((l: { id: number }) => l.id)).toEqual([theirs.id]);
    const ddays = (await t.call('GET', '/api/sp/ddays', me.token)).json as { lectureId: number; label: string; title: string }[];
    expect(ddays).toHaveLength(1);
    expect(ddays[0]).toMatchObject({ lectureId: mine.id, title: '2027 수능' });
    expect(ddays[0]!.label).toMatch(/^D-\d+$/);
  });

  it('sessions, announcements and attendance are the student’s own only', async () => {
    const sessions = (await t.call('GET', `/api/sp/weekly-lectures?from=${addDays(today, -60)}&to=${addDays(today, 60)}`, me.token)).json as { id: number; lectureId: number }[];
    const expected = mine.sessions.filter((s) => s.date >= today).length + 2;
    expect(sessions).toHaveLength(expected);
    expect(sessions.filter((s) => s.lectureId === theirs.id).map((s) => s.id)).toEqual([theirs.sessions.at(-1)!.id]);
    const ann = (await t.call('GET', '/api/sp/announcements', me.token)).json as { weeklyLectureId: number; lectureId: number }[];
    expect(ann.map((a) => a.lectureId)).toEqual([mine.id]);
    const att = (await t.call('GET', '/api/sp/attendance', me.token)).json as { lectures: { lectureId: number; present: number; marked: number }[] };
    expect(att.lectures.find((l) => l.lectureId === mine.id)).toMatchObject({ present: 1, marked: 1 });
    expect(att.lectures.some((l) => l.lectureId === theirs.id)).toBe(false);
    const theirAtt = (await t.call('GET', '/api/sp/attendance', other.token)).json as { lectures: { lectureId: number }[] };
    expect(theirAtt.lectures.map((l) => l.lectureId)).toEqual([theirs.id]);
  });

  it('defaults to two weeks from today, rejects a reversed range and anonymous calls', async () => {
    const two = (await t.call('GET', '/api/sp/weekly-lectures', me.token)).json as { date: string }[];
    expect(two.every((s) => s.date >= today && s.date <= addDays(today, 13))).toBe(true);
    const reversed = await t.call('GET', '/api/sp/weekly-lectures?from=2026-12-01&to=2026-11-01', me.token);
    expect(reversed.status).toBe(400);
    expect(reversed.json).toMatchObject({ code: 'portal.range_invalid' });
    expect(reversed.json.issues[0].path).toBe('to');
    expect((await t.call('GET', '/api/sp/lectures')).status).toBe(401);
    expect((await t.call('GET', '/api/sp/lectures', (await makeStaff(t)).ta.token)).status).toBe(200);
  });
});

describe('student portal: announcement order', () => {
  it('pinned announcements come first, then the newest first (across sessions)', async () => {
    const { admin, ta } = await makeStaff(t);
    const [kid] = await makeStudents(t, 1) as [TestAccount];
    const lecture = await makeLecture(t, { adminToken: admin.token, name: '고1 국어', students: [kid.id] });
    const future = lecture.sessions.filter((s) => s.date >= today);
    const post = async (wlId: number, title: string, pinned = false) => {
      t.clock.advance(60_000);
      const res = await t.call('POST', `/api/lectures/${lecture.id}/weekly-lectures/${wlId}/announcements`, ta.token, { title, content: '', pinned });
      expect(res.status).toBe(200);
      return res.json as { id: number; pinned: boolean };
    };
    await post(future[1]!.id, '오래된 공지');
    const pinned = await post(future[0]!.id, '교재 안내 (고정)', true);
    expect(pinned.pinned).toBe(true);
    await post(future[1]!.id, '중간 공지');
    await post(future[0]!.id, '가장 최근 공지');
    const list = (await t.call('GET', '/api/sp/announcements', kid.token)).json as { title: string; pinned: boolean }[];
    expect(list.map((a) => a.title)).toEqual(['교재 안내 (고정)', '가장 최근 공지', '중간 공지', '오래된 공지']);
    // Unpinning puts it back in date order.
    const unpin = await t.call('PUT', `/api/lectures/${lecture.id}/weekly-lectures/${future[0]!.id}/announcements/${pinned.id}`, ta.token, { title: '교재 안내', content: '', pinned: false });
    expect(unpin.status).toBe(200);
    const after = (await t.call('GET', '/api/sp/announcements', kid.token)).json as { title: string }[];
    expect(after.map((a) => a.title)).toEqual(['가장 최근 공지', '중간 공지', '교재 안내', '오래된 공지']);
  });
});
