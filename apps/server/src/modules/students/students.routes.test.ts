import { authApi } from '@academy/contracts/auth';
import { lecturesApi } from '@academy/contracts/lectures';
import { studentRecordsApi } from '@academy/contracts/student-records';
import { initialStudentPassword, type Student, studentsApi } from '@academy/contracts/students';
import { tagsApi } from '@academy/contracts/tags';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { getChoseong } from 'es-hangul';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, type ApiInput, createTestApp, type TestApp } from '../../../test/harness.ts';
import { auditLogs } from '../../lib/audit/audit.table.ts';
import { makeLecture } from '../lectures/lectures.testkit.ts';
import { makeMemo } from '../student-records/student-records.testkit.ts';
import { makeTags } from '../tags/tags.testkit.ts';
import { userAccounts } from '../users/index.ts';
import { makeStaff, type TestAccount } from '../users/users.testkit.ts';
import { generatedRows, importWorkbook, makeProfiledStudents, makeStudent, multipartBody, uploadImport } from './students.testkit.ts';

let t: TestApp;
let admin: TestAccount;
let ta: TestAccount;
let studentToken: string;
let base: Student[];
let tagIds: { regular: number; scholar: number; newcomer: number };

const NAMES = ['김민준', '이서연', '박도윤', '최지우', '정하은', '강시우', '조유나', '윤지호', '장서윤', '임건우', '한지민', '오채원'];
const GRADES = ['고1', '고2', '고3', '중3'] as const;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ admin, ta } = await makeStaff(t));
  const tag = async (name: string, color: string) => (await makeTags(t, { token: ta.token, names: [name], color }))[0]!.id;
  tagIds = { regular: await tag('재원생', '#2e7d32'), scholar: await tag('장학생', '#f9a825'), newcomer: await tag('신규', '#1565c0') };
  base = await makeProfiledStudents(t, {
    token: ta.token,
    count: NAMES.length,
    each: (i) => ({
      loginId: `base${String(i + 1).padStart(2, '0')}`,
      name: NAMES[i]!,
      grade: GRADES[i % 4]!,
      school: GRADES[i % 4] === '중3' ? '대청중' : i % 2 ? '휘문고' : '대치고',
      tagIds: [...(i < 8 ? [tagIds.regular] : []), ...(i % 3 === 0 ? [tagIds.scholar] : [])],
    }),
  });
  const me = base[11]!;
  studentToken = await t.login(me.loginId, initialStudentPassword({ phone: me.phone!, loginId: me.loginId }));
}, 120_000);
afterAll(() => t.close());

type ListQuery = ApiInput<typeof studentsApi.list>['query'];
const list = (query: ListQuery = {}) => t.api(studentsApi.list, { token: ta.token, query });
const getStudent = (id: number) => t.api(studentsApi.get, { token: ta.token, params: { id } });
const countStudents = async () => (await t.ctx.db.select({ n: count() }).from(userAccounts).where(eq(userAccounts.userType, 'STUDENT')))[0]!.n;
const countAudit = async (action: string) => (await t.ctx.db.select({ n: count() }).from(auditLogs).where(eq(auditLogs.action, action)))[0]!.n;

const upload = (opts: { file: Buffer; dryRun: boolean; filename?: string; token?: string }) => uploadImport(t, { ...opts, token: opts.token ?? ta.token });

describe('student list and search', () => {
  it('pages, sorts and shows profiles and tags; students and guests are refused', async () => {
    const res = await list({ page: 1, pageSize: 10 });
    expect(res.totalCount).toBe(NAMES.length);
    expect(res.nodes).toHaveLength(10);
    const names = res.nodes.map((s) => s.name);
    expect(names).toEqual([...NAMES].sort((a, b) => a.localeCompare(b, 'ko')).slice(0, 10));
    expect(res.nodes.some((s) => s.tags.length > 0)).toBe(true);
    expect(res.nodes[0]).toMatchObject({ school: expect.any(String), grade: expect.any(String), parentPhone: expect.stringMatching(/^010\d{8}$/) });
    const second = await list({ page: 2, pageSize: 10 });
    expect(second.nodes.map((s) => s.name)).toEqual([...NAMES].sort((a, b) => a.localeCompare(b, 'ko')).slice(10));
    expect((await t.apiError(studentsApi.list, { token: studentToken })).status).toBe(403);
    expect((await t.apiError(studentsApi.list)).status).toBe(401);
  });

  it('finds a student by 초성, by phone digits typed with dashes, and by name', async () => {
    const target = base[5]!;
    const cho = getChoseong(target.name);
    const byCho = await list({ search: cho, pageSize: 100 });
    expect(byCho.nodes.map((s) => s.id)).toContain(target.id);
    for (const s of byCho.nodes) expect(getChoseong(s.name)).toContain(cho);
    const dashed = `${target.phone!.slice(3, 7)}-${target.phone!.slice(7)}`;
    const byPhone = await list({ search: dashed });
    expect(byPhone.nodes.map((s) => s.id)).toContain(target.id);
    const byName = await list({ search: target.name });
    expect(byName.nodes.map((s) => s.id)).toEqual([target.id]);
    const byLogin = await list({ search: 'BASE0' });
    expect(byLogin.totalCount).toBe(9);
    const none = await list({ search: 'ㅋㅋㅋㅋㅋ' });
    expect(none).toEqual({ nodes: [], totalCount: 0 });
  });

  it('filters by grade, school and tag; bad filters are 400 with the field named', async () => {
    const g = await list({ grade: ['고2', '고3'], pageSize: 100 });
    expect(g.totalCount).toBe(base.filter((s) => s.grade === '고2' || s.grade === '고3').length);
    for (const s of g.nodes) expect(['고2', '고3']).toContain(s.grade);
    const school = await list({ school: ['휘문고', '대청중'], pageSize: 100 });
    expect(school.nodes.map((s) => s.id).sort()).toEqual(base.filter((s) => s.school === '휘문고' || s.school === '대청중').map((s) => s.id).sort());
    const tags = await t.api(tagsApi.list, { token: ta.token });
    const scholar = tags.find((x) => x.name === '장학생')!;
    expect(scholar.userCount).toBe(4);
    const byTag = await list({ tagIds: [scholar.id], pageSize: 100 });
    expect(byTag.totalCount).toBe(scholar.userCount);
    for (const s of byTag.nodes) expect(s.tags.map((x) => x.id)).toContain(scholar.id);
    const bad = await t.apiError(studentsApi.list, { token: ta.token, query: { grade: ['고4'] } });
    expect(bad.status).toBe(400);
    expect(bad.issues![0]!.path).toMatch(/^grade/);
    // A sort field the contract does not know.
    expect((await t.call('GET', '/api/students?sortField=password', ta.token)).status).toBe(400);
  });

  it('sorts by grade in school order and by login id in both directions', async () => {
    const byGrade = (await list({ sortField: 'grade', sortDir: 'asc', pageSize: 100 })).nodes;
    const order = ['중3', '고1', '고2', '고3'];
    expect(byGrade.map((s) => order.indexOf(s.grade!))).toEqual([...byGrade.map((s) => order.indexOf(s.grade!))].sort((a, b) => a - b));
    const desc = (await list({ sortField: 'loginId', sortDir: 'desc', pageSize: 3 })).nodes;
    expect(desc.map((s) => s.loginId)).toEqual(['base12', 'base11', 'base10']);
  });
});

describe('create and update', () => {
  it('creates a student with a normalised phone, tags and an initial password that signs in', async () => {
    const before = await countAudit('student.create');
    const res = await t.api(studentsApi.create, {
      token: ta.token,
      body: { loginId: 'newkid01', name: '홍길동', phone: '010-3333-4444', parentPhone: '01055556666', school: '대치고', grade: '고1', tagIds: [tagIds.regular] },
    });
    expect(res).toMatchObject({ loginId: 'newkid01', phone: '01033334444', parentPhone: '01055556666', grade: '고1', isActive: true, tags: [{ id: tagIds.regular, name: '재원생' }] });
    expect(await t.login('newkid01', '4444newkid01')).toBeTruthy();
    expect(await countAudit('student.create')).toBe(before + 1);
    const found = await list({ search: 'ㅎㄱㄷ' });
    expect(found.nodes.map((s) => s.loginId)).toContain('newkid01');
  });

  it('refuses empty names, malformed phones, duplicate login ids and unknown tags, changing nothing', async () => {
    const n = await countStudents();
    const post = (body: ApiInput<typeof studentsApi.create>['body']) => t.apiError(studentsApi.create, { token: ta.token, body });
    const empty = await post({ loginId: 'kid9001', name: '   ', phone: '01012341234' });
    expect(empty.status).toBe(400);
    expect(empty.message).toMatch(/이름을 입력해 주세요/);
    const phone = await post({ loginId: 'kid9002', name: '박민수', phone: '010-12' });
    expect(phone.status).toBe(400);
    expect(phone.message).toMatch(/전화번호 형식/);
    const dup = await post({ loginId: base[1]!.loginId, name: '박민수', phone: '01012341234' });
    expect(dup.status).toBe(409);
    expect(dup).toMatchObject({ code: 'students.login_id_taken', message: `이미 사용 중인 아이디입니다: ${base[1]!.loginId}` });
    const tag = await post({ loginId: 'kid9003', name: '박민수', phone: '01012341234', tagIds: [99999] });
    expect(tag.status).toBe(400);
    expect(tag).toMatchObject({ code: 'tags.unknown', message: expect.stringMatching(/.*99999/) });
    const noPw = await post({ loginId: 'kid9004', name: '박민수' });
    expect(noPw.status).toBe(400);
    expect(noPw).toMatchObject({ code: 'students.password_required', issues: [expect.objectContaining({ path: 'password' })] });
    expect(await countStudents()).toBe(n);
  });

  it('updates profile fields, replaces tags and keeps the search text current', async () => {
    const id = base[1]!.id;
    const res = await t.api(studentsApi.update, {
      token: ta.token,
      params: { id },
      body: { name: '도라에몽', parentPhone: '02-555-1234', grade: 'N수', school: '', gender: 'F', birthDate: '2008-03-01', tagIds: [tagIds.scholar, tagIds.newcomer] },
    });
    expect(res).toMatchObject({ name: '도라에몽', parentPhone: '025551234', grade: 'N수', school: null, gender: 'F', birthDate: '2008-03-01' });
    expect(res.tags.map((x) => x.id).sort()).toEqual([tagIds.scholar, tagIds.newcomer].sort());
    const found = await list({ search: 'ㄷㄹㅇㅁ' });
    expect(found.nodes.map((s) => s.id)).toEqual([id]);
    expect((await list({ search: NAMES[1]! })).totalCount).toBe(0);
    expect((await t.apiError(studentsApi.update, { token: ta.token, params: { id: 999999 }, body: { name: '누구' } })).status).toBe(404);
    const bad = await t.apiError(studentsApi.update, { token: ta.token, params: { id }, body: { grade: '대학생' } });
    expect(bad.status).toBe(400);
    expect(bad.issues![0]!.path).toMatch(/^grade/);
    const taken = await t.apiError(studentsApi.update, { token: ta.token, params: { id }, body: { loginId: base[2]!.loginId } });
    expect(taken.status).toBe(409);
    const detail = await getStudent(id);
    expect(detail).toMatchObject({ grade: 'N수', loginId: base[1]!.loginId });
  });

  it('sets representative lectures and refuses unknown ones', async () => {
    const id = base[0]!.id;
    const lecture = await makeLecture(t, { adminToken: admin.token, name: '대표 강좌 테스트반' });
    const ok = await t.api(studentsApi.setRepresentativeLectures, { token: ta.token, params: { id }, body: { lectureIds: [lecture.id] } });
    expect(ok).toMatchObject({ representativeLectureIds: [lecture.id], representativeLectureName: '대표 강좌 테스트반' });
    const bad = await t.apiError(studentsApi.setRepresentativeLectures, { token: ta.token, params: { id }, body: { lectureIds: [987654] } });
    expect(bad.status).toBe(400);
    expect(bad).toMatchObject({ code: 'lectures.unknown', message: expect.stringMatching(/.*987654/) });
    expect((await getStudent(id)).representativeLectureIds).toEqual([lecture.id]);
  });

  it('lists the first representative lecture name with each row: a fixed number of statements for the page', async () => {
    const first = await makeLecture(t, { adminToken: admin.token, name: '첫째 강좌' });
    const second = await makeLecture(t, { adminToken: admin.token, name: '둘째 강좌' });
    const id = base[4]!.id;
    const set = await t.api(studentsApi.setRepresentativeLectures, { token: ta.token, params: { id }, body: { lectureIds: [second.id, first.id] } });
    expect(set).toMatchObject({ representativeLectureIds: [second.id, first.id], representativeLectureName: '둘째 강좌' });
    await t.api(studentsApi.setRepresentativeLectures, { token: ta.token, params: { id: base[6]!.id }, body: { lectureIds: [first.id] } });

    const statements: string[] = [];
    const stop = t.database.observe((s) => statements.push(s));
    const page = await list({ pageSize: 50, sortField: 'loginId' });
    stop();
    // The page (with its tags), its total count, and one lookup of the lecture names — never one
    // per row (the session check is answered from memory after the account's first request).
    expect(statements).toHaveLength(3);
    const row = page.nodes.find((s) => s.id === id);
    expect(row).toMatchObject({ representativeLectureIds: [second.id, first.id], representativeLectureName: '둘째 강좌' });
    const lectures = new Map((await t.api(lecturesApi.list, { token: ta.token, query: { includeDisabled: 'true' } })).map((l) => [l.id, l.name]));
    const others = page.nodes.filter((s) => s.representativeLectureIds.length > 0);
    expect(others.length).toBeGreaterThanOrEqual(3);
    for (const s of others) expect(s.representativeLectureName).toBe(lectures.get(s.representativeLectureIds[0]!));
    for (const s of page.nodes.filter((x) => x.representativeLectureIds.length === 0)) expect(s.representativeLectureName).toBeNull();

    const cleared = await t.api(studentsApi.setRepresentativeLectures, { token: ta.token, params: { id }, body: { lectureIds: [] } });
    expect(cleared).toMatchObject({ representativeLectureIds: [], representativeLectureName: null });
  });
});

describe('bulk actions', () => {
  it('batch-updates school and grade for many students in one call', async () => {
    const ids = base.slice(0, 5).map((s) => s.id);
    const res = await t.api(studentsApi.batchUpdate, { token: ta.token, body: { ids, update: { school: '휘문고', grade: '고3' } } });
    expect(res).toEqual({ updatedCount: 5 });
    const after = await list({ school: ['휘문고'], grade: ['고3'], pageSize: 100 });
    for (const id of ids) expect(after.nodes.map((s) => s.id)).toContain(id);
    const unknown = await t.apiError(studentsApi.batchUpdate, { token: ta.token, body: { ids: [...ids, 999999], update: { grade: '고1' } } });
    expect(unknown.status).toBe(400);
    expect(unknown).toMatchObject({ code: 'students.unknown_ids', message: expect.stringMatching(/.*999999/) });
    expect((await getStudent(ids[0]!)).grade).toBe('고3');
    expect((await t.apiError(studentsApi.batchUpdate, { token: ta.token, body: { ids, update: {} } })).status).toBe(400);
    expect(await countAudit('student.batch_update')).toBe(5);
  });

  it('toggles status (each flips, or all set to a value); inactive students leave the default list', async () => {
    const [a, b] = [base[10]!, base[9]!];
    const flip = await t.api(studentsApi.toggleStatus, { token: ta.token, body: { ids: [a.id] } });
    expect(flip).toEqual({ updatedCount: 1, students: [{ id: a.id, isActive: false }] });
    const inactive = await list({ status: 'inactive', pageSize: 100 });
    expect(inactive.nodes.map((s) => s.id)).toEqual([a.id]);
    const active = await list({ pageSize: 1000 });
    expect(active.nodes.map((s) => s.id)).not.toContain(a.id);
    const all = await list({ status: 'all', pageSize: 1000 });
    expect(all.nodes.map((s) => s.id)).toContain(a.id);
    const set = await t.api(studentsApi.toggleStatus, { token: ta.token, body: { ids: [a.id, b.id], isActive: true } });
    expect(set.students).toEqual([{ id: a.id, isActive: true }, { id: b.id, isActive: true }]);
    expect((await getStudent(a.id)).isActive).toBe(true);
  });

  it('deletes softly (records kept, hidden, sign-in refused) and an admin restores; TAs may not', async () => {
    const created = await makeStudent(t, { token: ta.token, loginId: 'leaver01', name: '이탈자', phone: '01077778888' });
    await makeMemo(t, { token: ta.token, studentId: created.id, content: '퇴원 상담 완료' });
    expect((await t.apiError(studentsApi.delete, { token: ta.token, body: { ids: [created.id] } })).status).toBe(403);
    const del = await t.api(studentsApi.delete, { token: admin.token, body: { ids: [created.id] } });
    expect(del).toEqual({ deletedCount: 1 });
    expect((await t.apiError(studentsApi.get, { token: ta.token, params: { id: created.id } })).status).toBe(404);
    expect((await t.api(studentsApi.get, { token: ta.token, params: { id: created.id }, query: { includeDeleted: 'true' } })).deletedAt).toEqual(expect.any(String));
    const listed = await list({ status: 'deleted' });
    expect(listed.nodes.map((s) => s.id)).toEqual([created.id]);
    expect((await list({ status: 'all', pageSize: 1000 })).nodes.map((s) => s.id)).not.toContain(created.id);
    const login = await t.apiError(authApi.login, { body: { loginId: 'leaver01', password: '8888leaver01' } });
    expect(login.status).not.toBe(200);
    expect((await t.apiError(studentRecordsApi.memos, { token: ta.token, params: { id: created.id } })).status).toBe(404);
    expect((await t.apiError(studentsApi.restore, { token: ta.token, body: { ids: [created.id] } })).status).toBe(403);
    const restore = await t.api(studentsApi.restore, { token: admin.token, body: { ids: [created.id] } });
    expect(restore).toEqual({ restoredCount: 1 });
    await getStudent(created.id);
    const memos = await t.api(studentRecordsApi.memos, { token: ta.token, params: { id: created.id } });
    expect(memos.map((m) => m.content)).toEqual(['퇴원 상담 완료']);
    const notDeleted = await t.apiError(studentsApi.restore, { token: admin.token, body: { ids: [created.id] } });
    expect(notDeleted.status).toBe(400);
    expect(notDeleted.code).toBe('students.unknown_ids');
  });

  it('resets passwords to the initial one or a given one (admin only), ending open sessions; empty id lists are refused', async () => {
    const created = await makeStudent(t, { token: ta.token, loginId: 'pwkid01', name: '비번왕', phone: '01011112222', password: 'first-pass1' });
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId: 'pwkid01', password: 'first-pass1' } });
    const cookie = `refreshToken=${signIn.cookies.find((c) => c.name === 'refreshToken')!.value}`;
    expect((await t.apiError(studentsApi.batchChangePassword, { token: ta.token, body: { ids: [created.id] } })).status).toBe(403);
    const reset = await t.api(studentsApi.batchChangePassword, { token: admin.token, body: { ids: [created.id] } });
    expect(reset).toEqual({ updatedCount: 1 });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } })).statusCode).toBe(401);
    expect(await t.login('pwkid01', '2222pwkid01')).toBeTruthy();
    await t.api(studentsApi.batchChangePassword, { token: admin.token, body: { ids: [created.id], password: 'new-pass77' } });
    expect(await t.login('pwkid01', 'new-pass77')).toBeTruthy();
    const weak = await t.apiError(studentsApi.batchChangePassword, { token: admin.token, body: { ids: [created.id], password: 'short' } });
    expect(weak.status).toBe(400);
    expect(weak.issues![0]!.path).toBe('password');
    const noPhone = await makeStudent(t, { token: ta.token, loginId: 'nophone01', name: '무전화', phone: null, password: 'first-pass1' });
    const missing = await t.apiError(studentsApi.batchChangePassword, { token: admin.token, body: { ids: [noPhone.id] } });
    expect(missing.status).toBe(400);
    expect(missing).toMatchObject({ code: 'students.phone_missing', message: expect.stringContaining('무전화') });
    expect((await t.apiError(studentsApi.batchChangePassword, { token: admin.token, body: { ids: [] } })).status).toBe(400);
  });
});

describe('contactsOf (public face)', () => {
  it('answers names and both phones by id, deleted students included, other accounts absent', async () => {
    const s = await makeStudent(t, { token: ta.token, loginId: 'contact01', name: '연락처', phone: '01012120000', parentPhone: '01034340000' });
    await t.api(studentsApi.delete, { token: admin.token, body: { ids: [s.id] } });
    const contacts = await t.modules.students.contactsOf([s.id, base[0]!.id, ta.id, 999999]);
    expect(contacts.get(s.id)).toEqual({ name: '연락처', phone: '01012120000', parentPhone: '01034340000' });
    expect(contacts.get(base[0]!.id)).toEqual({ name: base[0]!.name, phone: base[0]!.phone, parentPhone: base[0]!.parentPhone });
    expect(contacts.has(ta.id)).toBe(false);
    expect(contacts.size).toBe(2);
  });
});

describe('Excel template, import and export', () => {
  it('serves the template with the eight headers in order', async () => {
    const res = await t.call('GET', '/api/students/excel-template', ta.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('학생_일괄등록_양식.xlsx')}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw as unknown as ArrayBuffer);
    expect((wb.worksheets[0]!.getRow(1).values as string[]).slice(1)).toEqual(['이름', '아이디', '비밀번호', '학생 전화번호', '학부모 전화번호', '학교', '학년', '메모']);
  });

  it('reports every bad row with its field and inserts nothing, even with dryRun=false', async () => {
    const file = await importWorkbook([
      ['정상학생', 'okrow01', '', '010-1111-0001', '', '대치고', '고1', ''],
      ['', 'okrow02', '', '010-1111-0002', '', '', '', ''],
      ['전화틀림', 'okrow03', '', '010-11', '', '', '', ''],
      ['중복파일', 'okrow01', '', '010-1111-0004', '', '', '', ''],
      ['기존중복', base[2]!.loginId.toUpperCase(), '', '010-1111-0005', '', '', '', ''],
      ['학년틀림', 'okrow06', '', '010-1111-0006', '', '', '고4', ''],
      ['비번없음', 'okrow07', '', '', '', '', '', ''],
      ['약한비번', 'okrow08', 'abc', '010-1111-0008', '', '', '', ''],
    ]);
    const n = await countStudents();
    for (const dryRun of [true, false]) {
      const res = await upload({ file, dryRun });
      expect(res.status).toBe(200);
      const body = res.json;
      expect(body).toMatchObject({ dryRun, total: 8, valid: 1, inserted: 0 });
      const byRow = (row: number) => body.errors.filter((e: { row: number }) => e.row === row);
      expect(byRow(2)).toEqual([]);
      expect(byRow(3)).toEqual([{ row: 3, field: '이름', message: '이름을 입력해 주세요' }]);
      expect(byRow(4)[0]).toMatchObject({ field: '학생 전화번호' });
      expect(byRow(5)[0]).toMatchObject({ field: '아이디', message: expect.stringContaining('2행') });
      expect(byRow(6)[0]).toMatchObject({ field: '아이디', message: expect.stringContaining('이미 등록된') });
      // The bad cell's value travels beside the message, so the preview can show what was typed.
      expect(byRow(7)[0]).toMatchObject({ field: '학년', message: expect.not.stringContaining('고4'), value: '고4' });
      expect(byRow(4)[0]).toMatchObject({ value: '010-11' });
      expect(byRow(8)[0]).toMatchObject({ field: '비밀번호' });
      expect(byRow(9)[0]).toMatchObject({ field: '비밀번호' });
      expect(body.rows).toHaveLength(8);
      expect(body.rows[0]).toMatchObject({ row: 2, name: '정상학생', phone: '01011110001', ok: true, passwordGenerated: true });
    }
    expect(await countStudents()).toBe(n);
  });

  it('imports a clean file in one go: profiles, initial passwords, audit rows', async () => {
    const file = await importWorkbook([
      ['가나다', 'xls001', '', 1033330001, '010-9999-0001', '단대부고', '고 2', '수학 약함'],
      ['라마바', 'xls002', 'given-pass1', '010-3333-0002', '', '', '중3', ''],
      [null, null, null, null, null, null, null, null],
      ['사아자', 'xls003', '', '01033330003', '', '', '', ''],
    ]);
    const n = await countStudents();
    const audits = await countAudit('student.import');
    const dry = (await upload({ file, dryRun: true })).json;
    expect(dry).toMatchObject({ dryRun: true, total: 3, valid: 3, inserted: 0, errors: [] });
    expect(await countStudents()).toBe(n);
    const res = await upload({ file, dryRun: false });
    expect(res.json).toMatchObject({ dryRun: false, total: 3, valid: 3, inserted: 3 });
    expect(await countStudents()).toBe(n + 3);
    expect(await countAudit('student.import')).toBe(audits + 3);
    expect(await t.login('xls001', '0001xls001')).toBeTruthy();
    expect(await t.login('xls002', 'given-pass1')).toBeTruthy();
    // Derived initial passwords are hashed cheaply (they are derivable from the row); chosen ones at full cost.
    expect((await t.modules.users.credentials({ loginId: 'xls001' }))!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=64,p=1,t=1\$/);
    expect((await t.modules.users.credentials({ loginId: 'xls002' }))!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,/);
    const found = await list({ search: 'ㄱㄴㄷ' });
    expect(found.nodes[0]).toMatchObject({ loginId: 'xls001', phone: '01033330001', parentPhone: '01099990001', school: '단대부고', grade: '고2', memo: '수학 약함' });
    const again = (await upload({ file, dryRun: false })).json;
    expect(again.inserted).toBe(0);
    expect(again.errors).toHaveLength(3);
  });

  it('takes dryRun from the query too and refuses a bad value', async () => {
    const file = await importWorkbook([['쿼리학생', 'qry001', '', '010-5555-0001', '', '', '', '']]);
    const body = multipartBody([{ name: 'file', filename: '학생.xlsx', content: file }]);
    const send = (qs: string) => t.app.inject({ method: 'POST', url: `/api/students/excel${qs}`, headers: { authorization: `Bearer ${ta.token}`, ...body.headers }, payload: body.payload });
    expect((await send('')).json()).toMatchObject({ dryRun: true, inserted: 0 });
    const bad = await send('?dryRun=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('dryRun');
    expect((await send('?dryRun=false')).json()).toMatchObject({ dryRun: false, inserted: 1 });
  });

  it('refuses a non-xlsx file, a 20 MB file, 50,000 rows and missing headers with Korean messages', async () => {
    const n = await countStudents();
    const csv = await upload({ file: Buffer.from('이름,아이디\n홍길동,hong\n'), dryRun: false, filename: '학생.csv' });
    expect(csv.status).toBe(400);
    expect(csv.json).toMatchObject({ code: 'students.excel_invalid', message: expect.stringContaining('.xlsx') });
    const fakeZip = await upload({ file: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)]), dryRun: false });
    expect(fakeZip.json.code).toBe('students.excel_invalid');
    const big = await upload({ file: Buffer.alloc(20 * 1024 * 1024, 1), dryRun: false });
    expect(big.status).toBe(413);
    expect(big.json).toMatchObject({ code: 'upload.too_large', message: expect.stringContaining('5MB') });
    const many = await upload({ file: await importWorkbook(generatedRows(50_000, 'many')), dryRun: false });
    expect(many.status).toBe(400);
    expect(many.json).toMatchObject({ code: 'students.excel_too_many_rows', message: expect.stringContaining('5,000명') });
    const headers = await upload({ file: await importWorkbook([['a', 'b']], { headers: ['성명', 'ID'] }), dryRun: false });
    expect(headers.json.code).toBe('students.excel_headers');
    // A JSON body where the import takes a multipart file.
    const noFile = await t.call<ApiError>('POST', '/api/students/excel', ta.token, {});
    expect(noFile.status).toBe(400);
    expect(noFile.json.code).toBe('upload.required');
    expect((await upload({ file: await importWorkbook([]), dryRun: true })).json.code).toBe('students.excel_empty');
    expect((await upload({ file: await importWorkbook([]), dryRun: true, token: studentToken })).status).toBe(403);
    expect(await countStudents()).toBe(n);
  }, 60_000);

  it('exports the current filter as .xlsx with formatted phones', async () => {
    const res = await t.call('GET', `/api/students/excel-export?grade=${encodeURIComponent('중3')}`, ta.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const expected = (await list({ grade: ['중3'], pageSize: 1000 })).totalCount;
    expect(expected).toBeGreaterThan(0);
    expect(ws.rowCount - 1).toBe(expected);
    const gradeCol = (ws.getRow(1).values as string[]).indexOf('학년');
    const phoneCol = (ws.getRow(1).values as string[]).indexOf('학생 전화번호');
    const tagCol = (ws.getRow(1).values as string[]).indexOf('태그');
    for (let r = 2; r <= ws.rowCount; r++) {
      expect(ws.getRow(r).getCell(gradeCol).value).toBe('중3');
      expect(String(ws.getRow(r).getCell(phoneCol).value)).toMatch(/^(010-\d{4}-\d{4})?$/);
    }
    const cells = Array.from({ length: ws.rowCount - 1 }, (_, i) => String(ws.getRow(i + 2).getCell(tagCol).value ?? ''));
    expect(cells.some((c) => c.includes('재원생'))).toBe(true);
  });
});
