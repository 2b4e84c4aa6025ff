import { addDays, kstToday } from '@academy/contracts/dates';
import { attendanceApi, lecturesApi, weeklyLecturesApi } from '@academy/contracts/lectures';
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
  types = Object.fromEntries((await t.api(attendanceApi.listTypes, { token: ta })).map((x) => [x.name, x.id]));
  // 출석 in use from the start (on the last session), as in any running center.
  await t.api(attendanceApi.set, { token: ta, params: { id: lectureId, wlId: lecture.sessions.at(-1)!.id }, body: { userId: studentIds[0], attTypeId: types['출석'] } });
}, 60_000);
afterAll(() => t.close());

const cell = async (userId: number) => {
  const wl = await t.api(weeklyLecturesApi.get, { token: ta, params: { id: lectureId, wlId } });
  return wl.participants.find((p) => p.userId === userId)!;
};

describe('attendance types', () => {
  it('has the six defaults in order, and admins manage them', async () => {
    const list = await t.api(attendanceApi.listTypes, { token: ta });
    expect(list.map((x) => x.name)).toEqual(['출석', '지각', '조퇴', '결석', '온라인(영상 수강)', '보강']);
    expect(list.find((x) => x.name === '결석')!.countsAsPresent).toBe(false);
    const created = await t.api(attendanceApi.createType, { token: admin, body: { name: '병결', color: '#795548', countsAsPresent: false } });
    expect(created).toMatchObject({ name: '병결', seq: 7 });
    expect(await t.apiError(attendanceApi.createType, { token: admin, body: { name: '병결', color: '#795548', countsAsPresent: false } })).toMatchObject({ status: 409 });
    expect((await t.apiError(attendanceApi.createType, { token: admin, body: { name: '공결', color: 'brown', countsAsPresent: true } })).issues?.[0]?.path).toBe('color');
    expect(await t.apiError(attendanceApi.createType, { token: ta, body: { name: '공결', color: '#795548', countsAsPresent: true } })).toMatchObject({ status: 403 });
    const updated = await t.api(attendanceApi.updateType, { token: admin, params: { id: created.id }, body: { name: '병결(진단서)', color: '#795548', countsAsPresent: true } });
    expect(updated).toMatchObject({ name: '병결(진단서)', countsAsPresent: true, seq: 7 });
    await t.api(attendanceApi.deleteType, { token: admin, params: { id: created.id } });
  });

  it('reorders all types at once (admin); a partial or repeated list changes nothing', async () => {
    const before = await t.api(attendanceApi.listTypes, { token: ta });
    const reversed = before.map((x) => x.id).reverse();
    expect(await t.apiError(attendanceApi.reorderTypes, { token: ta, body: { ids: reversed } })).toMatchObject({ status: 403 });
    const partial = await t.apiError(attendanceApi.reorderTypes, { token: admin, body: { ids: reversed.slice(1) } });
    expect(partial.status).toBe(400);
    expect(partial.issues?.[0]?.path).toBe('ids');
    expect(await t.apiError(attendanceApi.reorderTypes, { token: admin, body: { ids: [reversed[0], ...reversed.slice(0, -1)] } })).toMatchObject({ status: 400 });
    expect((await t.api(attendanceApi.listTypes, { token: ta })).map((x) => x.id)).toEqual(before.map((x) => x.id));
    const res = await t.api(attendanceApi.reorderTypes, { token: admin, body: { ids: reversed } });
    expect(res.map((x) => x.id)).toEqual(reversed);
    await t.api(attendanceApi.reorderTypes, { token: admin, body: { ids: before.map((x) => x.id) } });
  });

  it('refuses to delete a type already used in attendance', async () => {
    expect(await t.apiError(attendanceApi.deleteType, { token: admin, params: { id: types['출석'] } })).toMatchObject({ status: 409, code: 'attendance.type_in_use' });
  });
});

describe('attendance marks', () => {
  it('sets and clears one participant, audited', async () => {
    const params = { id: lectureId, wlId };
    expect(await t.api(attendanceApi.set, { token: ta, params, body: { userId: studentIds[0], attTypeId: types['지각'] } })).toEqual({ updated: 1, attTypeId: types['지각'] });
    expect((await cell(studentIds[0]!)).attTypeId).toBe(types['지각']);
    await t.api(attendanceApi.set, { token: ta, params, body: { userId: studentIds[0], attTypeId: null } });
    expect((await cell(studentIds[0]!)).attTypeId).toBeNull();
    expect(await audited(['attendance.set'], wlId)).toHaveLength(2);
  });

  it('refuses a non-participant, an unknown type and a session of another lecture', async () => {
    const params = { id: lectureId, wlId };
    expect(await t.apiError(attendanceApi.set, { token: ta, params, body: { userId: outsider, attTypeId: types['출석'] } })).toMatchObject({ status: 400, code: 'attendance.not_participant' });
    const badType = await t.apiError(attendanceApi.set, { token: ta, params, body: { userId: studentIds[0], attTypeId: 99999 } });
    expect(badType.issues?.[0]?.path).toBe('attTypeId');
    const other = (await makeLecture(t, { adminToken: admin, name: '다른 강좌' })).sessions[0]!;
    expect(await t.apiError(attendanceApi.set, { token: ta, params: { id: lectureId, wlId: other.id }, body: { userId: studentIds[0], attTypeId: types['출석'] } })).toMatchObject({ status: 404 });
  });

  it('bulk sets one type for all named participants in one transaction', async () => {
    const res = await t.api(attendanceApi.setBulk, { token: ta, params: { id: lectureId, wlId }, body: { userIds: studentIds, attTypeId: types['출석'] } });
    expect(res).toEqual({ updated: 5, attTypeId: types['출석'] });
    for (const id of studentIds) expect((await cell(id)).attTypeId).toBe(types['출석']);
  });

  it('bulk naming one unknown user changes nothing', async () => {
    const res = await t.apiError(attendanceApi.setBulk, { token: ta, params: { id: lectureId, wlId }, body: { userIds: [...studentIds, 987654], attTypeId: types['결석'] } });
    expect(res.status).toBe(400);
    expect(res.code).toBe('attendance.unknown_users');
    expect(res.message).toContain('987654');
    for (const id of studentIds) expect((await cell(id)).attTypeId).toBe(types['출석']);
  });

  it('a locked cell refuses changes (alone or in a bulk) until unlocked', async () => {
    const params = { id: lectureId, wlId };
    expect(await t.api(attendanceApi.setLock, { token: ta, params, body: { userIds: [studentIds[1]], locked: true } })).toEqual({ updated: 1, locked: true });
    const one = await t.apiError(attendanceApi.set, { token: ta, params, body: { userId: studentIds[1], attTypeId: types['결석'] } });
    expect(one.status).toBe(409);
    expect(one.code).toBe('attendance.locked');
    expect(one.message).toContain('잠금을 해제한 뒤');
    expect(await t.apiError(attendanceApi.setBulk, { token: ta, params, body: { userIds: studentIds, attTypeId: types['결석'] } })).toMatchObject({ status: 409 });
    for (const id of studentIds) expect((await cell(id)).attTypeId).toBe(types['출석']);
    expect(await t.apiError(weeklyLecturesApi.removeParticipants, { token: ta, params, body: { userIds: [studentIds[1]] } })).toMatchObject({ status: 409 });
    await t.api(attendanceApi.setLock, { token: ta, params, body: { userIds: [studentIds[1]], locked: false } });
    await t.api(attendanceApi.set, { token: ta, params, body: { userId: studentIds[1], attTypeId: types['결석'] } });
    expect((await audited(['attendance.lock', 'attendance.unlock'], wlId)).sort()).toEqual(['attendance.lock', 'attendance.unlock']);
  });

  it('refuses attendance in a disabled lecture', async () => {
    await t.api(lecturesApi.disable, { token: admin, params: { id: lectureId } });
    const res = await t.apiError(attendanceApi.set, { token: ta, params: { id: lectureId, wlId }, body: { userId: studentIds[2], attTypeId: types['결석'] } });
    expect(res).toMatchObject({ status: 409, code: 'lectures.disabled' });
    await t.api(lecturesApi.enable, { token: admin, params: { id: lectureId } });
  });
});

describe('attendance grid', () => {
  it('returns students × sessions in one call with cells aligned to the sessions', async () => {
    const { weeklyLectures, students, attendanceTypes } = await t.api(attendanceApi.grid, { token: ta, params: { id: lectureId } });
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
    const last = { id: big.id, wlId: big.sessions.at(-1)!.id };
    await t.api(attendanceApi.setBulk, { token: ta, params: last, body: { userIds: many.map((x) => x.id), attTypeId: types['출석'] } });
    await t.api(attendanceApi.setLock, { token: ta, params: last, body: { userIds: [many[0]!.id], locked: true } });
    let count = 0;
    const stop = t.database.observe(() => count++);
    try {
      const small = await t.api(attendanceApi.grid, { token: ta, params: { id: lectureId } });
      const smallQueries = count;
      count = 0;
      const large = await t.api(attendanceApi.grid, { token: ta, params: { id: big.id } });
      expect(large.students.length).toBe(30);
      expect(large.weeklyLectures.length * large.students.length).toBeGreaterThan(small.weeklyLectures.length * small.students.length * 5);
      expect(count).toBe(smallQueries);
      // Including the session check of the request (plugins/auth.ts).
      expect(count).toBeLessThanOrEqual(7);
      const first = large.students.find((x) => x.userId === many[0]!.id)!;
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
      await t.api(attendanceApi.grid, { token: ta, params: { id: lectureId } });
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
