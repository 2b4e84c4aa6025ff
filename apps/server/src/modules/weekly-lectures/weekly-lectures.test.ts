import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { addDays, kstToday } from '../lectures/lectures.schedule.ts';

let t: TestApp;
let admin: string;
let ta: string;
let today: string;
let lectureId: number;
let wlId: number;
const ids: Record<string, number> = {};

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, json: res.body && res.headers['content-type']?.toString().includes('json') ? res.json() : null, raw: res.rawPayload, headers: res.headers };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin1234!');
  ta = await t.login('ta01', 'ta1234!');
  today = kstToday(t.clock.now);
  for (const r of await t.database.query<{ id: number; login_id: string }>("select id, login_id from users where user_type = 'STUDENT'")) ids[r.login_id] = r.id;
  lectureId = (await call('POST', '/api/lectures', admin, {
    name: '회차 테스트반', subject: '영어', teacherName: '김영희',
    schedule: [{ dayOfWeek: 3, startTime: '17:00', endTime: '19:00' }], startDate: today, endDate: addDays(today, 27),
  })).json.id;
  await call('POST', `/api/lectures/${lectureId}/students`, ta, { userIds: [ids.student01, ids.student02] });
  wlId = (await call('GET', `/api/lectures/${lectureId}/weekly-lectures`, ta)).json[0].id;
}, 60_000);
afterAll(() => t.close());

describe('special sessions', () => {
  it('adds a 보강 session with the roster as participants and renames it', async () => {
    const res = await call('POST', `/api/lectures/${lectureId}/weekly-lectures/with-special-name`, ta, { specialName: '보강', date: addDays(today, 2), startTime: '14:00', endTime: '16:00' });
    expect(res.json).toMatchObject({ title: '보강', specialName: '보강', seq: null });
    const detail = await call('GET', `/api/lectures/${lectureId}/weekly-lectures/${res.json.id}`, ta);
    expect(detail.json.participants).toHaveLength(2);
    const renamed = await call('PUT', `/api/lectures/${lectureId}/weekly-lectures/${res.json.id}/with-special-name`, ta, { specialName: '특강 — 수능 기출 총정리' });
    expect(renamed.json.title).toBe('특강 — 수능 기출 총정리');
    const bad = await call('POST', `/api/lectures/${lectureId}/weekly-lectures/with-special-name`, ta, { specialName: '보강', date: today, startTime: '16:00', endTime: '14:00' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/^endTime: /);
  });
});

describe('participants', () => {
  it('adds, skips existing, adds with a preset type or another lecture roster, and removes in bulk', async () => {
    const base = `/api/lectures/${lectureId}/weekly-lectures/${wlId}/participants`;
    expect((await call('POST', base, ta, { userIds: [ids.student03, ids.student01] })).json).toEqual({ added: 1, skipped: 1 });
    const types = (await call('GET', '/api/attendance-types', ta)).json as { id: number; name: string }[];
    const online = types.find((x) => x.name === '온라인(영상 수강)')!.id;
    const withType = await call('POST', `${base}/with-options`, ta, { userIds: [ids.student04], attTypeId: online });
    expect(withType.json.added).toBe(1);
    const detail = await call('GET', `/api/lectures/${lectureId}/weekly-lectures/${wlId}`, ta);
    expect(detail.json.participants.find((p: { userId: number }) => p.userId === ids.student04).attTypeId).toBe(online);
    const lectures = (await call('GET', '/api/lectures', ta)).json as { id: number; name: string; studentCount: number }[];
    const english = lectures.find((l) => l.name === '중3 영어 내신반')!;
    const fromRoster = await call('POST', `${base}/with-options`, ta, { fromLectureId: english.id });
    expect(fromRoster.json.added).toBe(english.studentCount);
    expect((await call('POST', `${base}/with-options`, ta, {})).status).toBe(400);
    expect((await call('POST', base, ta, { userIds: [987654] })).json.code).toBe('lectures.unknown_students');
    const [taUser] = await t.database.query<{ id: number }>("select id from users where login_id = 'ta01'");
    expect((await call('POST', base, ta, { userIds: [taUser!.id] })).status).toBe(400);
    const removed = await call('DELETE', base, ta, { userIds: [ids.student03, ids.student04] });
    expect(removed.json).toEqual({ removed: 2 });
    const notThere = await call('DELETE', base, ta, { userIds: [ids.student03] });
    expect(notThere.json.code).toBe('attendance.not_participant');
  });

  it('exports the students who could be added as .xlsx', async () => {
    const res = await call('GET', `/api/lectures/${lectureId}/weekly-lectures/${wlId}/wlp-candidate-excel`, ta);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(2).value).toBe('이름');
    const loginIds: string[] = [];
    ws.eachRow((row, n) => { if (n > 1) loginIds.push(String(row.getCell(3).value)); });
    expect(loginIds).not.toContain('student01');
    expect(loginIds).toContain('student03');
    expect(String(ws.getRow(2).getCell(4).value)).toMatch(/^010-\d{4}-\d{4}$/);
  });
});

describe('announcements', () => {
  it('creates, edits and deletes an announcement of a session', async () => {
    const base = `/api/lectures/${lectureId}/weekly-lectures/${wlId}/announcements`;
    const created = await call('POST', base, ta, { title: '숙제 안내', content: '교재 3단원 끝까지' });
    expect(created.json.title).toBe('숙제 안내');
    const updated = await call('PUT', `${base}/${created.json.id}`, ta, { title: '숙제 안내 (수정)', content: '교재 3단원 + 워크북' });
    expect(updated.json.content).toBe('교재 3단원 + 워크북');
    expect((await call('POST', base, ta, { title: '' })).json.message).toMatch(/^title: /);
    expect((await call('DELETE', `${base}/${created.json.id}`, ta)).status).toBe(200);
    expect((await call('PUT', `${base}/${created.json.id}`, ta, { title: 'x', content: '' })).status).toBe(404);
  });
});
