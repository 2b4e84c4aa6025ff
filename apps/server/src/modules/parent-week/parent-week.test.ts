import { dayOfWeek, kstToday } from '@academy/contracts/dates';
import { PUBLIC_LINK_MAX_DAYS } from '@academy/contracts/links';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { smsOutbox } from '../../lib/sms/sms.table.ts';
import { choiceKey, makeExam, sheet } from '../exams/exams.testkit.ts';
import { makePdf, uploadFile } from '../files/files.testkit.ts';
import { makeLecture } from '../lectures/lectures.testkit.ts';
import { makeProfiledStudents } from '../students/students.testkit.ts';
import { makeStaff, makeStudents } from '../users/users.testkit.ts';

/**
 * The parent's week from the outside: a token opens one student's week and only what is meant
 * for parents. Another student, another purpose's token, another session's file, an unreleased
 * result or an unshared file are not reachable from it.
 */
let t: TestApp;
let staff: Awaited<ReturnType<typeof makeStaff>>;
let child: { id: number; name: string };
let classmate: { id: number; name: string };
let stranger: { id: number; name: string };
let shared: number;
let unshared: number;
let strangersFile: number;
let releasedExam: number;
let token: string;

/** A session today only, even when today is a public holiday (generation skips them by default). */
const TODAY_ONLY = (t: TestApp) => ({ schedule: [{ dayOfWeek: dayOfWeek(kstToday(t.clock.now)), startTime: '19:00', endTime: '21:00' }], keepHolidays: true });

async function sharedPdf(opts: { weeklyLectureId: number; name: string; parents: boolean }) {
  const { fileId } = await uploadFile(t, { token: staff.ta.token, body: await makePdf(1), fileName: opts.name, weeklyLectureId: opts.weeklyLectureId });
  if (opts.parents) await t.call('PUT', `/api/files/${fileId}/parent-access`, staff.ta.token, { hasParentAccess: true });
  return fileId;
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  staff = await makeStaff(t);
  const made = (await makeProfiledStudents(t, { token: staff.admin.token, count: 3 })).map((s) => ({ id: s.id, name: s.name }));
  [child, classmate, stranger] = [made[0]!, made[1]!, made[2]!];
  const math = await makeLecture(t, { adminToken: staff.admin.token, name: '고2 수학 주간반', ...TODAY_ONLY(t), students: [child.id, classmate.id] });
  const english = await makeLecture(t, { adminToken: staff.admin.token, name: '고2 영어 주간반', ...TODAY_ONLY(t), students: [stranger.id] });
  const today = kstToday(t.clock.now);
  const session = math.sessions.find((s) => s.date === today)!;
  const other = english.sessions.find((s) => s.date === today)!;

  const types = (await t.call('GET', '/api/attendance-types', staff.ta.token)).json as { id: number; name: string }[];
  await t.call('PUT', `/api/lectures/${math.id}/weekly-lectures/${session.id}/attendance`, staff.ta.token, { userId: child.id, attTypeId: types.find((x) => x.name === '지각')!.id });
  await t.call('POST', `/api/lectures/${math.id}/weekly-lectures/${session.id}/announcements`, staff.ta.token, { title: '다음 주 단원평가', content: '이차함수 전 범위' });
  await t.call('POST', `/api/lectures/${english.id}/weekly-lectures/${other.id}/announcements`, staff.ta.token, { title: '영어반 공지', content: '다른 반' });

  const released = await makeExam(t, { token: staff.ta.token, lectureId: math.id, weeklyLectureId: session.id, questions: choiceKey(10), title: '이차함수 테스트', cutline: 40 });
  await t.call('POST', `/api/wl-score/${released.id}/${child.id}/manual-entry`, staff.ta.token, { answers: sheet(released.questions, 7) });
  await t.call('POST', `/api/wl-score/${released.id}/${classmate.id}/manual-entry`, staff.ta.token, { answers: sheet(released.questions, 9) });
  await t.call('PUT', `/api/wl-exam/${released.id}/ready-to-show`, staff.ta.token, { readyToShow: true });
  releasedExam = released.id;
  const hidden = await makeExam(t, { token: staff.ta.token, lectureId: math.id, weeklyLectureId: session.id, questions: choiceKey(10), title: '아직 비공개' });
  await t.call('POST', `/api/wl-score/${hidden.id}/${child.id}/manual-entry`, staff.ta.token, { answers: sheet(hidden.questions, 10) });

  shared = await sharedPdf({ weeklyLectureId: session.id, name: '학부모 안내문.pdf', parents: true });
  unshared = await sharedPdf({ weeklyLectureId: session.id, name: '학생용 풀이.pdf', parents: false });
  strangersFile = await sharedPdf({ weeklyLectureId: other.id, name: '영어반 안내문.pdf', parents: true });

  const link = await t.call('POST', `/api/students/${child.id}/week-links`, staff.ta.token, { expiresInDays: 7 });
  expect(link.status).toBe(200);
  token = /\/link\/week\/([A-Za-z0-9_-]{32})$/.exec(link.json.url)![1]!;
}, 120_000);
afterAll(() => t.close());

describe("the parent's week", () => {
  it("shows one child's sessions with attendance, announcements, released results with the class average, clinic and shared files", async () => {
    const res = await t.call('GET', `/api/link/week/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const w = res.json;
    expect(w.studentName).toBe(child.name);
    expect(w.sessions).toHaveLength(1);
    const s = w.sessions[0];
    expect(s).toMatchObject({ lectureName: '고2 수학 주간반', attendance: { name: '지각' }, announcements: [{ title: '다음 주 단원평가', content: '이차함수 전 범위' }] });
    expect(s.exams).toEqual([{ title: '이차함수 테스트', status: 'taken', score: 35, retakeScore: null, maxScore: 50, average: 40, takers: 2, rank: 2, clinic: 'required' }]);
    expect(s.files.map((f: { fileName: string }) => f.fileName)).toEqual(['학부모 안내문.pdf']);
    expect(w.clinic).toMatchObject({ required: 1, booked: 0, done: 0, slots: [] });
    expect(JSON.stringify(w)).not.toContain(classmate.name);
    expect(JSON.stringify(w)).not.toContain('영어반');
  });

  it('gives a shared file of the week, and nothing else: not an unshared one, not another class\'s', async () => {
    const ok = await t.call('GET', `/api/link/week/${token}/files/${shared}`);
    expect(ok.status).toBe(200);
    expect(ok.json.fileName).toBe('학부모 안내문.pdf');
    expect((await t.call('GET', `/api/link/week/${token}/files/${unshared}`)).status).toBe(404);
    expect((await t.call('GET', `/api/link/week/${token}/files/${strangersFile}`)).status).toBe(404);
  });

  it('pages back four weeks at most, never ahead of this one', async () => {
    const now = (await t.call('GET', `/api/link/week/${token}`)).json;
    expect(now.nextWeek).toBeNull();
    const far = (await t.call('GET', `/api/link/week/${token}?week=2001-01-01`)).json;
    expect(far.previousWeek).toBeNull();
    expect(far.nextWeek).not.toBeNull();
    const future = (await t.call('GET', `/api/link/week/${token}?week=2099-01-05`)).json;
    expect(future.weekStart).toBe(now.weekStart);
    expect((await t.call('GET', `/api/link/week/${token}?week=bad`)).status).toBe(400);
  });

  it('a token opens nothing of another purpose, and other tokens open nothing here', async () => {
    expect((await t.call('GET', `/api/link/score/${token}`)).status).toBe(404);
    expect((await t.call('GET', `/api/link/files/${token}`)).status).toBe(404);
    expect((await t.call('GET', '/api/link/week/not-a-token')).status).toBe(404);
    expect((await t.call('GET', `/api/link/week/${'A'.repeat(32)}`)).status).toBe(404);
  });

  it('staff see the link and its opens, revoke it at once (410), and an expired one says so (410)', async () => {
    const list = (await t.call('GET', `/api/students/${child.id}/week-links`, staff.ta.token)).json;
    expect(list[0]).toMatchObject({ status: 'active' });
    expect(list[0].openCount).toBeGreaterThan(0);

    const second = (await t.call('POST', `/api/students/${child.id}/week-links`, staff.ta.token, { expiresInDays: 1 })).json;
    const secondToken = second.url.split('/').pop();
    expect((await t.call('DELETE', `/api/week-links/${second.link.id}`, staff.ta.token)).json.status).toBe('revoked');
    const revoked = await t.call('GET', `/api/link/week/${secondToken}`);
    expect(revoked.status).toBe(410);
    expect(revoked.json.code).toBe('links.revoked');

    const third = (await t.call('POST', `/api/students/${child.id}/week-links`, staff.ta.token, { expiresInDays: 1 })).json;
    const saved = t.clock.now;
    t.clock.advance(2 * 86_400_000);
    try {
      expect((await t.call('GET', `/api/link/week/${third.url.split('/').pop()}`)).json.code).toBe('links.expired');
    } finally {
      t.clock.now = saved;
    }
  });

  it('texts the parent when asked; students cannot make links', async () => {
    const made = (await t.call('POST', `/api/students/${classmate.id}/week-links`, staff.ta.token, { sendSms: true })).json;
    expect(made.smsQueued).toBe(true);
    const [text] = await t.ctx.db.select().from(smsOutbox).where(and(eq(smsOutbox.purpose, 'week_link'), eq(smsOutbox.userId, classmate.id)));
    expect(text!.body).toContain(made.url);
    // A parent link is a key to the child's week: the SMS history masks it (issue 34 item 1).
    expect(text!.secret).toBe(true);
    const listed = (await t.call('GET', `/api/sms/messages/${text!.id}`, staff.admin.token)).json as { body: string; secret: boolean };
    expect(listed.secret).toBe(true);
    expect(listed.body).not.toContain(made.url);
    const [pupil] = await makeStudents(t, 1);
    expect((await t.call('POST', `/api/students/${child.id}/week-links`, pupil!.token, {})).status).toBe(403);
    expect((await t.call('GET', `/api/students/${child.id}/week-links`, pupil!.token)).status).toBe(403);
  });

  it('every parent link lives at most PUBLIC_LINK_MAX_DAYS, whatever its purpose (issue 34 item 15)', async () => {
    const longest = PUBLIC_LINK_MAX_DAYS;
    const attempts = (days: number) => [
      t.call('POST', `/api/students/${child.id}/week-links`, staff.ta.token, { expiresInDays: days }),
      t.call('POST', `/api/wl-exam/${releasedExam}/score-links`, staff.ta.token, { userIds: [child.id], sendSms: false, expiresInDays: days }),
      t.call('POST', `/api/files/${shared}/parent-links`, staff.ta.token, { studentIds: [child.id], expiresInDays: days }),
    ];
    for (const r of await Promise.all(attempts(longest + 1))) {
      expect(r.status).toBe(400);
      expect(r.json.message).toMatch(new RegExp(`^유효 기간: ${longest}일 이하여야 합니다`));
    }
    for (const r of await Promise.all(attempts(longest))) expect(r.status).toBe(200);
    // The weekly report links texted through #{링크} too.
    const settings = (await t.call('GET', '/api/sms/settings', staff.admin.token)).json as { senderName: string; optOutNotice: string; attendanceDelayMinutes: number; events: unknown[] };
    const { senderName, optOutNotice, attendanceDelayMinutes, events } = settings;
    const put = await t.call('PUT', '/api/sms/settings', staff.admin.token, { senderName, optOutNotice, attendanceDelayMinutes, events, weekLinkDays: longest + 1 });
    expect(put.status).toBe(400);
    expect(put.json.issues[0].path).toBe('weekLinkDays');
  });
});
