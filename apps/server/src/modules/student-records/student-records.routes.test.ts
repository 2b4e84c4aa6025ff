import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let ta: Record<string, string>;
let student: Record<string, string>;
let sid: number;

beforeAll(async () => {
  t = await createTestApp();
  ta = bearer(await t.login('ta01', 'ta1234!'));
  student = bearer(await t.login('student01', 'student1234!'));
  const created = await t.app.inject({ method: 'POST', url: '/api/students', headers: ta, payload: { loginId: 'records01', name: '기록학생', phone: '01020003000' } });
  sid = created.json().id;
});
afterAll(() => t.close());

describe('consults', () => {
  it('creates, lists newest first with the counselor, updates and deletes', async () => {
    const base = `/api/students/${sid}/consults`;
    const a = await t.app.inject({ method: 'POST', url: base, headers: ta, payload: { consultedAt: '2026-11-01T10:00:00+09:00', consultType: '학습', content: '개념 복습 필요' } });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ consultType: '학습', counselorName: '박조교' });
    const b = await t.app.inject({ method: 'POST', url: base, headers: ta, payload: { consultedAt: '2026-11-15T10:00:00+09:00', consultType: '진로', content: '이공계 희망' } });
    const list = (await t.app.inject({ url: base, headers: ta })).json();
    expect(list.map((c: { id: number }) => c.id)).toEqual([b.json().id, a.json().id]);
    const upd = await t.app.inject({ method: 'PUT', url: `${base}/${a.json().id}`, headers: ta, payload: { consultedAt: '2026-11-01T10:00:00+09:00', consultType: '성적', content: '모의고사 분석' } });
    expect(upd.json()).toMatchObject({ consultType: '성적', content: '모의고사 분석' });
    const bad = await t.app.inject({ method: 'POST', url: base, headers: ta, payload: { consultedAt: '어제', consultType: '잡담', content: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^consultedAt: /);
    const studentAsCounselor = await t.app.inject({ method: 'POST', url: base, headers: ta, payload: { consultedAt: '2026-11-15T10:00:00+09:00', consultType: '기타', content: 'x', counselorId: sid } });
    expect(studentAsCounselor.json().message).toMatch(/^counselorId: /);
    expect((await t.app.inject({ method: 'DELETE', url: `${base}/${a.json().id}`, headers: ta })).json()).toEqual({ id: a.json().id });
    expect((await t.app.inject({ method: 'DELETE', url: `${base}/${a.json().id}`, headers: ta })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/students/999999/consults', headers: ta })).statusCode).toBe(404);
    expect((await t.app.inject({ url: base, headers: student })).statusCode).toBe(403);
  });
});

describe('memos', () => {
  it('keeps pinned memos first, then newest; pin and unpin; edit and delete', async () => {
    const base = `/api/students/${sid}/memos`;
    const ids: number[] = [];
    for (const content of ['첫 메모', '둘째 메모', '셋째 메모']) {
      t.clock.advance(60_000);
      ids.push((await t.app.inject({ method: 'POST', url: base, headers: ta, payload: { content } })).json().id);
    }
    const order = async () => ((await t.app.inject({ url: base, headers: ta })).json() as { id: number }[]).map((m) => m.id);
    expect(await order()).toEqual([ids[2], ids[1], ids[0]]);
    const pinned = await t.app.inject({ method: 'PUT', url: `${base}/${ids[0]}/pin`, headers: ta, payload: { pinned: true } });
    expect(pinned.json().map((m: { id: number }) => m.id)).toEqual([ids[0], ids[2], ids[1]]);
    expect(pinned.json()[0]).toMatchObject({ isPinned: true, createdByName: '박조교' });
    t.clock.advance(60_000);
    await t.app.inject({ method: 'PUT', url: `${base}/${ids[1]}/pin`, headers: ta, payload: { pinned: true } });
    expect(await order()).toEqual([ids[1], ids[0], ids[2]]);
    await t.app.inject({ method: 'PUT', url: `${base}/${ids[1]}/pin`, headers: ta, payload: { pinned: false } });
    expect(await order()).toEqual([ids[0], ids[2], ids[1]]);
    const edit = await t.app.inject({ method: 'PUT', url: `${base}/${ids[2]}`, headers: ta, payload: { content: '수정된 메모' } });
    expect(edit.json().content).toBe('수정된 메모');
    const empty = await t.app.inject({ method: 'POST', url: base, headers: ta, payload: { content: '  ' } });
    expect(empty.json().message).toMatch(/^content: 메모 내용을 입력해 주세요/);
    expect((await t.app.inject({ method: 'PUT', url: `${base}/999999/pin`, headers: ta, payload: { pinned: true } })).statusCode).toBe(404);
    await t.app.inject({ method: 'DELETE', url: `${base}/${ids[2]}`, headers: ta });
    expect(await order()).toEqual([ids[0], ids[1]]);
    const audits = await t.database.query<{ action: string }>(`select action from audit_logs where entity = 'student_memo' order by id`);
    expect(audits.map((a) => a.action)).toEqual(['memo.create', 'memo.create', 'memo.create', 'memo.pin', 'memo.pin', 'memo.unpin', 'memo.update', 'memo.delete']);
  });
});

describe('actual exam scores', () => {
  it('records 모의고사/내신 results by date, validates grade and percentile, edits and deletes', async () => {
    const base = `/api/students/${sid}/actual-exam-scores`;
    const later = await t.app.inject({ method: 'POST', url: base, headers: ta, payload: { examType: '모의고사', examName: '9월 모의평가', examDate: '2026-09-03', subject: '수학', rawScore: 84, grade: 2, percentile: 93.5 } });
    expect(later.statusCode).toBe(200);
    expect(later.json()).toMatchObject({ rawScore: 84, grade: 2, percentile: 93.5 });
    const earlier = await t.app.inject({ method: 'POST', url: base, headers: ta, payload: { examType: '내신', examName: '1학기 중간고사', examDate: '2026-04-28', subject: '수학', rawScore: 91.5, grade: null } });
    const list = (await t.app.inject({ url: base, headers: ta })).json();
    expect(list.map((s: { id: number }) => s.id)).toEqual([earlier.json().id, later.json().id]);
    const badGrade = await t.app.inject({ method: 'POST', url: base, headers: ta, payload: { examType: '모의고사', examName: 'x', examDate: '2026-09-03', subject: '수학', grade: 10 } });
    expect(badGrade.statusCode).toBe(400);
    expect(badGrade.json().message).toBe('grade: 등급은 1~9 사이여야 합니다');
    const badType = await t.app.inject({ method: 'POST', url: base, headers: ta, payload: { examType: '수능', examName: 'x', examDate: '2026-13-03', subject: '수학' } });
    expect(badType.statusCode).toBe(400);
    const upd = await t.app.inject({ method: 'PUT', url: `${base}/${later.json().id}`, headers: ta, payload: { examType: '모의고사', examName: '9월 모의평가', examDate: '2026-09-03', subject: '수학', rawScore: 88, grade: 1, percentile: 96 } });
    expect(upd.json()).toMatchObject({ rawScore: 88, grade: 1 });
    expect((await t.app.inject({ method: 'DELETE', url: `${base}/${earlier.json().id}`, headers: ta })).statusCode).toBe(200);
    expect((await t.app.inject({ url: base, headers: ta })).json()).toHaveLength(1);
    expect((await t.app.inject({ method: 'PUT', url: `/api/students/${sid}/actual-exam-scores/999999`, headers: ta, payload: { examType: '내신', examName: 'x', examDate: '2026-01-01', subject: '국어' } })).statusCode).toBe(404);
  });

  it('the demo data carries scores, memos and consults for the first students', async () => {
    const first = (await t.database.query<{ id: number }>(`select id from users where login_id = 'student01'`))[0]!.id;
    expect((await t.app.inject({ url: `/api/students/${first}/actual-exam-scores`, headers: ta })).json().length).toBeGreaterThanOrEqual(12);
    expect((await t.app.inject({ url: `/api/students/${first}/memos`, headers: ta })).json()[0].isPinned).toBe(true);
    expect((await t.app.inject({ url: `/api/students/${first}/consults`, headers: ta })).json().length).toBeGreaterThan(0);
  });
});
