import { studentRecordsApi as api } from '@academy/contracts/student-records';
import { studentsApi } from '@academy/contracts/students';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, type TestApp } from '../../../test/harness.ts';
import { rng } from '../../db/seed/korean.ts';
import { auditLogs } from '../../lib/audit/audit.table.ts';
import { makeStudent } from '../students/students.testkit.ts';
import { makeStaff, makeStudents, type TestAccount } from '../users/users.testkit.ts';

let t: TestApp;
let ta: TestAccount;
let admin: TestAccount;
let student: TestAccount;
let sid: number;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ admin, ta } = await makeStaff(t));
  student = (await makeStudents(t, 1))[0]!;
  sid = (await makeStudent(t, { token: ta.token, loginId: 'records01', name: '기록학생', phone: '01020003000' })).id;
}, 60_000);
afterAll(() => t.close());

describe('consults', () => {
  it('creates, lists newest first with the counselor, updates and deletes', async () => {
    const token = ta.token;
    const params = { id: sid };
    const a = await t.api(api.createConsult, { token, params, body: { consultedAt: '2026-11-01T10:00:00+09:00', consultType: '학습', content: '개념 복습 필요' } });
    expect(a).toMatchObject({ consultType: '학습', counselorId: ta.id, counselorName: '박조교', studentId: sid });
    const b = await t.api(api.createConsult, { token, params, body: { consultedAt: '2026-11-15T10:00:00+09:00', consultType: '진로', content: '이공계 희망', counselorId: admin.id } });
    expect(b).toMatchObject({ counselorName: '김원장' });
    expect((await t.api(api.consults, { token, params })).map((c) => c.id)).toEqual([b.id, a.id]);
    const upd = await t.api(api.updateConsult, { token, params: { id: sid, consultId: a.id }, body: { consultedAt: '2026-11-01T10:00:00+09:00', consultType: '성적', content: '모의고사 분석' } });
    expect(upd).toMatchObject({ consultType: '성적', content: '모의고사 분석', counselorName: '박조교' });
    // Not a date, not a type, no content: what the contract refuses, sent by hand.
    const bad = await t.call<ApiError>('POST', `/api/students/${sid}/consults`, token, { consultedAt: '어제', consultType: '잡담', content: '' });
    expect(bad.status).toBe(400);
    expect(bad.json.issues![0]!.path).toBe('consultedAt');
    const studentAsCounselor = await t.apiError(api.createConsult, { token, params, body: { consultedAt: '2026-11-15T10:00:00+09:00', consultType: '기타', content: 'x', counselorId: sid } });
    expect(studentAsCounselor.status).toBe(400);
    expect(studentAsCounselor).toMatchObject({ code: 'consults.counselor_unknown', issues: [expect.objectContaining({ path: 'counselorId' })] });
    expect(await t.api(api.deleteConsult, { token, params: { id: sid, consultId: a.id } })).toEqual({ id: a.id });
    expect((await t.apiError(api.deleteConsult, { token, params: { id: sid, consultId: a.id } })).status).toBe(404);
    expect((await t.apiError(api.consults, { token, params: { id: 999999 } })).status).toBe(404);
    expect((await t.apiError(api.consults, { token, params: { id: ta.id } })).code).toBe('students.not_found');
    expect((await t.apiError(api.consults, { token: student.token, params })).status).toBe(403);
  });
});

describe('memos', () => {
  it('keeps pinned memos first, then newest; pin and unpin; edit and delete', async () => {
    const token = ta.token;
    const params = { id: sid };
    const ids: number[] = [];
    for (const content of ['첫 메모', '둘째 메모', '셋째 메모']) {
      t.clock.advance(60_000);
      ids.push((await t.api(api.createMemo, { token, params, body: { content } })).id);
    }
    const memo = (i: number) => ({ id: sid, memoId: ids[i]! });
    const order = async () => (await t.api(api.memos, { token, params })).map((m) => m.id);
    expect(await order()).toEqual([ids[2], ids[1], ids[0]]);
    const pinned = await t.api(api.pinMemo, { token, params: memo(0), body: { pinned: true } });
    expect(pinned.map((m) => m.id)).toEqual([ids[0], ids[2], ids[1]]);
    expect(pinned[0]).toMatchObject({ isPinned: true, createdByName: '박조교' });
    t.clock.advance(60_000);
    await t.api(api.pinMemo, { token, params: memo(1), body: { pinned: true } });
    expect(await order()).toEqual([ids[1], ids[0], ids[2]]);
    await t.api(api.pinMemo, { token, params: memo(1), body: { pinned: false } });
    expect(await order()).toEqual([ids[0], ids[2], ids[1]]);
    expect((await t.api(api.updateMemo, { token, params: memo(2), body: { content: '수정된 메모' } })).content).toBe('수정된 메모');
    expect((await t.apiError(api.createMemo, { token, params, body: { content: '  ' } })).message).toMatch(/메모 내용을 입력해 주세요/);
    expect((await t.apiError(api.pinMemo, { token, params: { id: sid, memoId: 999999 }, body: { pinned: true } })).status).toBe(404);
    await t.api(api.deleteMemo, { token, params: memo(2) });
    expect(await order()).toEqual([ids[0], ids[1]]);
    const audits = await t.ctx.db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.entity, 'student_memo')).orderBy(asc(auditLogs.id));
    expect(audits.map((a) => a.action)).toEqual(['memo.create', 'memo.create', 'memo.create', 'memo.pin', 'memo.pin', 'memo.unpin', 'memo.update', 'memo.delete']);
  });
});

describe('actual exam scores', () => {
  it('records 모의고사/내신 results by date, validates grade and percentile, edits and deletes', async () => {
    const token = ta.token;
    const params = { id: sid };
    const later = await t.api(api.createScore, { token, params, body: { examType: '모의고사', examName: '9월 모의평가', examDate: '2026-09-03', subject: '수학', rawScore: 84, grade: 2, percentile: 93.5 } });
    expect(later).toMatchObject({ rawScore: 84, grade: 2, percentile: 93.5 });
    const earlier = await t.api(api.createScore, { token, params, body: { examType: '내신', examName: '1학기 중간고사', examDate: '2026-04-28', subject: '수학', rawScore: 91.5, grade: null } });
    expect((await t.api(api.scores, { token, params })).map((s) => s.id)).toEqual([earlier.id, later.id]);
    const badGrade = await t.apiError(api.createScore, { token, params, body: { examType: '모의고사', examName: 'x', examDate: '2026-09-03', subject: '수학', grade: 10 } });
    expect(badGrade.status).toBe(400);
    expect(badGrade.message).toBe('등급은 1~9 사이여야 합니다');
    // An exam type and a date the contract does not know, sent by hand.
    expect((await t.call('POST', `/api/students/${sid}/actual-exam-scores`, token, { examType: '수능', examName: 'x', examDate: '2026-13-03', subject: '수학' })).status).toBe(400);
    const upd = await t.api(api.updateScore, { token, params: { id: sid, scoreId: later.id }, body: { examType: '모의고사', examName: '9월 모의평가', examDate: '2026-09-03', subject: '수학', rawScore: 88, grade: 1, percentile: 96 } });
    expect(upd).toMatchObject({ rawScore: 88, grade: 1 });
    await t.api(api.deleteScore, { token, params: { id: sid, scoreId: earlier.id } });
    expect(await t.api(api.scores, { token, params })).toHaveLength(1);
    const missing = await t.apiError(api.updateScore, { token, params: { id: sid, scoreId: 999999 }, body: { examType: '내신', examName: 'x', examDate: '2026-01-01', subject: '국어' } });
    expect(missing.status).toBe(404);
    expect(missing.code).toBe('actual_exam_scores.not_found');
  });

  it('a deleted student keeps its records but takes no new ones', async () => {
    const s = await makeStudent(t, { token: ta.token });
    const params = { id: s.id };
    await t.api(api.createMemo, { token: ta.token, params, body: { content: '남는 메모' } });
    await t.api(studentsApi.delete, { token: admin.token, body: { ids: [s.id] } });
    const refused = await t.apiError(api.createMemo, { token: ta.token, params, body: { content: '새 메모' } });
    expect(refused.status).toBe(404);
    expect(refused.code).toBe('students.not_found');
    await t.api(studentsApi.restore, { token: admin.token, body: { ids: [s.id] } });
    expect((await t.api(api.memos, { token: ta.token, params })).map((m) => m.content)).toEqual(['남는 메모']);
  });
});

describe('demo seed', () => {
  it('gives the first students memos (some pinned), consults by ta01 and 모의고사 scores', async () => {
    const demo = await createTestApp({ seed: false });
    try {
      const { ta: counselor } = await makeStaff(demo);
      const students = await makeStudents(demo, 16);
      await demo.modules.studentRecords.seed.demo({ accounts: new Map([['ta01', counselor.id]]), lectures: new Map(), random: rng(1) });
      const token = counselor.token;
      const params = { id: students[0]!.id };
      const scores = await demo.api(api.scores, { token, params });
      expect(scores).toHaveLength(12);
      expect(scores.every((s) => s.examType === '모의고사' && s.grade !== null && s.grade >= 1 && s.grade <= 9)).toBe(true);
      const memos = await demo.api(api.memos, { token, params });
      expect(memos).toHaveLength(2);
      expect(memos[0]!.isPinned).toBe(true);
      const consults = await demo.api(api.consults, { token, params });
      expect(consults.length).toBeGreaterThan(0);
      expect(consults.every((c) => c.counselorId === counselor.id)).toBe(true);
      expect(await demo.api(api.scores, { token, params: { id: students[15]!.id } })).toEqual([]);
    } finally {
      await demo.close();
    }
  }, 60_000);
});
