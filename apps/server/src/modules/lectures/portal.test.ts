import { addDays, kstToday } from '@academy/contracts/dates';
import { attendanceApi, lecturesApi, portalLecturesApi, weeklyLecturesApi } from '@academy/contracts/lectures';
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
    await t.api(lecturesApi.createDday, { token: ta.token, params: { id: l.id }, body: { title: '2027 수능', date: '2027-11-18' } });
    const next = l.sessions.find((s) => s.date >= today)!;
    await t.api(weeklyLecturesApi.createAnnouncement, { token: ta.token, params: { id: l.id, wlId: next.id }, body: { title: '숙제 안내', content: '교재 3단원' } });
    // A past session the student was added to by hand, marked present.
    const student = l === mine ? me.id : other.id;
    const first = { id: l.id, wlId: l.sessions[0]!.id };
    await t.api(weeklyLecturesApi.addParticipants, { token: ta.token, params: first, body: { userIds: [student] } });
    const types = await t.api(attendanceApi.listTypes, { token: ta.token });
    const present = types.find((x) => x.name === '출석')!.id;
    await t.api(attendanceApi.setBulk, { token: ta.token, params: first, body: { userIds: [student], attTypeId: present } });
  }
  // A session of their lecture that I was added to by hand: mine too from then on.
  await t.api(weeklyLecturesApi.addParticipants, { token: ta.token, params: { id: theirs.id, wlId: theirs.sessions.at(-1)!.id }, body: { userIds: [me.id] } });
}, 60_000);
afterAll(() => t.close());

describe('student portal: lectures', () => {
  it('a student sees only their own lectures and D-days', async () => {
    expect((await t.api(portalLecturesApi.lectures, { token: me.token })).map((l) => l.id)).toEqual([mine.id]);
    expect((await t.api(portalLecturesApi.lectures, { token: other.token })).map((l) => l.id)).toEqual([theirs.id]);
    const ddays = await t.api(portalLecturesApi.ddays, { token: me.token });
    expect(ddays).toHaveLength(1);
    expect(ddays[0]).toMatchObject({ lectureId: mine.id, title: '2027 수능' });
    expect(ddays[0]!.label).toMatch(/^D-\d+$/);
  });

  it('sessions, announcements and attendance are the student’s own only', async () => {
    const sessions = await t.api(portalLecturesApi.sessions, { token: me.token, query: { from: addDays(today, -60), to: addDays(today, 60) } });
    const expected = mine.sessions.filter((s) => s.date >= today).length + 2;
    expect(sessions).toHaveLength(expected);
    expect(sessions.filter((s) => s.lectureId === theirs.id).map((s) => s.id)).toEqual([theirs.sessions.at(-1)!.id]);
    const ann = await t.api(portalLecturesApi.announcements, { token: me.token });
    expect(ann.map((a) => a.lectureId)).toEqual([mine.id]);
    const att = await t.api(portalLecturesApi.attendance, { token: me.token });
    expect(att.lectures.find((l) => l.lectureId === mine.id)).toMatchObject({ present: 1, marked: 1 });
    expect(att.lectures.some((l) => l.lectureId === theirs.id)).toBe(false);
    const theirAtt = await t.api(portalLecturesApi.attendance, { token: other.token });
    expect(theirAtt.lectures.map((l) => l.lectureId)).toEqual([theirs.id]);
  });

  it('defaults to two weeks from today, rejects a reversed range and anonymous calls', async () => {
    const two = await t.api(portalLecturesApi.sessions, { token: me.token });
    expect(two.every((s) => s.date >= today && s.date <= addDays(today, 13))).toBe(true);
    const reversed = await t.apiError(portalLecturesApi.sessions, { token: me.token, query: { from: '2026-12-01', to: '2026-11-01' } });
    expect(reversed.status).toBe(400);
    expect(reversed).toMatchObject({ code: 'portal.range_invalid' });
    expect(reversed.issues?.[0]?.path).toBe('to');
    expect((await t.apiError(portalLecturesApi.lectures)).status).toBe(401);
    await t.api(portalLecturesApi.lectures, { token: (await makeStaff(t)).ta.token });
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
      return t.api(weeklyLecturesApi.createAnnouncement, { token: ta.token, params: { id: lecture.id, wlId }, body: { title, content: '', pinned } });
    };
    await post(future[1]!.id, '오래된 공지');
    const pinned = await post(future[0]!.id, '교재 안내 (고정)', true);
    expect(pinned.pinned).toBe(true);
    await post(future[1]!.id, '중간 공지');
    await post(future[0]!.id, '가장 최근 공지');
    const list = await t.api(portalLecturesApi.announcements, { token: kid.token });
    expect(list.map((a) => a.title)).toEqual(['교재 안내 (고정)', '가장 최근 공지', '중간 공지', '오래된 공지']);
    // Unpinning puts it back in date order.
    await t.api(weeklyLecturesApi.updateAnnouncement, { token: ta.token, params: { id: lecture.id, wlId: future[0]!.id, announcementId: pinned.id }, body: { title: '교재 안내', content: '', pinned: false } });
    const after = await t.api(portalLecturesApi.announcements, { token: kid.token });
    expect(after.map((a) => a.title)).toEqual(['가장 최근 공지', '중간 공지', '교재 안내', '오래된 공지']);
  });
});
