import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
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
    const base = `/api/students/${sid}/consults`;
    const a = await t.call('POST', base, ta.token, { consultedAt: '2026-11-01T10:00:00+09:00', consultType: '학습', content: '개념 복습 필요' });
    expect(a.status).toBe(200);
    expect(a.json).toMatchObject({ consultType: '학습', counselorId: ta.id, counselorName: '박조교', studentId: sid });
    const b = await t.call('POST', base, ta.token, { consultedAt: '2026-11-15T10:00:00+09:00', consultType: '진로', content: '이공계 희망', counselorId: admin.id });
    expect(b.json).toMatchObject({ counselorName: '김원장' });
    const list = (await t.call('GET', base, ta.token)).json;
    expect(list.map((c: { id: number }) => c.id)).toEqual([b.json.id, a.json.id]);
    const upd = await t.call('PUT', `${base}/${a.json.id}`, ta.token, { consultedAt: '2026-11-01T10:00:00+09:00', consultType: '성적', content: '모의고사 분석' });
    expect(upd.json).toMatchObject({ consultType: '성적', content: '모의고사 분석', counselorName: '박조교' });
    const bad = await t.call('POST', base, ta.token, { consultedAt: '어제', consultType: '잡담', content: '' });
    expect(bad.status).toBe(400);
    expect(bad.json.issues[0].path).toBe('consultedAt');
    const studentAsCounselor = await t.call('POST', base, ta.token, { consultedAt: '2026-11-15T10:00:00+09:00', consultType: '기타', content: 'x', counselorId: sid });
    expect(studentAsCounselor.status).toBe(400);
    expect(studentAsCounselor.json).toMatchObject({ code: 'consults.counselor_unknown', issues: [expect.objectContaining({ path: 'counselorId' })] });
    expect((await t.call('DELETE', `${base}/${a.json.id}`, ta.token)).json).toEqual({ id: a.json.id });
    expect((await t.call('DELETE', `${base}/${a.json.id}`, ta.token)).status).toBe(404);
    expect((await t.call('GET', '/api/students/999999/consults', ta.token)).status).toBe(404);
    expect((await t.call('GET', `/api/students/${ta.id}/consults`, ta.token)).json.code).toBe('students.not_found');
    expect((await t.call('GET', base, student.token)).status).toBe(403);
  });
});

describe('memos', () => {
  it('keeps pinned memos first, then newest; pin and unpin; edit and delete', async () => {
    const base = `/api/students/${sid}/memos`;
    const ids: number[] = [];
    for (const content of ['첫 메모', '둘째 메모', '셋째 메모']) {
      t.clock.advance(60_000);
      ids.push((await t.call('POST', base, ta.token, { content })).json.id);
    }
    const order = async () => ((await t.call('GET', base, ta.token)).json as { id: number }[]).map((m) => m.id);
    expect(await order()).toEqual([ids[2], ids[1], ids[0]]);
    const pinned = await t.call('PUT', `${base}/${ids[0]}/pin`, ta.token, { pinned: true });
    expect(pinned.json.map((m: { id: number }) => m.id)).toEqual([ids[0], ids[2], ids[1]]);
    expect(pinned.json[0]).toMatchObject({ isPinned: true, createdByName: '박조교' });
    t.clock.advance(60_000);
    await t.call('PUT', `${base}/${ids[1]}/pin`, ta.token, { pinned: true });
    expect(await order()).toEqual([ids[1], ids[0], ids[2]]);
    await t.call('PUT', `${base}/${ids[1]}/pin`, ta.token, { pinned: false });
    expect(await order()).toEqual([ids[0], ids[2], ids[1]]);
    const edit = await t.call('PUT', `${base}/${ids[2]}`, ta.token, { content: '수정된 메모' });
    expect(edit.json.content).toBe('수정된 메모');
    const empty = await t.call('POST', base, ta.token, { content: '  ' });
    expect(empty.json.message).toMatch(/메모 내용을 입력해 주세요/);
    expect((await t.call('PUT', `${base}/999999/pin`, ta.token, { pinned: true })).status).toBe(404);
    await t.call('DELETE', `${base}/${ids[2]}`, ta.token);
    expect(await order()).toEqual([ids[0], ids[1]]);
    const audits = await t.ctx.db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.entity, 'student_memo')).orderBy(asc(auditLogs.id));
    expect(audits.map((a) => a.action)).toEqual(['memo.create', 'memo.create', 'memo.create', 'memo.pin', 'memo.pin', 'memo.unpin', 'memo.update', 'memo.delete']);
  });
});

describe('actual exam scores', () => {
  it('records 모의고사/내신 results by date, validates grade and percentile, edits and deletes', async () => {
    const base = `/api/students/${sid}/actual-exam-scores`;
    const later = await t.call('POST', base, ta.token, { examType: '모의고사', examName: '9월 모의평가', examDate: '2026-09-03', subject: '수학', rawScore: 84, grade: 2, percentile: 93.5 });
    expect(later.status).toBe(200);
    expect(later.json).toMatchObject({ rawScore: 84, grade: 2, percentile: 93.5 });
    const earlier = await t.call('POST', base, ta.token, { examType: '내신', examName: '1학기 중간고사', examDate: '2026-04-28', subject: '수학', rawScore: 91.5, grade: null });
    const list = (await t.call('GET', base, ta.token)).json;
    expect(list.map((s: { id: number }) => s.id)).toEqual([earlier.json.id, later.json.id]);
    const badGrade = await t.call('POST', base, ta.token, { examType: '모의고사', examName: 'x', examDate: '2026-09-03', subject: '수학', grade: 10 });
    expect(badGrade.status).toBe(400);
    expect(badGrade.json.message).toBe('등급은 1~9 사이여야 합니다');
    const badType = await t.call('POST', base, ta.token, { examType: '수능', examName: 'x', examDate: '2026-13-03', subject: '수학' });
    expect(badType.status).toBe(400);
    const upd = await t.call('PUT', `${base}/${later.json.id}`, ta.token, { examType: '모의고사', examName: '9월 모의평가', examDate: '2026-09-03', subject: '수학', rawScore: 88, grade: 1, percentile: 96 });
    expect(upd.json).toMatchObject({ rawScore: 88, grade: 1 });
    expect((await t.call('DELETE', `${base}/${earlier.json.id}`, ta.token)).status).toBe(200);
    expect((await t.call('GET', base, ta.token)).json).toHaveLength(1);
    const missing = await t.call('PUT', `${base}/999999`, ta.token, { examType: '내신', examName: 'x', examDate: '2026-01-01', subject: '국어' });
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe('actual_exam_scores.not_found');
  });

  it('a deleted student keeps its records but takes no new ones', async () => {
    const s = await makeStudent(t, { token: ta.token });
    await t.call('POST', `/api/students/${s.id}/memos`, ta.token, { content: '남는 메모' });
    await t.call('POST', '/api/students/delete', admin.token, { ids: [s.id] });
    const refused = await t.call('POST', `/api/students/${s.id}/memos`, ta.token, { content: '새 메모' });
    expect(refused.status).toBe(404);
    expect(refused.json.code).toBe('students.not_found');
    await t.call('POST', '/api/students/restore', admin.token, { ids: [s.id] });
    expect(((await t.call('GET', `/api/students/${s.id}/memos`, ta.token)).json as { content: string }[]).map((m) => m.content)).toEqual(['남는 메모']);
  });
});

describe('demo seed', () => {
  it('gives the first students memos (some pinned), consults by ta01 and 모의고사 scores', async () => {
    const demo = await createTestApp({ seed: false });
    try {
      const { ta: counselor } = await makeStaff(demo);
      const students = await makeStudents(demo, 16);
      await demo.modules.studentRecords.seed.demo({ accounts: new Map([['ta01', counselor.id]]), lectures: new Map(), random: rng(1) });
      const first = students[0]!.id;
      const scores = (await demo.call('GET', `/api/students/${first}/actual-exam-scores`, counselor.token)).json as { examType: string; grade: number }[];
      expect(scores).toHaveLength(12);
      expect(scores.every((s) => s.examType === '모의고사' && s.grade >= 1 && s.grade <= 9)).toBe(true);
      const memos = (await demo.call('GET', `/api/students/${first}/memos`, counselor.token)).json as { isPinned: boolean }[];
      expect(memos).toHaveLength(2);
      expect(memos[0]!.isPinned).toBe(true);
      const consults = (await demo.call('GET', `/api/students/${first}/consults`, counselor.token)).json as { counselorId: number }[];
      expect(consults.length).toBeGreaterThan(0);
      expect(consults.every((c) => c.counselorId === counselor.id)).toBe(true);
      expect((await demo.call('GET', `/api/students/${students[15]!.id}/actual-exam-scores`, counselor.token)).json).toEqual([]);
    } finally {
      await demo.close();
    }
  }, 60_000);
});
