import { addDays, kstToday } from '@academy/contracts/dates';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { auditLogs } from '../../lib/audit/audit.table.ts';
import { makeStaff, makeStudents } from '../users/users.testkit.ts';
import { makeLecture } from './lectures.testkit.ts';

let t: TestApp;
let admin: string;
let ta: string;
let lectureId: number;
let wlId: number;
let studentIds: number[];
let outsider: number;
let types: Record<string, number>;
const call = (...args: Parameters<TestApp['call']>) => t.call(...args);
const audited = async (actions: string[], wl: number) =>
  (await t.ctx.db.select({ action: auditLogs.action }).from(auditLogs).where(and(inArray(auditLogs.action, actions), eq(auditLogs.entityId, String(wl))))).map((a) => a.action);

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const staff = await makeStaff(t);
  admin = staff.admin.token;
  ta = staff.ta.token;
  const today = kstToday(t.clock.now);
  studentIds = (await makeStudents(t, 5)).map((x) => x.id);
  outsider = (await makeStudents(t, 1))[0]!.id;
  const lecture = await makeLecture(t, {
    adminToken: admin, name: '출결 테스트반',
    schedule: [{ dayOfWeek: 1, startTime: '19:00', endTime: '21:00' }, { dayOfWeek: 4, startTime: '19:00', endTime: '21:00' }],
    startDate: today, endDate: addDays(today, 34), students: studentIds,
  });
  lectureId = lecture.id;
  wlId = lecture.sessions[0]!.id;
  types = Object.fromEntries((await call('GET', '/api/attendance-types', ta)).json.map((x: { name: string; id: number }) => [x.name, x.id]));
  // 출석 in use from the start (on the last session), as in any running center.
  await call('PUT', `/api/lectures/${lectureId}/weekly-lectures/${lecture.sessions.at(-1)!.id}/attendance`, ta, { userId: studentIds[0], attTypeId: types['출석'] });
}, 60_000);
afterAll(() => t.close());

const cell = async (userId: number) => {
  const wl = await call('GET', `/api/lectures/${lectureId}/weekly-lectures/${wlId}`, ta);
  return wl.json.participants.find((p: { userId: number }) => p.userId === userId) as { attTypeId: number | null; attLocked: boolean };
};

describe('attendance types', () => {
  it('has the six defaults in order, and admins manage them', async () => {
    const list = (await call('GET', '/api/attendance-types', ta)).json as { name: string; countsAsPresent: boolean }[];
    expect(list.map((x) => x.name)).toEqual(['출석', '지각', '조퇴', '결석', '온라인(영상 수강)', '보강']);
    expect(list.find((x) => x.name === '결석')!.countsAsPresent).toBe(false);
    const created = await call('POST', '/api/attendance-types', admin, { name: '병결', color: '#795548', countsAsPresent: false });
    expect(created.json).toMatchObject({ name: '병결', seq: 7 });
    expect((await call('POST', '/api/attendance-types', admin, { name: '병결', color: '#795548', countsAsPresent: false })).status).toBe(409);
    expect((await call('POST', '/api/attendance-types', admin, { name: '공결', color: 'brown', countsAsPresent: true })).json.issues[0].path).toBe('color');
    expect((await call('POST', '/api/attendance-types', ta, { name: '공결', color: '#795548', countsAsPresent: true })).status).toBe(403);
    const updated = await call('PUT', `/api/attendance-types/${created.json.id}`, admin, { name: '병결(진단서)', color: '#795548', countsAsPresent: true });
    expect(updated.json).toMatchObject({ name: '병결(진단서)', countsAsPresent: true, seq: 7 });
    expect((await call('DELETE', `/api/attendance-types/${created.json.id}`, admin)).status).toBe(200);
  });

  it('reorders all types at once (admin); a partial or repeated list changes nothing', async () => {
    const before = (await call('GET', '/api/attendance-types', ta)).json as { id: number; name: string }[];
    const reversed = before.map((x) => x.id).reverse();
    expect((await call('PUT', '/api/attendance-types/order', ta, { ids: reversed })).status).toBe(403);
    const partial = await call('PUT', '/api/attendance-types/order', admin, { ids: reversed.slice(1) });
    expect(partial.status).toBe(400);
    expect(partial.json.issues[0].path).toBe('ids');
    expect((await call('PUT', '/api/attendance-types/order', admin, { ids: [reversed[0], ...reversed.slice(0, -1)] })).status).toBe(400);
    expect(((await call('GET', '/api/attendance-types', ta)).json as { id: number }[]).map((x) => x.id)).toEqual(before.map((x) => x.id));
    const res = await call('PUT', '/api/attendance-types/order', admin, { ids: reversed });
    expect((res.json as { id: number; seq: number }[]).map((x) => x.id)).toEqual(reversed);
    await call('PUT', '/api/attendance-types/order', admin, { ids: before.map((x) => x.id) });
  });

  it('refuses to delete a type already used in attendance', async () => {
    const res = await call('DELETE', `/api/attendance-types/${types['출석']}`, admin);
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('attendance.type_in_use');
  });
});

describe('attendance marks', () => {
  it('sets and clears one participant, audited', async () => {
    const res = await call('PUT', `/api/lectures/${lectureId}/weekly-lectures/${wlId}/attendance`, ta, { userId: studentIds[0], attTypeId: types['지각'] });
    expect(res.json).toEqual({ updated: 1, attTypeId: types['지각'] });
    expect((await cell(studentIds[0]!)).attTypeId).toBe(types['지각']);
    await call('PUT', `/api/lectures/${lectureId}/weekly-lectures/${wlId}/attendance`, ta, { userId: studentIds[0], attTypeId: null });
    expect((await cell(studentIds[0]!)).attTypeId).toBeNull();
    expect(await audited(['attendance.set'], wlId)).toHaveLength(2);
  });

  it('refuses a non-participant, an unknown type and a session of another lecture', async () => {
    const res = await call('PUT', `/api/lectures/${lectureId}/weekly-lectures/${wlId}/attendance`, ta, { userId: outsider, attTypeId: types['출석'] });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('attendance.not_participant');
    const badType = await call('PUT', `/api/lectures/${lectureId}/weekly-lectures/${wlId}/attendance`, ta, { userId: studentIds[0], attTypeId: 99999 });
    expect(badType.json.issues[0].path).toBe('attTypeId');
    const other = (await makeLecture(t, { adminToken: admin, name: '다른 강좌' })).sessions[0]!;
    expect((await call('PUT', `/api/lectures/${lectureId}/weekly-lectures/${other.id}/attendance`, ta, { userId: studentIds[0], attTypeId: types['출석'] })).status).toBe(404);
  });

  it('bulk sets one type for all named participants in one transaction', async () => {
    const res = await call('PUT', `/api/lectures/${lectureId}/weekly-lectures/${wlId}/attendance/bulk`, ta, { userIds: studentIds, attTypeId: types['출석'] });
    expect(res.json).toEqual({ updated: 5, attTypeId: types['출석'] });
    for (const id of studentIds) expect((await cell(id)).attTypeId).toBe(types['출석']);
  });

  it('bulk naming one unknown user changes nothing', async () => {
    const res = await call('PUT', `/api/lectures/${lectureId}/weekly-lectures/${wlId}/attendance/bulk`, ta, { userIds: [...studentIds, 987654], attTypeId: types['결석'] });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('attendance.unknown_users');
    expect(res.json.message).toContain('987654');
    for (const id of studentIds) expect((await cell(id)).attTypeId).toBe(types['출석']);
  });

  it('a locked cell refuses changes (alone or in a bulk) until unlocked', async () => {
    const base = `/api/lectures/${lectureId}/weekly-lectures/${wlId}/attendance`;
    expect((await call('PUT', `${base}/lock`, ta, { userIds: [studentIds[1]], locked: true })).json).toEqual({ updated: 1, locked: true });
    const one = await call('PUT', base, ta, { userId: studentIds[1], attTypeId: types['결석'] });
    expect(one.status).toBe(409);
    expect(one.json.code).toBe('attendance.locked');
    expect(one.json.message).toContain('잠금을 해제한 뒤');
    const bulk = await call('PUT', `${base}/bulk`, ta, { userIds: studentIds, attTypeId: types['결석'] });
    expect(bulk.status).toBe(409);
    for (const id of studentIds) expect((await cell(id)).attTypeId).toBe(types['출석']);
    const removal = await call('DELETE', `/api/lectures/${lectureId}/weekly-lectures/${wlId}/participants`, ta, { userIds: [studentIds[1]] });
    expect(removal.status).toBe(409);
    await call('PUT', `${base}/lock`, ta, { userIds: [studentIds[1]], locked: false });
    expect((await call('PUT', base, ta, { userId: studentIds[1], attTypeId: types['결석'] })).status).toBe(200);
    expect((await audited(['attendance.lock', 'attendance.unlock'], wlId)).sort()).toEqual(['attendance.lock', 'attendance.unlock']);
  });

  it('refuses attendance in a disabled lecture', async () => {
    await call('PUT', `/api/lectures/${lectureId}/disable`, admin);
    const res = await call('PUT', `/api/lectures/${lectureId}/weekly-lectures/${wlId}/attendance`, ta, { userId: studentIds[2], attTypeId: types['결석'] });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('lectures.disabled');
    await call('PUT', `/api/lectures/${lectureId}/enable`, admin);
  });
});

describe('attendance grid', () => {
  it('returns students × sessions in one call with cells aligned to the sessions', async () => {
    const res = await call('GET', `/api/lectures/${lectureId}/attendance-grid`, ta);
    expect(res.status).toBe(200);
    const { weeklyLectures, students, attendanceTypes } = res.json as {
      weeklyLectures: { id: number }[]; students: { userId: number; cells: (number | null)[]; enrolled: boolean }[]; attendanceTypes: unknown[];
    };
    expect(attendanceTypes.length).toBe(6);
    expect(students).toHaveLength(5);
    expect(students.every((s) => s.cells.length === weeklyLectures.length && s.enrolled)).toBe(true);
    const col = weeklyLectures.findIndex((w) => w.id === wlId);
    expect(students.find((s) => s.userId === studentIds[1])!.cells[col]).toBe(types['결석']);
    expect(students.find((s) => s.userId === studentIds[0])!.cells[col + 1]).toBe(0);
  });

  it('uses the same number of queries for a small and a large lecture (no N+1)', async () => {
    const many = await makeStudents(t, 30);
    const big = await makeLecture(t, { adminToken: admin, name: '큰 강좌', students: many.map((x) => x.id), schedule: [1, 3, 5].map((d) => ({ dayOfWeek: d, startTime: '19:00', endTime: '21:00' })) });
    await call('PUT', `/api/lectures/${big.id}/weekly-lectures/${big.sessions.at(-1)!.id}/attendance/bulk`, ta, { userIds: many.map((x) => x.id), attTypeId: types['출석'] });
    await call('PUT', `/api/lectures/${big.id}/weekly-lectures/${big.sessions.at(-1)!.id}/attendance/lock`, ta, { userIds: [many[0]!.id], locked: true });
    let count = 0;
    const stop = t.database.observe(() => count++);
    try {
      const small = await call('GET', `/api/lectures/${lectureId}/attendance-grid`, ta);
      const smallQueries = count;
      count = 0;
      const large = await call('GET', `/api/lectures/${big.id}/attendance-grid`, ta);
      expect(large.json.students.length).toBe(30);
      expect(large.json.weeklyLectures.length * large.json.students.length).toBeGreaterThan(small.json.weeklyLectures.length * small.json.students.length * 5);
      expect(count).toBe(smallQueries);
      // Including the session check of the request (plugins/auth.ts).
      expect(count).toBeLessThanOrEqual(7);
      const first = large.json.students.find((x: { userId: number }) => x.userId === many[0]!.id);
      expect(first.cells.at(-1)).toBe(types['출석']);
      expect(first.lockedWeeklyLectureIds).toEqual([big.sessions.at(-1)!.id]);
    } finally {
      stop();
    }
  });

  it("reads a lecture's cells from one index, in student order, without sorting them", async () => {
    const statements: string[] = [];
    const stop = t.database.observe((s) => statements.push(s));
    try {
      expect((await call('GET', `/api/lectures/${lectureId}/attendance-grid`, ta)).status).toBe(200);
    } finally {
      stop();
    }
    const cells = statements.find((s) => s.includes('json_agg'))!;
    // A test database is too small for the planner to prefer an index: only the plan's shape is checked.
    const plan = await t.database.db.transaction(async () => {
      await t.database.sqlText('set local enable_seqscan = off');
      await t.database.sqlText('set local enable_bitmapscan = off');
      const rows = (await t.database.sqlText(`explain ${cells.replace('$1', String(lectureId))}`)).rows;
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('Index Only Scan using wlp_lecture_user_idx');
    expect(plan).not.toContain('Sort');
  });
});
