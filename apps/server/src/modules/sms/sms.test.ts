import { addDays, dayOfWeek, kstToday } from '@academy/contracts/dates';
import { scoreLinkApi, scoresApi, wlExamApi } from '@academy/contracts/exams';
import { attendanceApi } from '@academy/contracts/lectures';
import { parentWeekApi } from '@academy/contracts/parent-week';
import { type SendBody, smsApi } from '@academy/contracts/sms';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiInput, createTestApp, type TestApp } from '../../../test/harness.ts';
import { smsOutbox } from '../../lib/sms/sms.table.ts';
import { makeExam, sheet, choiceKey } from '../exams/exams.testkit.ts';
import { makeLecture } from '../lectures/lectures.testkit.ts';
import { makeProfiledStudents } from '../students/students.testkit.ts';
import { makeStaff, makeStudents } from '../users/users.testkit.ts';
import { smsSettingsBody, textsTo } from './sms.testkit.ts';

/**
 * The SMS area through HTTP: composing for a class with a template, the preview, the rules that
 * refuse a send, the history, resending, the automatic texts and the weekly sends.
 */
let t: TestApp;
let staff: Awaited<ReturnType<typeof makeStaff>>;
let kids: { id: number; name: string; parentPhone: string | null; phone: string | null }[];
let lecture: Awaited<ReturnType<typeof makeLecture>>;
let template: number;

const outbox = (batchId: number) => t.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.batchId, batchId));

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  staff = await makeStaff(t);
  kids = (await makeProfiledStudents(t, { token: staff.admin.token, count: 4, each: (i) => (i === 3 ? { parentPhone: null } : {}) })).map((s) => ({ id: s.id, name: s.name, parentPhone: s.parentPhone, phone: s.phone }));
  lecture = await makeLecture(t, { adminToken: staff.admin.token, name: '고2 수학 문자반', students: kids.map((k) => k.id) });
  const created = await t.gql<{ createOnePushAlertTemplate: { id: string } }>('mutation($i: CreateOnePushAlertTemplateInput!) { createOnePushAlertTemplate(input: $i) { id } }', {
    token: staff.admin.token,
    variables: { i: { pushAlertTemplate: { title: '주간 안내', category: '일반', body: '[테스트학원] #{이름} 학생 #{강의명} 이번 주 안내입니다. #{링크}' } } },
  });
  template = Number(created.data!.createOnePushAlertTemplate.id);
}, 60_000);
afterAll(() => t.close());

/** The queued attendance texts' time comes (pg-boss waits on the database's clock, the app on the test clock). */
const dueNow = () => t.database.sqlText("update pgboss.job set start_after = now() where name = 'sms.attendance' and state = 'created'", []);

const compose = (over: Partial<SendBody> = {}): SendBody => ({ studentIds: kids.map((k) => k.id), audience: 'parent', templateId: template, body: '[테스트학원] #{이름} 학생 안내입니다', lectureId: lecture.id, ...over });

/** The testkit's settings: sender 「테스트학원」, texts at once, every automatic text off. */
const settings = smsSettingsBody;
type ScheduleBody = ApiInput<typeof smsApi.createSchedule>['body'];

describe('composing', () => {
  it('previews the first three texts with bytes, kinds, count, cost and who is left out', async () => {
    const p = await t.api(smsApi.preview, { token: staff.ta.token, body: compose({ body: '[테스트학원] #{이름} 학생 #{강의명} 이번 주 안내입니다. #{링크}' }) });
    expect(p.total).toBe(3);
    expect(p.skipped).toEqual([{ name: kids[3]!.name, reason: '학부모 번호 없음' }]);
    expect(p.samples).toHaveLength(3);
    expect(p.samples[0]!.body).toMatch(/^\[테스트학원\] .+ 학생 고2 수학 문자반 이번 주 안내입니다\. http:\/\/academy\.test\/link\/week\/[A-Za-z0-9_-]{32}$/);
    expect(p.samples.every((s) => s.kind === 'LMS' && s.bytes > 90)).toBe(true);
    expect(p).toMatchObject({ sms: 0, lms: 3, estimatedCost: 3 * 29, problems: [] });
  });

  it('sends to the parents: one batch, one message each, a working week link each, and the history shows every result', async () => {
    const res = await t.api(smsApi.send, { token: staff.ta.token, body: compose({ body: '[테스트학원] #{이름} 학생 이번 주 리포트: #{링크}' }) });
    // The week link alone is about 60 bytes: with a name it is an LMS.
    expect(res).toMatchObject({ queued: 3, lms: 3, sms: 0, skipped: [{ name: kids[3]!.name }] });
    const rows = await outbox(res.batchId);
    expect(rows.map((r) => r.toPhone).sort()).toEqual(kids.slice(0, 3).map((k) => k.parentPhone).sort());
    expect(rows.every((r) => r.audience === 'parent' && r.purpose === 'compose')).toBe(true);

    // The link in a parent's text opens that child's week, and no other.
    const mine = rows.find((r) => r.userId === kids[0]!.id)!;
    const token = /\/link\/week\/([A-Za-z0-9_-]{32})/.exec(mine.body)![1]!;
    const week = await t.api(parentWeekApi.view, { params: { token } });
    expect(week.studentName).toBe(kids[0]!.name);

    await expect.poll(async () => (await t.api(smsApi.history, { token: staff.ta.token, query: { batchId: res.batchId } })).items.filter((m) => m.status === 'sent').length, { timeout: 20_000, interval: 100 }).toBe(3);
    const batches = await t.api(smsApi.batches, { token: staff.ta.token });
    expect(batches.items[0]).toMatchObject({ id: res.batchId, title: '주간 안내', total: 3, createdByName: '박조교', counts: { sent: 3, failed: 0 } });
    const byName = await t.api(smsApi.history, { token: staff.ta.token, query: { q: kids[1]!.name } });
    expect(byName.items.map((m) => m.recipientName)).toContain(kids[1]!.name);
  });

  it('fills #{점수} from the chosen exam, and refuses a text with a variable nobody can fill', async () => {
    const session = lecture.sessions.find((s) => s.date >= kstToday(t.clock.now))!;
    const exam = await makeExam(t, { token: staff.ta.token, lectureId: lecture.id, weeklyLectureId: session.id, questions: choiceKey(10) });
    await t.api(scoresApi.setValue, { token: staff.ta.token, params: { examId: exam.id, userId: kids[0]!.id }, body: { scoreValue: 43 } });
    const p = await t.api(smsApi.preview, { token: staff.ta.token, body: compose({ studentIds: [kids[0]!.id], body: '#{이름} #{점수}점', examId: exam.id }) });
    expect(p.samples[0]!.body).toBe(`${kids[0]!.name} 43점`);

    const refused = await t.apiError(smsApi.send, { token: staff.ta.token, body: compose({ body: '#{이름} 학생 #{점수}점' }) });
    expect(refused).toMatchObject({ status: 400, code: 'sms.unfilled_variables' });
    expect(refused.message).toMatch(/#\{점수\}/);
    const typed = await t.apiError(smsApi.send, { token: staff.ta.token, body: { studentIds: [], phones: ['010-7777-0001'], audience: 'parent', body: '#{날짜} 휴원 안내', values: {} } });
    expect(typed.status).toBe(400);
    const filled = await t.api(smsApi.send, { token: staff.ta.token, body: { studentIds: [], phones: ['010-7777-0001'], audience: 'parent', body: '#{날짜} 휴원 안내', values: { 날짜: '12월 25일(금)' } } });
    expect((await outbox(filled.batchId))[0]).toMatchObject({ toPhone: '01077770001', body: '12월 25일(금) 휴원 안내', audience: 'other' });
  });

  it('the built-in 성적 template goes to a class once the exam is chosen, and the send keeps to the confirmed preview', async () => {
    const session = lecture.sessions.find((s) => s.date >= kstToday(t.clock.now))!;
    const exam = await makeExam(t, { token: staff.ta.token, lectureId: lecture.id, weeklyLectureId: session.id, questions: choiceKey(10) });
    await t.api(scoresApi.setValue, { token: staff.ta.token, params: { examId: exam.id, userId: kids[1]!.id }, body: { scoreValue: 40 } });
    const body = '[한빛학원] #{이름} 학생의 이번 주 테스트 점수는 #{점수}점입니다. 상세 성적표: #{링크}';
    const before = await t.api(smsApi.preview, { token: staff.ta.token, body: compose({ body }) });
    expect(before.problems.map((p) => p.message)).toEqual([expect.stringContaining('시험을 골라 주세요')]);

    const p = await t.api(smsApi.preview, { token: staff.ta.token, body: compose({ body, examId: exam.id }) });
    expect(p.problems).toEqual([]);
    expect(p.total).toBe(3);
    const texts = p.samples.map((x) => x.body);
    expect(texts).toContainEqual(expect.stringContaining(`${kids[1]!.name} 학생의 이번 주 테스트 점수는 40점입니다`));
    expect(texts).toContainEqual(expect.stringContaining(`${kids[0]!.name} 학생의 이번 주 테스트 점수는 미응시입니다`));

    // A send whose recipients changed since the confirmed preview is refused, and nothing is queued.
    const confirmed = { total: p.total, sms: p.sms, lms: p.lms, estimatedCost: p.estimatedCost };
    const stale = await t.apiError(smsApi.send, { token: staff.ta.token, body: compose({ body, examId: exam.id, audience: 'both', confirmed }) });
    expect(stale.status).toBe(409);
    expect(stale.code).toBe('sms.preview_stale');
    expect(stale.message).toMatch(/^확인한 미리 보기\(3통\)와 지금 보낼 문자\(\d+통/);

    const sent = await t.api(smsApi.send, { token: staff.ta.token, body: compose({ body, examId: exam.id, confirmed }) });
    const rows = await outbox(sent.batchId);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.audience === 'parent')).toBe(true);
  });

  it('an advertising text carries (광고), the sender and the opt-out notice, and is refused for the quiet hours (정보통신망법 제50조)', async () => {
    expect((await t.apiError(smsApi.send, { token: staff.ta.token, body: compose({ advertising: true }) })).code).toBe('sms.opt_out_missing');
    await t.api(smsApi.updateSettings, { token: staff.admin.token, body: settings() });
    const noon = new Date(`${addDays(kstToday(t.clock.now), 1)}T12:00:00+09:00`).toISOString();
    const p = await t.api(smsApi.preview, { token: staff.ta.token, body: compose({ advertising: true, body: '겨울 특강 모집', scheduledAt: noon }) });
    expect(p.problems).toEqual([]);
    expect(p.samples[0]!.body).toBe('(광고)테스트학원 겨울 특강 모집\n무료수신거부 080-111-2222');
    const night = new Date(`${addDays(kstToday(t.clock.now), 1)}T22:00:00+09:00`).toISOString();
    const refused = await t.apiError(smsApi.send, { token: staff.ta.token, body: compose({ advertising: true, body: '겨울 특강 모집', scheduledAt: night }) });
    expect(refused).toMatchObject({ status: 400, code: 'sms.ad_quiet_hours' });
  });

  it('keeps a scheduled send until its time; cancelling it withdraws every message', async () => {
    const at = new Date(t.clock.now.getTime() + 2 * 3_600_000).toISOString();
    const sent = await t.api(smsApi.send, { token: staff.ta.token, body: compose({ scheduledAt: at }) });
    expect(sent.sendAt).toBe(at);
    expect((await outbox(sent.batchId)).every((m) => m.status === 'queued')).toBe(true);
    expect(await t.api(smsApi.cancelBatch, { token: staff.ta.token, params: { id: sent.batchId } })).toEqual({ cancelled: 3 });
    expect((await outbox(sent.batchId)).every((m) => m.status === 'cancelled')).toBe(true);
    expect((await t.apiError(smsApi.cancelBatch, { token: staff.ta.token, params: { id: sent.batchId } })).status).toBe(409);
  });

  it('resends failed messages as new ones and refuses the others', async () => {
    const sent = await t.api(smsApi.send, { token: staff.ta.token, body: compose() });
    const [first, second] = await outbox(sent.batchId);
    await expect.poll(async () => (await outbox(sent.batchId)).every((m) => m.status === 'sent'), { timeout: 20_000, interval: 100 }).toBe(true);
    await t.ctx.db.update(smsOutbox).set({ status: 'failed', result: '수신 거부' }).where(eq(smsOutbox.id, first!.id));
    expect((await t.apiError(smsApi.resend, { token: staff.ta.token, body: { messageIds: [first!.id, second!.id] } })).status).toBe(409);
    expect(await t.api(smsApi.resend, { token: staff.ta.token, body: { messageIds: [first!.id] } })).toEqual({ queued: 1 });
    const [again] = await t.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.resendOf, first!.id));
    expect(again).toMatchObject({ toPhone: first!.toPhone, body: first!.body });
    const detail = await t.api(smsApi.message, { token: staff.ta.token, params: { id: first!.id } });
    expect(detail.attemptLog.map((a) => a.outcome)).toEqual(['sent']);
  });

  it('only staff compose; only admins change the settings and weekly sends; bad input names the field', async () => {
    const [pupil] = await makeStudents(t, 1);
    expect((await t.apiError(smsApi.send, { token: pupil!.token, body: compose() })).status).toBe(403);
    expect((await t.apiError(smsApi.history, { token: pupil!.token })).status).toBe(403);
    expect((await t.apiError(smsApi.updateSettings, { token: staff.ta.token, body: settings() })).status).toBe(403);
    const bad = await t.apiError(smsApi.send, { token: staff.ta.token, body: compose({ phones: ['123'] }) });
    expect(bad.status).toBe(400);
    expect(bad.issues![0]!.path).toBe('phones.0');
    const long = await t.apiError(smsApi.send, { token: staff.ta.token, body: compose({ body: '가'.repeat(1001) }) });
    expect(long.status).toBe(400);
    expect(long.issues![0]!.path).toBe('body');
  });
});

describe('automatic texts', () => {
  let absentType: number;
  let presentType: number;
  let session: { id: number; date: string };
  const attendance = (userIds: number[], attTypeId: number) => t.api(attendanceApi.setBulk, { token: staff.ta.token, params: { id: lecture.id, wlId: session.id }, body: { userIds, attTypeId } });
  const parentTexts = (purpose: string, userId: number) => textsTo(t, { userId, purpose });

  beforeAll(async () => {
    const types = await t.api(attendanceApi.listTypes, { token: staff.ta.token });
    absentType = types.find((x) => x.name === '결석')!.id;
    presentType = types.find((x) => x.name === '출석')!.id;
    session = lecture.sessions.find((s) => s.date >= kstToday(t.clock.now))!;
    // During the 19:00 class: the texts are due at once (they wait for the class to start).
    realNow = t.clock.now;
    t.clock.now = new Date(`${session.date}T19:30:00+09:00`);
  });
  afterAll(() => { t.clock.now = realNow; });
  let realNow: Date;

  it('an absence texts the parent once with the template, after the delay, when switched on', async () => {
    await t.api(smsApi.updateSettings, { token: staff.admin.token, body: settings({ events: [{ event: 'absence', enabled: true, templateId: null, attTypeId: null }] }) });
    await attendance([kids[1]!.id], absentType);
    await dueNow();
    await expect.poll(async () => (await parentTexts('absence', kids[1]!.id)).length, { timeout: 20_000, interval: 100 }).toBe(1);
    const [text] = await parentTexts('absence', kids[1]!.id);
    expect(text!.toPhone).toBe(kids[1]!.parentPhone);
    expect(text!.body).toMatch(new RegExp(`^\\[테스트학원\\] ${kids[1]!.name} 학생이 \\d{4}\\. \\d+\\. \\d+\\.\\([월화수목금토일]\\) 오후 7:00 고2 수학 문자반 수업에 출석하지 않았습니다`));
    // Marked again (출석 then 결석): the parent is not told twice for one session.
    const before = (await t.ctx.jobs.counts('sms.attendance')).completed;
    await attendance([kids[1]!.id], presentType);
    await attendance([kids[1]!.id], absentType);
    await dueNow();
    await expect.poll(async () => (await t.ctx.jobs.counts('sms.attendance')).completed, { timeout: 20_000, interval: 100 }).toBeGreaterThan(before);
    expect(await parentTexts('absence', kids[1]!.id)).toHaveLength(1);
  });

  it('a mark corrected within the delay texts nobody', async () => {
    await t.api(smsApi.updateSettings, { token: staff.admin.token, body: settings({ attendanceDelayMinutes: 10, events: [{ event: 'absence', enabled: true, templateId: null, attTypeId: null }] }) });
    const before = (await t.ctx.jobs.counts('sms.attendance')).completed;
    await attendance([kids[2]!.id], absentType);
    await attendance([kids[2]!.id], presentType);
    // The ten minutes pass.
    await dueNow();
    await expect.poll(async () => (await t.ctx.jobs.counts('sms.attendance')).completed, { timeout: 20_000, interval: 100 }).toBeGreaterThan(before);
    expect(await parentTexts('absence', kids[2]!.id)).toEqual([]);
  });

  it('nothing is texted while an event is switched off', async () => {
    await t.api(smsApi.updateSettings, { token: staff.admin.token, body: settings({ events: [{ event: 'absence', enabled: false, templateId: null, attTypeId: null }] }) });
    const jobsBefore = await t.ctx.jobs.counts('sms.attendance');
    await attendance([kids[0]!.id], absentType);
    expect(await t.ctx.jobs.counts('sms.attendance')).toEqual(jobsBefore);
  });

  it('a released exam texts each taker\'s parent a score link once', async () => {
    await t.api(smsApi.updateSettings, { token: staff.admin.token, body: settings({ events: [{ event: 'score_released', enabled: true, templateId: null, attTypeId: null }] }) });
    const exam = await makeExam(t, { token: staff.ta.token, lectureId: lecture.id, weeklyLectureId: session.id, questions: choiceKey(10), title: '공개 알림 테스트' });
    const key = exam.questions;
    for (const [i, k] of kids.slice(0, 2).entries()) {
      await t.api(scoresApi.manualEntry, { token: staff.ta.token, params: { examId: exam.id, userId: k.id }, body: { answers: sheet(key, 7 + i) } });
    }
    await t.api(wlExamApi.readyToShow, { token: staff.ta.token, params: { examId: exam.id }, body: { readyToShow: true } });
    await expect.poll(async () => (await parentTexts('score_released', kids[1]!.id)).length, { timeout: 20_000, interval: 100 }).toBe(1);
    const [text] = await parentTexts('score_released', kids[1]!.id);
    expect(text!.body).toMatch(new RegExp(`^\\[테스트학원\\] ${kids[1]!.name} 학생의 고2 수학 문자반 시험 결과가 나왔습니다 \\(40점\\)\\. 자세한 결과: http://academy\\.test/link/score/`));
    const scoreLink = /\/link\/score\/([A-Za-z0-9_-]{32})/.exec(text!.body)![1]!;
    await t.api(scoreLinkApi.view, { params: { token: scoreLink } });
    // Hidden and released again: no second text.
    await t.api(wlExamApi.readyToShow, { token: staff.ta.token, params: { examId: exam.id }, body: { readyToShow: false } });
    const before = (await t.ctx.jobs.counts('sms.score-released')).completed;
    await t.api(wlExamApi.readyToShow, { token: staff.ta.token, params: { examId: exam.id }, body: { readyToShow: true } });
    await expect.poll(async () => (await t.ctx.jobs.counts('sms.score-released')).completed, { timeout: 20_000, interval: 100 }).toBeGreaterThan(before);
    expect(await parentTexts('score_released', kids[1]!.id)).toHaveLength(1);
  });

  it('gives another area the words of a switched-on text, or null', async () => {
    await t.api(smsApi.updateSettings, { token: staff.admin.token, body: settings({ events: [{ event: 'clinic_hurry', enabled: true, templateId: null, attTypeId: null }] }) });
    expect(await t.modules.sms.events.textFor('clinic_hurry', { 이름: '최민준', 날짜: '11월 21일(토)', 시간: '오후 6:30' })).toBe('[테스트학원] 최민준 학생, 11월 21일(토) 오후 6:30 클리닉이 시작되었습니다. 지금 와 주세요.');
    await t.api(smsApi.updateSettings, { token: staff.admin.token, body: settings({ events: [{ event: 'clinic_hurry', enabled: false, templateId: null, attTypeId: null }] }) });
    expect(await t.modules.sms.events.textFor('clinic_hurry', { 이름: '최민준' })).toBeNull();
  });

  it('refuses an event template with a variable that event cannot fill', async () => {
    const res = await t.apiError(smsApi.updateSettings, { token: staff.admin.token, body: settings({ events: [{ event: 'absence', enabled: true, templateId: template, attTypeId: null }] }) });
    expect(res.status).toBe(400);
    expect(res.message).toMatch(/.*#\{링크\}/);
  });
});

describe('attendance texts wait for the class and the center hours', () => {
  let evening: Awaited<ReturnType<typeof makeLecture>>;
  let absentType: number;
  let realNow: Date;
  const kid = () => kids[0]!;
  const mark = (wlId: number, attTypeId: number) => t.api(attendanceApi.setBulk, { token: staff.ta.token, params: { id: evening.id, wlId }, body: { userIds: [kid().id], attTypeId } });
  const texts = (wlId: number) => t.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.key, `absence:${wlId}:${kid().id}`));
  const waiting = async () => (await t.database.sqlText("select start_after from pgboss.job where name = 'sms.attendance' and state = 'created'", [])).rows as { start_after: Date | string }[];
  const kst = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+09:00`);
  /** Runs the waiting texts now (pg-boss's clock) and waits until the worker is done with them. */
  const runWaiting = async () => {
    const before = (await t.ctx.jobs.counts('sms.attendance')).completed;
    const n = (await waiting()).length;
    await dueNow();
    await expect.poll(async () => (await t.ctx.jobs.counts('sms.attendance')).completed, { timeout: 20_000, interval: 100 }).toBeGreaterThanOrEqual(before + n);
  };

  beforeAll(async () => {
    realNow = t.clock.now;
    evening = await makeLecture(t, {
      adminToken: staff.admin.token, name: '고2 영어 야간반', students: [kid().id],
      schedule: [{ dayOfWeek: 3, startTime: '20:00', endTime: '21:30' }, { dayOfWeek: 5, startTime: '23:00', endTime: '23:50' }],
    });
    const types = await t.api(attendanceApi.listTypes, { token: staff.ta.token });
    absentType = types.find((x) => x.name === '결석')!.id;
    await t.api(smsApi.updateSettings, { token: staff.admin.token, body: settings({ attendanceDelayMinutes: 5, events: [{ event: 'absence', enabled: true, templateId: null, attTypeId: null }] }) });
  });
  afterAll(() => { t.clock.now = realNow; });

  it('a mark at 04:07 for a 20:00 class is not texted before 20:00', async () => {
    const s = evening.sessions.find((x) => x.startTime === '20:00' && x.date > kstToday(realNow))!;
    t.clock.now = kst(s.date, '04:07');
    await mark(s.id, absentType);
    expect((await waiting()).map((j) => new Date(j.start_after).toISOString())).toEqual([kst(s.date, '20:00').toISOString()]);
    // Run early anyway (at 19:59): nothing goes, the text waits again for 20:00.
    t.clock.now = kst(s.date, '19:59');
    await runWaiting();
    expect(await texts(s.id)).toEqual([]);
    expect((await waiting()).map((j) => new Date(j.start_after).toISOString())).toEqual([kst(s.date, '20:00').toISOString()]);
    t.clock.now = kst(s.date, '20:00');
    await runWaiting();
    expect(await texts(s.id)).toHaveLength(1);
  });

  it('a mark during a 23:00 class goes at 08:00 the next morning, and the hours are the center\'s', async () => {
    const s = evening.sessions.find((x) => x.startTime === '23:00' && x.date > kstToday(realNow))!;
    t.clock.now = kst(s.date, '23:10');
    await mark(s.id, absentType);
    const morning = kst(addDays(s.date, 1), '08:00');
    expect((await waiting()).map((j) => new Date(j.start_after).toISOString())).toEqual([morning.toISOString()]);
    t.clock.now = kst(s.date, '23:20');
    await runWaiting();
    expect(await texts(s.id)).toEqual([]);
    t.clock.now = morning;
    await runWaiting();
    expect(await texts(s.id)).toHaveLength(1);
    // The center's own hours, and a bad range named in Korean.
    const saved = await t.api(smsApi.updateSettings, { token: staff.admin.token, body: settings({ textFromHour: 9, textUntilHour: 21 }) });
    expect(saved).toMatchObject({ textFromHour: 9, textUntilHour: 21 });
    const bad = await t.apiError(smsApi.updateSettings, { token: staff.admin.token, body: settings({ textFromHour: 22, textUntilHour: 8 }) });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad)).toContain('시작 시각이 끝 시각보다 앞서야 합니다');
  });

  it('a type marked 자동 문자 안 보냄 (병결) texts nobody; another absent type (무단결석) does', async () => {
    const s = evening.sessions.filter((x) => x.startTime === '20:00' && x.date > kstToday(realNow))[1]!;
    await t.api(smsApi.updateSettings, { token: staff.admin.token, body: settings({ events: [{ event: 'absence', enabled: true, templateId: null, attTypeId: null }] }) });
    const sick = await t.api(attendanceApi.createType, { token: staff.admin.token, body: { name: '병결', color: '#8d6e63', countsAsPresent: false, skipText: true } });
    expect(sick).toMatchObject({ name: '병결', skipText: true });
    const truant = await t.api(attendanceApi.createType, { token: staff.admin.token, body: { name: '무단결석', color: '#b71c1c', countsAsPresent: false } });
    expect(truant).toMatchObject({ skipText: false });
    t.clock.now = kst(s.date, '20:30');
    const jobs = (await t.ctx.jobs.counts('sms.attendance')).created;
    await mark(s.id, sick.id);
    expect((await t.ctx.jobs.counts('sms.attendance')).created).toBe(jobs);
    await mark(s.id, truant.id);
    expect((await t.ctx.jobs.counts('sms.attendance')).created).toBe(jobs + 1);
  });
});

describe('weekly sends', () => {
  it('every week at its time to every parent of a lecture, once per occurrence', async () => {
    const saved = t.clock.now;
    try {
      const today = kstToday(t.clock.now);
      const kst = new Date(t.clock.now.getTime() + 9 * 3_600_000);
      const hhmm = `${String(kst.getUTCHours()).padStart(2, '0')}:${String(kst.getUTCMinutes()).padStart(2, '0')}`;
      const made = await t.api(smsApi.createSchedule, { token: staff.admin.token, body: { name: '금요 주간 리포트', lectureId: lecture.id, audience: 'parent', templateId: template, body: '[테스트학원] #{이름} 학생 주간 리포트 #{링크}', weekday: dayOfWeek(today), time: hhmm } });
      // Saved at its own minute: this week's occurrence has passed, the first run is next week.
      const run = () => t.modules.sms.schedules[0]!.run();
      await run();
      const batchesOf = async () => (await t.api(smsApi.batches, { token: staff.ta.token, query: { size: 200 } })).items.filter((b) => b.purpose === 'schedule');
      expect(await batchesOf()).toEqual([]);
      expect(made.nextRunAt).toBe(new Date(`${addDays(today, 7)}T${hhmm}:00+09:00`).toISOString());

      t.clock.advance(7 * 86_400_000 + 60_000);
      await run();
      await run();
      const runs = await batchesOf();
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ title: '금요 주간 리포트', total: 3 });
      const texts = await outbox(runs[0]!.id);
      expect(texts.every((m) => /\/link\/week\/[A-Za-z0-9_-]{32}$/.test(m.body))).toBe(true);
    } finally {
      t.clock.now = saved;
    }
  });

  it('refuses a weekly text with a variable it cannot fill, and TAs cannot make one', async () => {
    const body: ScheduleBody = { name: '점수 정기', lectureId: lecture.id, audience: 'parent', body: '#{이름} #{점수}', weekday: 5, time: '18:00' };
    expect((await t.apiError(smsApi.createSchedule, { token: staff.ta.token, body })).status).toBe(403);
    const res = await t.apiError(smsApi.createSchedule, { token: staff.admin.token, body });
    expect(res.status).toBe(400);
    expect(res.message).toMatch(/.*#\{점수\}/);
    expect((await t.apiError(smsApi.createSchedule, { token: staff.admin.token, body: { ...body, body: '안내', time: '25:00' } })).issues![0]!.path).toBe('time');
  });
});

