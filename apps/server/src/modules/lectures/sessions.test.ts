import { addDays, kstToday } from '@academy/contracts/dates';
import { attendanceApi, weeklyLecturesApi } from '@academy/contracts/lectures';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeStaff, makeStudents, type TestAccount } from '../users/users.testkit.ts';
import { makeLecture } from './lectures.testkit.ts';

let t: TestApp;
let ta: TestAccount;
let today: string;
let lectureId: number;
let wlId: number;
let s: TestAccount[];
let otherRoster: TestAccount[];
let otherLectureId: number;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const staff = await makeStaff(t);
  ta = staff.ta;
  today = kstToday(t.clock.now);
  s = await makeStudents(t, 4);
  otherRoster = await makeStudents(t, 3);
  ({ id: otherLectureId } = await makeLecture(t, { adminToken: staff.admin.token, name: '중3 영어 내신반', students: otherRoster.map((x) => x.id) }));
  const lecture = await makeLecture(t, {
    adminToken: staff.admin.token, name: '회차 테스트반', subject: '영어', teacherName: '김영희',
    schedule: [{ dayOfWeek: 3, startTime: '17:00', endTime: '19:00' }], startDate: today, endDate: addDays(today, 27),
    students: [s[0]!.id, s[1]!.id],
  });
  lectureId = lecture.id;
  wlId = lecture.sessions[0]!.id;
}, 60_000);
afterAll(() => t.close());

describe('special sessions', () => {
  it('adds a 보강 session with the roster as participants and renames it', async () => {
    const res = await t.api(weeklyLecturesApi.createSpecial, { token: ta.token, params: { id: lectureId }, body: { specialName: '보강', date: addDays(today, 2), startTime: '14:00', endTime: '16:00' } });
    expect(res).toMatchObject({ title: '보강', specialName: '보강', seq: null });
    const detail = await t.api(weeklyLecturesApi.get, { token: ta.token, params: { id: lectureId, wlId: res.id } });
    expect(detail.participants).toHaveLength(2);
    const renamed = await t.api(weeklyLecturesApi.rename, { token: ta.token, params: { id: lectureId, wlId: res.id }, body: { specialName: '특강 — 수능 기출 총정리' } });
    expect(renamed.title).toBe('특강 — 수능 기출 총정리');
    const bad = await t.apiError(weeklyLecturesApi.createSpecial, { token: ta.token, params: { id: lectureId }, body: { specialName: '보강', date: today, startTime: '16:00', endTime: '14:00' } });
    expect(bad.status).toBe(400);
    expect(bad.issues?.[0]?.path).toBe('endTime');
  });
});

describe('participants', () => {
  it('adds, skips existing, adds with a preset type or another lecture roster, and removes in bulk', async () => {
    const params = { id: lectureId, wlId };
    expect(await t.api(weeklyLecturesApi.addParticipants, { token: ta.token, params, body: { userIds: [s[2]!.id, s[0]!.id] } })).toEqual({ added: 1, skipped: 1 });
    const types = await t.api(attendanceApi.listTypes, { token: ta.token });
    const online = types.find((x) => x.name === '온라인(영상 수강)')!.id;
    const withType = await t.api(weeklyLecturesApi.addParticipantsWithOptions, { token: ta.token, params, body: { userIds: [s[3]!.id], attTypeId: online } });
    expect(withType.added).toBe(1);
    const detail = await t.api(weeklyLecturesApi.get, { token: ta.token, params });
    expect(detail.participants.find((p) => p.userId === s[3]!.id)!.attTypeId).toBe(online);
    const fromRoster = await t.api(weeklyLecturesApi.addParticipantsWithOptions, { token: ta.token, params, body: { fromLectureId: otherLectureId } });
    expect(fromRoster).toEqual({ added: otherRoster.length, skipped: 0 });
    expect(await t.apiError(weeklyLecturesApi.addParticipantsWithOptions, { token: ta.token, params, body: {} })).toMatchObject({ status: 400 });
    expect((await t.apiError(weeklyLecturesApi.addParticipants, { token: ta.token, params, body: { userIds: [987654] } })).code).toBe('lectures.unknown_students');
    expect(await t.apiError(weeklyLecturesApi.addParticipants, { token: ta.token, params, body: { userIds: [ta.id] } })).toMatchObject({ status: 400 });
    expect(await t.api(weeklyLecturesApi.removeParticipants, { token: ta.token, params, body: { userIds: [s[2]!.id, s[3]!.id] } })).toEqual({ removed: 2 });
    expect((await t.apiError(weeklyLecturesApi.removeParticipants, { token: ta.token, params, body: { userIds: [s[2]!.id] } })).code).toBe('attendance.not_participant');
  });

  it('exports the students who could be added as .xlsx', async () => {
    // A file reply, read with its content type: through t.call.
    const res = await t.call('GET', `/api/lectures/${lectureId}/weekly-lectures/${wlId}/wlp-candidate-excel`, ta.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(2).value).toBe('이름');
    const loginIds: string[] = [];
    ws.eachRow((row, n) => { if (n > 1) loginIds.push(String(row.getCell(3).value)); });
    expect(loginIds).not.toContain(s[0]!.loginId);
    expect(loginIds).toContain(s[2]!.loginId);
    expect(String(ws.getRow(2).getCell(4).value)).toMatch(/^010-\d{4}-\d{4}$/);
  });
});

describe('announcements', () => {
  it('creates, edits and deletes an announcement of a session', async () => {
    const params = { id: lectureId, wlId };
    const created = await t.api(weeklyLecturesApi.createAnnouncement, { token: ta.token, params, body: { title: '숙제 안내', content: '교재 3단원 끝까지' } });
    expect(created.title).toBe('숙제 안내');
    const one = { ...params, announcementId: created.id };
    const updated = await t.api(weeklyLecturesApi.updateAnnouncement, { token: ta.token, params: one, body: { title: '숙제 안내 (수정)', content: '교재 3단원 + 워크북' } });
    expect(updated.content).toBe('교재 3단원 + 워크북');
    expect((await t.apiError(weeklyLecturesApi.createAnnouncement, { token: ta.token, params, body: { title: '' } })).issues?.[0]?.path).toBe('title');
    await t.api(weeklyLecturesApi.deleteAnnouncement, { token: ta.token, params: one });
    expect(await t.apiError(weeklyLecturesApi.updateAnnouncement, { token: ta.token, params: one, body: { title: 'x', content: '' } })).toMatchObject({ status: 404 });
  });
});
