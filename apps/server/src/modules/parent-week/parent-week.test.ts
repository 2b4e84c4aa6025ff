import { dayOfWeek, kstToday } from '@academy/contracts/dates';
import { scoreLinkApi, scoresApi, wlExamApi } from '@academy/contracts/exams';
import { filesApi, parentLinksApi } from '@academy/contracts/files';
import { attendanceApi, weeklyLecturesApi } from '@academy/contracts/lectures';
import { PUBLIC_LINK_MAX_DAYS } from '@academy/contracts/links';
import { parentWeekApi } from '@academy/contracts/parent-week';
import { smsApi } from '@academy/contracts/sms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, type TestApp } from '../../../test/harness.ts';
import { choiceKey, makeExam, sheet } from '../exams/exams.testkit.ts';
import { makePdf, uploadFile } from '../files/files.testkit.ts';
import { makeLecture } from '../lectures/lectures.testkit.ts';
import { makeProfiledStudents } from '../students/students.testkit.ts';
import { makeStaff, makeStudents } from '../users/users.testkit.ts';
import { textsTo } from '../sms/sms.testkit.ts';
import { makeWeekLink } from './parent-week.testkit.ts';

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
  if (opts.parents) await t.api(filesApi.setParentAccess, { token: staff.ta.token, params: { id: fileId }, body: { hasParentAccess: true } });
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

  const types = await t.api(attendanceApi.listTypes, { token: staff.ta.token });
  await t.api(attendanceApi.set, { token: staff.ta.token, params: { id: math.id, wlId: session.id }, body: { userId: child.id, attTypeId: types.find((x) => x.name === '지각')!.id } });
  await t.api(weeklyLecturesApi.createAnnouncement, { token: staff.ta.token, params: { id: math.id, wlId: session.id }, body: { title: '다음 주 단원평가', content: '이차함수 전 범위' } });
  await t.api(weeklyLecturesApi.createAnnouncement, { token: staff.ta.token, params: { id: english.id, wlId: other.id }, body: { title: '영어반 공지', content: '다른 반' } });

  const released = await makeExam(t, { token: staff.ta.token, lectureId: math.id, weeklyLectureId: session.id, questions: choiceKey(10), title: '이차함수 테스트', cutline: 40 });
  await t.api(scoresApi.manualEntry, { token: staff.ta.token, params: { examId: released.id, userId: child.id }, body: { answers: sheet(released.questions, 7) } });
  await t.api(scoresApi.manualEntry, { token: staff.ta.token, params: { examId: released.id, userId: classmate.id }, body: { answers: sheet(released.questions, 9) } });
  await t.api(wlExamApi.readyToShow, { token: staff.ta.token, params: { examId: released.id }, body: { readyToShow: true } });
  releasedExam = released.id;
  const hidden = await makeExam(t, { token: staff.ta.token, lectureId: math.id, weeklyLectureId: session.id, questions: choiceKey(10), title: '아직 비공개' });
  await t.api(scoresApi.manualEntry, { token: staff.ta.token, params: { examId: hidden.id, userId: child.id }, body: { answers: sheet(hidden.questions, 10) } });

  shared = await sharedPdf({ weeklyLectureId: session.id, name: '학부모 안내문.pdf', parents: true });
  unshared = await sharedPdf({ weeklyLectureId: session.id, name: '학생용 풀이.pdf', parents: false });
  strangersFile = await sharedPdf({ weeklyLectureId: other.id, name: '영어반 안내문.pdf', parents: true });

  token = (await makeWeekLink(t, { token: staff.ta.token, studentId: child.id, expiresInDays: 7 })).linkToken;
}, 120_000);
afterAll(() => t.close());

describe("the parent's week", () => {
  it("shows one child's sessions with attendance, announcements, released results with the class average, clinic and shared files", async () => {
    // The headers are not in the contract: the one call by hand.
    expect((await t.call('GET', `/api/link/week/${token}`)).headers['cache-control']).toBe('no-store');
    const w = await t.api(parentWeekApi.view, { params: { token }, query: {} });
    expect(w.studentName).toBe(child.name);
    expect(w.sessions).toHaveLength(1);
    const s = w.sessions[0]!;
    expect(s).toMatchObject({ lectureName: '고2 수학 주간반', attendance: { name: '지각' }, announcements: [{ title: '다음 주 단원평가', content: '이차함수 전 범위' }] });
    expect(s.exams).toEqual([{ title: '이차함수 테스트', status: 'taken', score: 35, retakeScore: null, maxScore: 50, average: 40, takers: 2, rank: 2, clinic: 'required' }]);
    expect(s.files.map((f) => f.fileName)).toEqual(['학부모 안내문.pdf']);
    expect(w.clinic).toMatchObject({ required: 1, booked: 0, done: 0, slots: [] });
    expect(JSON.stringify(w)).not.toContain(classmate.name);
    expect(JSON.stringify(w)).not.toContain('영어반');
  });

  it('gives a shared file of the week, and nothing else: not an unshared one, not another class\'s', async () => {
    expect((await t.api(parentWeekApi.file, { params: { token, fileId: shared } })).fileName).toBe('학부모 안내문.pdf');
    expect((await t.apiError(parentWeekApi.file, { params: { token, fileId: unshared } })).status).toBe(404);
    expect((await t.apiError(parentWeekApi.file, { params: { token, fileId: strangersFile } })).status).toBe(404);
  });

  it('pages back four weeks at most, never ahead of this one', async () => {
    const week = (query: { week?: string }) => t.api(parentWeekApi.view, { params: { token }, query });
    const now = await week({});
    expect(now.nextWeek).toBeNull();
    const far = await week({ week: '2001-01-01' });
    expect(far.previousWeek).toBeNull();
    expect(far.nextWeek).not.toBeNull();
    const future = await week({ week: '2099-01-05' });
    expect(future.weekStart).toBe(now.weekStart);
    expect((await t.apiError(parentWeekApi.view, { params: { token }, query: { week: 'bad' } })).status).toBe(400);
  });

  it('a token opens nothing of another purpose, and other tokens open nothing here', async () => {
    expect((await t.apiError(scoreLinkApi.view, { params: { token } })).status).toBe(404);
    expect((await t.apiError(parentLinksApi.open, { params: { token } })).status).toBe(404);
    expect((await t.apiError(parentWeekApi.view, { params: { token: 'not-a-token' }, query: {} })).status).toBe(404);
    expect((await t.apiError(parentWeekApi.view, { params: { token: 'A'.repeat(32) }, query: {} })).status).toBe(404);
  });

  it('staff see the link and its opens, revoke it at once (410), and an expired one says so (410)', async () => {
    const list = await t.api(parentWeekApi.list, { token: staff.ta.token, params: { id: child.id } });
    expect(list[0]).toMatchObject({ status: 'active' });
    expect(list[0]!.openCount).toBeGreaterThan(0);

    const second = await makeWeekLink(t, { token: staff.ta.token, studentId: child.id, expiresInDays: 1 });
    const secondToken = second.linkToken;
    expect((await t.api(parentWeekApi.revoke, { token: staff.ta.token, params: { id: second.link.id } })).status).toBe('revoked');
    const revoked = await t.apiError(parentWeekApi.view, { params: { token: secondToken }, query: {} });
    expect(revoked.status).toBe(410);
    expect(revoked.code).toBe('links.revoked');

    const third = await makeWeekLink(t, { token: staff.ta.token, studentId: child.id, expiresInDays: 1 });
    const saved = t.clock.now;
    t.clock.advance(2 * 86_400_000);
    try {
      expect((await t.apiError(parentWeekApi.view, { params: { token: third.linkToken }, query: {} })).code).toBe('links.expired');
    } finally {
      t.clock.now = saved;
    }
  });

  it('texts the parent when asked; students cannot make links', async () => {
    const made = await makeWeekLink(t, { token: staff.ta.token, studentId: classmate.id, sendSms: true });
    expect(made.smsQueued).toBe(true);
    const [text] = await textsTo(t, { userId: classmate.id, purpose: 'week_link' });
    expect(text!.body).toContain(made.url);
    // A parent link is a key to the child's week: the SMS history masks it.
    expect(text!.secret).toBe(true);
    const listed = await t.api(smsApi.message, { token: staff.admin.token, params: { id: text!.id } });
    expect(listed.secret).toBe(true);
    expect(listed.body).not.toContain(made.url);
    const [pupil] = await makeStudents(t, 1);
    expect((await t.apiError(parentWeekApi.create, { token: pupil!.token, params: { id: child.id }, body: {} })).status).toBe(403);
    expect((await t.apiError(parentWeekApi.list, { token: pupil!.token, params: { id: child.id } })).status).toBe(403);
  });

  it('every parent link lives at most PUBLIC_LINK_MAX_DAYS, whatever its purpose', async () => {
    const longest = PUBLIC_LINK_MAX_DAYS;
    const token = staff.ta.token;
    const attempts = <R>(days: number, send: typeof t.api | typeof t.apiError) => [
      send(parentWeekApi.create, { token, params: { id: child.id }, body: { expiresInDays: days } }),
      send(wlExamApi.scoreLinks, { token, params: { examId: releasedExam }, body: { userIds: [child.id], sendSms: false, expiresInDays: days } }),
      send(parentLinksApi.create, { token, params: { id: shared }, body: { studentIds: [child.id], expiresInDays: days } }),
    ] as Promise<R>[];
    for (const r of await Promise.all(attempts<ApiError>(longest + 1, t.apiError))) {
      expect(r.status).toBe(400);
      expect(r.message).toMatch(new RegExp(`^유효 기간: ${longest}일 이하여야 합니다`));
    }
    await Promise.all(attempts(longest, t.api));
    // The weekly report links texted through #{링크} too.
    const { senderName, optOutNotice, attendanceDelayMinutes, events } = await t.api(smsApi.settings, { token: staff.admin.token });
    const put = await t.apiError(smsApi.updateSettings, { token: staff.admin.token, body: { senderName, optOutNotice, attendanceDelayMinutes, events, weekLinkDays: longest + 1 } });
    expect(put.status).toBe(400);
    expect(put.issues![0]!.path).toBe('weekLinkDays');
  });
});
