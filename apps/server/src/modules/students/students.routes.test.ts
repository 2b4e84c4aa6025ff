import ExcelJS from 'exceljs';
import { getChoseong } from 'es-hangul';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { generatedRows, importWorkbook, multipartBody } from './students.testkit.ts';

let t: TestApp;
let admin: Record<string, string>;
let ta: Record<string, string>;
let student: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await t.login('admin', 'admin1234!'));
  ta = bearer(await t.login('ta01', 'ta1234!'));
  student = bearer(await t.login('student01', 'student1234!'));
});
afterAll(() => t.close());

const countStudents = async () =>
  Number((await t.database.query<{ n: number }>(`select count(*)::int as n from users where user_type = 'STUDENT'`))[0]!.n);
const countAudit = async (action: string) =>
  Number((await t.database.query<{ n: number }>('select count(*)::int as n from audit_logs where action = $1', [action]))[0]!.n);

async function upload(opts: { file: Buffer; dryRun: boolean; filename?: string; headers?: Record<string, string> }) {
  const body = multipartBody([
    { name: 'dryRun', value: String(opts.dryRun) },
    { name: 'file', filename: opts.filename ?? '학생.xlsx', content: opts.file },
  ]);
  return t.app.inject({ method: 'POST', url: '/api/students/excel', headers: { ...(opts.headers ?? ta), ...body.headers }, payload: body.payload });
}

describe('student list and search', () => {
  it('pages, sorts and shows profiles and tags; students and guests are refused', async () => {
    const res = await t.app.inject({ url: '/api/students?page=1&pageSize=10', headers: ta });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.totalCount).toBeGreaterThanOrEqual(38);
    expect(page.nodes).toHaveLength(10);
    const names = page.nodes.map((s: { name: string }) => s.name);
    expect([...names].sort((a: string, b: string) => a.localeCompare(b, 'ko'))).toEqual(names);
    expect(page.nodes.some((s: { tags: unknown[] }) => s.tags.length > 0)).toBe(true);
    expect(page.nodes[0]).toMatchObject({ school: expect.anything(), grade: expect.any(String), parentPhone: expect.stringMatching(/^010\d{8}$/) });
    expect((await t.app.inject({ url: '/api/students', headers: student })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/students' })).statusCode).toBe(401);
  });

  it('finds a student by 초성, by phone digits typed with dashes, and by name', async () => {
    const all = (await t.app.inject({ url: '/api/students?pageSize=100', headers: ta })).json().nodes as { id: number; name: string; phone: string }[];
    const target = all[5]!;
    const cho = getChoseong(target.name);
    const byCho = (await t.app.inject({ url: `/api/students?search=${encodeURIComponent(cho)}&pageSize=100`, headers: ta })).json();
    expect(byCho.nodes.map((s: { id: number }) => s.id)).toContain(target.id);
    for (const s of byCho.nodes) expect(getChoseong(s.name)).toContain(cho);
    const dashed = `${target.phone.slice(3, 7)}-${target.phone.slice(7)}`;
    const byPhone = (await t.app.inject({ url: `/api/students?search=${encodeURIComponent(dashed)}`, headers: ta })).json();
    expect(byPhone.nodes.map((s: { id: number }) => s.id)).toContain(target.id);
    const byName = (await t.app.inject({ url: `/api/students?search=${encodeURIComponent(target.name)}`, headers: ta })).json();
    expect(byName.nodes[0].name).toBe(target.name);
    const none = (await t.app.inject({ url: `/api/students?search=${encodeURIComponent('ㅋㅋㅋㅋㅋ')}`, headers: ta })).json();
    expect(none).toEqual({ nodes: [], totalCount: 0 });
  });

  it('filters by grade, school and tag; bad filters are 400 with the field named', async () => {
    const g = (await t.app.inject({ url: '/api/students?grade=고2,고3&pageSize=100', headers: ta })).json();
    expect(g.nodes.length).toBeGreaterThan(0);
    for (const s of g.nodes) expect(['고2', '고3']).toContain(s.grade);
    const tags = (await t.app.inject({ url: '/api/tags', headers: ta })).json() as { id: number; name: string; userCount: number }[];
    const scholar = tags.find((x) => x.name === '장학생')!;
    const byTag = (await t.app.inject({ url: `/api/students?tagIds=${scholar.id}&pageSize=100`, headers: ta })).json();
    expect(byTag.totalCount).toBe(scholar.userCount);
    for (const s of byTag.nodes) expect(s.tags.map((x: { id: number }) => x.id)).toContain(scholar.id);
    const bad = await t.app.inject({ url: '/api/students?grade=고4', headers: ta });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^grade/);
    expect((await t.app.inject({ url: '/api/students?sortField=password', headers: ta })).statusCode).toBe(400);
  });
});

describe('create and update', () => {
  it('creates a student with a normalised phone, tags and an initial password that signs in', async () => {
    const tags = (await t.app.inject({ url: '/api/tags', headers: ta })).json() as { id: number }[];
    const before = await countAudit('student.create');
    const res = await t.app.inject({
      method: 'POST', url: '/api/students', headers: ta,
      payload: { loginId: 'newkid01', name: '홍길동', phone: '010-3333-4444', parentPhone: '01055556666', school: '대치고', grade: '고1', tagIds: [tags[0]!.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ loginId: 'newkid01', phone: '01033334444', parentPhone: '01055556666', grade: '고1', isActive: true, tags: [{ id: tags[0]!.id }] });
    expect(await t.login('newkid01', '4444newkid01')).toBeTruthy();
    expect(await countAudit('student.create')).toBe(before + 1);
    const found = (await t.app.inject({ url: `/api/students?search=${encodeURIComponent('ㅎㄱㄷ')}`, headers: ta })).json();
    expect(found.nodes.map((s: { loginId: string }) => s.loginId)).toContain('newkid01');
  });

  it('refuses empty names, malformed phones, duplicate login ids and unknown tags, changing nothing', async () => {
    const n = await countStudents();
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/students', headers: ta, payload });
    const empty = await post({ loginId: 'kid9001', name: '   ', phone: '01012341234' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/^name: 이름을 입력해 주세요/);
    const phone = await post({ loginId: 'kid9002', name: '박민수', phone: '010-12' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().message).toMatch(/^phone: 전화번호 형식/);
    const dup = await post({ loginId: 'student02', name: '박민수', phone: '01012341234' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'students.login_id_taken' });
    const tag = await post({ loginId: 'kid9003', name: '박민수', phone: '01012341234', tagIds: [99999] });
    expect(tag.statusCode).toBe(400);
    expect(tag.json()).toMatchObject({ code: 'tags.unknown', message: expect.stringMatching(/^tagIds: .*99999/) });
    const noPw = await post({ loginId: 'kid9004', name: '박민수' });
    expect(noPw.statusCode).toBe(400);
    expect(noPw.json().message).toMatch(/^password: /);
    expect(await countStudents()).toBe(n);
  });

  it('updates profile fields, replaces tags and keeps the search text current', async () => {
    const list = (await t.app.inject({ url: '/api/students?pageSize=3', headers: ta })).json().nodes;
    const id = list[1].id;
    const tags = (await t.app.inject({ url: '/api/tags', headers: ta })).json() as { id: number }[];
    const res = await t.app.inject({
      method: 'PUT', url: `/api/students/${id}`, headers: ta,
      payload: { name: '도라에몽', parentPhone: '02-555-1234', grade: 'N수', school: '', gender: 'F', birthDate: '2008-03-01', tagIds: [tags[1]!.id, tags[2]!.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: '도라에몽', parentPhone: '025551234', grade: 'N수', school: null, gender: 'F', birthDate: '2008-03-01' });
    expect(res.json().tags.map((x: { id: number }) => x.id).sort()).toEqual([tags[1]!.id, tags[2]!.id].sort());
    const found = (await t.app.inject({ url: `/api/students?search=${encodeURIComponent('ㄷㄹㅇㅁ')}`, headers: ta })).json();
    expect(found.nodes.map((s: { id: number }) => s.id)).toEqual([id]);
    expect((await t.app.inject({ method: 'PUT', url: '/api/students/999999', headers: ta, payload: { name: '누구' } })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'PUT', url: `/api/students/${id}`, headers: ta, payload: { grade: '대학생' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^grade: /);
    const detail = (await t.app.inject({ url: `/api/students/${id}`, headers: ta })).json();
    expect(detail.grade).toBe('N수');
  });

  it('sets representative lectures and refuses unknown ones', async () => {
    const id = (await t.app.inject({ url: '/api/students?pageSize=1', headers: ta })).json().nodes[0].id;
    const lectureRows = await t.database.query<{ id: number }>('select id from lectures order by id limit 1');
    if (lectureRows.length) {
      const ok = await t.app.inject({ method: 'PUT', url: `/api/students/${id}/representative-lectures`, headers: ta, payload: { lectureIds: [lectureRows[0]!.id] } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().representativeLectureIds).toEqual([lectureRows[0]!.id]);
    }
    const bad = await t.app.inject({ method: 'PUT', url: `/api/students/${id}/representative-lectures`, headers: ta, payload: { lectureIds: [987654] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^lectureIds: /);
  });

  it('lists the first representative lecture name with each row, in one statement for the page', async () => {
    const [first, second] = await t.database.query<{ id: number; name: string }>('select id, name from lectures order by id limit 2');
    expect(second).toBeDefined();
    const id = (await t.app.inject({ url: '/api/students?search=student05', headers: ta })).json().nodes[0].id;
    const set = await t.app.inject({ method: 'PUT', url: `/api/students/${id}/representative-lectures`, headers: ta, payload: { lectureIds: [second!.id, first!.id] } });
    expect(set.json()).toMatchObject({ representativeLectureIds: [second!.id, first!.id], representativeLectureName: second!.name });

    const query = vi.spyOn(t.database, 'query');
    const page = (await t.app.inject({ url: '/api/students?pageSize=50&sortField=loginId', headers: ta })).json();
    // The page and its total count; the lecture names come with the page rows, not one query per row.
    expect(query.mock.calls.length).toBeGreaterThan(0);
    expect(query.mock.calls.length).toBeLessThanOrEqual(2);
    query.mockRestore();
    const row = page.nodes.find((s: { id: number }) => s.id === id);
    expect(row).toMatchObject({ representativeLectureIds: [second!.id, first!.id], representativeLectureName: second!.name });
    const others = page.nodes.filter((s: { representativeLectureIds: number[] }) => s.representativeLectureIds.length > 0);
    const names = new Map((await t.database.query<{ id: number; name: string }>('select id, name from lectures')).map((l) => [l.id, l.name]));
    for (const s of others) expect(s.representativeLectureName).toBe(names.get(s.representativeLectureIds[0]));

    const cleared = await t.app.inject({ method: 'PUT', url: `/api/students/${id}/representative-lectures`, headers: ta, payload: { lectureIds: [] } });
    expect(cleared.json()).toMatchObject({ representativeLectureIds: [], representativeLectureName: null });
  });
});

describe('bulk actions', () => {
  it('batch-updates school and grade for many students in one call', async () => {
    const ids = (await t.app.inject({ url: '/api/students?pageSize=5&sortField=loginId', headers: ta })).json().nodes.map((s: { id: number }) => s.id);
    const res = await t.app.inject({ method: 'PUT', url: '/api/students/batch-update', headers: ta, payload: { ids, update: { school: '휘문고', grade: '고3' } } });
    expect(res.json()).toEqual({ updatedCount: 5 });
    const after = (await t.app.inject({ url: `/api/students?school=${encodeURIComponent('휘문고')}&grade=고3&pageSize=100`, headers: ta })).json();
    for (const id of ids) expect(after.nodes.map((s: { id: number }) => s.id)).toContain(id);
    const unknown = await t.app.inject({ method: 'PUT', url: '/api/students/batch-update', headers: ta, payload: { ids: [...ids, 999999], update: { grade: '고1' } } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^ids: .*999999/);
    const stillG3 = (await t.app.inject({ url: `/api/students/${ids[0]}`, headers: ta })).json();
    expect(stillG3.grade).toBe('고3');
    expect((await t.app.inject({ method: 'PUT', url: '/api/students/batch-update', headers: ta, payload: { ids, update: {} } })).statusCode).toBe(400);
  });

  it('toggles status (each flips, or all set to a value); inactive students leave the default list', async () => {
    const [a, b] = (await t.app.inject({ url: '/api/students?pageSize=2&sortField=loginId&sortDir=desc', headers: ta })).json().nodes as { id: number }[];
    const flip = await t.app.inject({ method: 'PUT', url: '/api/students/toggle-status', headers: ta, payload: { ids: [a!.id] } });
    expect(flip.json().students).toEqual([{ id: a!.id, isActive: false }]);
    const inactive = (await t.app.inject({ url: '/api/students?status=inactive&pageSize=100', headers: ta })).json();
    expect(inactive.nodes.map((s: { id: number }) => s.id)).toContain(a!.id);
    const active = (await t.app.inject({ url: '/api/students?pageSize=1000', headers: ta })).json();
    expect(active.nodes.map((s: { id: number }) => s.id)).not.toContain(a!.id);
    const set = await t.app.inject({ method: 'PUT', url: '/api/students/toggle-status', headers: ta, payload: { ids: [a!.id, b!.id], isActive: true } });
    expect(set.json().students).toEqual([{ id: a!.id, isActive: true }, { id: b!.id, isActive: true }]);
  });

  it('deletes softly (records kept, hidden, sign-in refused) and an admin restores; TAs may not', async () => {
    const created = (await t.app.inject({ method: 'POST', url: '/api/students', headers: ta, payload: { loginId: 'leaver01', name: '이탈자', phone: '01077778888' } })).json();
    await t.app.inject({ method: 'POST', url: `/api/students/${created.id}/memos`, headers: ta, payload: { content: '퇴원 상담 완료' } });
    expect((await t.app.inject({ method: 'POST', url: '/api/students/delete', headers: ta, payload: { ids: [created.id] } })).statusCode).toBe(403);
    const del = await t.app.inject({ method: 'POST', url: '/api/students/delete', headers: admin, payload: { ids: [created.id] } });
    expect(del.json()).toEqual({ deletedCount: 1 });
    expect((await t.app.inject({ url: `/api/students/${created.id}`, headers: ta })).statusCode).toBe(404);
    const listed = (await t.app.inject({ url: '/api/students?status=deleted', headers: ta })).json();
    expect(listed.nodes.map((s: { id: number }) => s.id)).toContain(created.id);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId: 'leaver01', password: '8888leaver01' } });
    expect(login.statusCode).not.toBe(200);
    const memos = await t.database.query('select id from student_memos where student_id = $1', [created.id]);
    expect(memos).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: '/api/students/restore', headers: ta, payload: { ids: [created.id] } })).statusCode).toBe(403);
    const restore = await t.app.inject({ method: 'POST', url: '/api/students/restore', headers: admin, payload: { ids: [created.id] } });
    expect(restore.json()).toEqual({ restoredCount: 1 });
    expect((await t.app.inject({ url: `/api/students/${created.id}`, headers: ta })).statusCode).toBe(200);
    const notDeleted = await t.app.inject({ method: 'POST', url: '/api/students/restore', headers: admin, payload: { ids: [created.id] } });
    expect(notDeleted.statusCode).toBe(400);
  });

  it('resets passwords to the initial one or a given one (admin only); empty id lists are refused', async () => {
    const created = (await t.app.inject({ method: 'POST', url: '/api/students', headers: ta, payload: { loginId: 'pwkid01', name: '비번왕', phone: '01011112222', password: 'first-pass1' } })).json();
    expect((await t.app.inject({ method: 'POST', url: '/api/students/batch-change-password', headers: ta, payload: { ids: [created.id] } })).statusCode).toBe(403);
    const reset = await t.app.inject({ method: 'POST', url: '/api/students/batch-change-password', headers: admin, payload: { ids: [created.id] } });
    expect(reset.json()).toEqual({ updatedCount: 1 });
    expect(await t.login('pwkid01', '2222pwkid01')).toBeTruthy();
    await t.app.inject({ method: 'POST', url: '/api/students/batch-change-password', headers: admin, payload: { ids: [created.id], password: 'new-pass77' } });
    expect(await t.login('pwkid01', 'new-pass77')).toBeTruthy();
    const weak = await t.app.inject({ method: 'POST', url: '/api/students/batch-change-password', headers: admin, payload: { ids: [created.id], password: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/^password: /);
    expect((await t.app.inject({ method: 'POST', url: '/api/students/batch-change-password', headers: admin, payload: { ids: [] } })).statusCode).toBe(400);
  });
});

describe('Excel template, import and export', () => {
  it('serves the template with the eight headers in order', async () => {
    const res = await t.app.inject({ url: '/api/students/excel-template', headers: ta });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0]!.getRow(1).values as string[]).slice(1)).toEqual(['이름', '아이디', '비밀번호', '학생 전화번호', '학부모 전화번호', '학교', '학년', '메모']);
  });

  it('reports every bad row with its field and inserts nothing, even with dryRun=false', async () => {
    const file = await importWorkbook([
      ['정상학생', 'okrow01', '', '010-1111-0001', '', '대치고', '고1', ''],
      ['', 'okrow02', '', '010-1111-0002', '', '', '', ''],
      ['전화틀림', 'okrow03', '', '010-11', '', '', '', ''],
      ['중복파일', 'okrow01', '', '010-1111-0004', '', '', '', ''],
      ['기존중복', 'student03', '', '010-1111-0005', '', '', '', ''],
      ['학년틀림', 'okrow06', '', '010-1111-0006', '', '', '고4', ''],
      ['비번없음', 'okrow07', '', '', '', '', '', ''],
      ['약한비번', 'okrow08', 'abc', '010-1111-0008', '', '', '', ''],
    ]);
    const n = await countStudents();
    for (const dryRun of [true, false]) {
      const res = await upload({ file, dryRun });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ dryRun, total: 8, valid: 1, inserted: 0 });
      const byRow = (row: number) => body.errors.filter((e: { row: number }) => e.row === row);
      expect(byRow(2)).toEqual([]);
      expect(byRow(3)).toEqual([{ row: 3, field: '이름', message: '이름을 입력해 주세요' }]);
      expect(byRow(4)[0]).toMatchObject({ field: '학생 전화번호' });
      expect(byRow(5)[0]).toMatchObject({ field: '아이디', message: expect.stringContaining('2행') });
      expect(byRow(6)[0]).toMatchObject({ field: '아이디', message: expect.stringContaining('이미 등록된') });
      expect(byRow(7)[0]).toMatchObject({ field: '학년' });
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
    const dry = (await upload({ file, dryRun: true })).json();
    expect(dry).toMatchObject({ dryRun: true, total: 3, valid: 3, inserted: 0, errors: [] });
    expect(await countStudents()).toBe(n);
    const res = await upload({ file, dryRun: false });
    expect(res.json()).toMatchObject({ dryRun: false, total: 3, valid: 3, inserted: 3 });
    expect(await countStudents()).toBe(n + 3);
    expect(await countAudit('student.import')).toBe(audits + 3);
    expect(await t.login('xls001', '0001xls001')).toBeTruthy();
    expect(await t.login('xls002', 'given-pass1')).toBeTruthy();
    // Derived initial passwords are hashed cheaply (they are derivable from the row); chosen ones at full cost.
    const hashes = await t.database.query<{ login_id: string; password_hash: string }>(`select login_id, password_hash from users where login_id in ('xls001', 'xls002') order by login_id`);
    expect(hashes[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=1024,/);
    expect(hashes[1]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,/);
    const found = (await t.app.inject({ url: `/api/students?search=${encodeURIComponent('ㄱㄴㄷ')}`, headers: ta })).json();
    expect(found.nodes[0]).toMatchObject({ loginId: 'xls001', phone: '01033330001', parentPhone: '01099990001', school: '단대부고', grade: '고2', memo: '수학 약함' });
    const again = (await upload({ file, dryRun: false })).json();
    expect(again.inserted).toBe(0);
    expect(again.errors).toHaveLength(3);
  });

  it('refuses a non-xlsx file, a 20 MB file, 50,000 rows and missing headers with Korean messages', async () => {
    const n = await countStudents();
    const csv = await upload({ file: Buffer.from('이름,아이디\n홍길동,hong\n'), dryRun: false, filename: '학생.csv' });
    expect(csv.statusCode).toBe(400);
    expect(csv.json()).toMatchObject({ code: 'students.excel_invalid', message: expect.stringContaining('.xlsx') });
    const fakeZip = await upload({ file: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)]), dryRun: false });
    expect(fakeZip.json().code).toBe('students.excel_invalid');
    const big = await upload({ file: Buffer.alloc(20 * 1024 * 1024, 1), dryRun: false });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ code: 'students.excel_too_large', message: expect.stringContaining('5MB') });
    const many = await upload({ file: await importWorkbook(generatedRows(50_000, 'many')), dryRun: false });
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ code: 'students.excel_too_many_rows', message: expect.stringContaining('5,000명') });
    const headers = await upload({ file: await importWorkbook([['a', 'b']], { headers: ['성명', 'ID'] }), dryRun: false });
    expect(headers.json().code).toBe('students.excel_headers');
    const noFile = await t.app.inject({ method: 'POST', url: '/api/students/excel', headers: { ...ta, 'content-type': 'application/json' }, payload: {} });
    expect(noFile.statusCode).toBe(400);
    expect((await upload({ file: await importWorkbook([]), dryRun: true })).json().code).toBe('students.excel_empty');
    expect((await upload({ file: await importWorkbook([]), dryRun: true, headers: student })).statusCode).toBe(403);
    expect(await countStudents()).toBe(n);
  }, 60_000);

  it('exports the current filter as .xlsx with formatted phones', async () => {
    const res = await t.app.inject({ url: `/api/students/excel-export?grade=${encodeURIComponent('중3')}`, headers: ta });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const expected = (await t.app.inject({ url: `/api/students?grade=${encodeURIComponent('중3')}&pageSize=1000`, headers: ta })).json().totalCount;
    expect(ws.rowCount - 1).toBe(expected);
    const gradeCol = (ws.getRow(1).values as string[]).indexOf('학년');
    const phoneCol = (ws.getRow(1).values as string[]).indexOf('학생 전화번호');
    for (let r = 2; r <= ws.rowCount; r++) {
      expect(ws.getRow(r).getCell(gradeCol).value).toBe('중3');
      expect(String(ws.getRow(r).getCell(phoneCol).value)).toMatch(/^(010-\d{4}-\d{4})?$/);
    }
  });
});
