import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, type TestApp } from '../../test/harness.ts';
import { dataErrorOf } from '../lib/errors.ts';
import { makeLecture } from '../modules/lectures/lectures.testkit.ts';
import { makeStaff, makeStudents, type TestAccount } from '../modules/users/users.testkit.ts';

/**
 * The causes of 500s the security review found (issue 16, item 6), each sent from the outside:
 * every one is a 400 that names the field. The schema-driven sweep over all operations is
 * test/fuzz.test.ts; these pin the named cases.
 */

let t: TestApp;
let admin: TestAccount;
let student: TestAccount;
let lecture: { id: number; sessions: { id: number }[] };

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ admin } = await makeStaff(t));
  student = (await makeStudents(t, 1))[0]!;
  lecture = await makeLecture(t, { adminToken: admin.token, students: [student.id] });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const gql = (token: string | null, query: string, variables: Record<string, unknown> = {}) => t.gql<{ users: { nodes: { id: string }[] } }>(query, { token, variables });
const USERS = 'query($filter: UserFilter!) { users(filter: $filter, paging: { limit: 5 }) { nodes { id } } }';

describe('NUL bytes, anonymously', () => {
  it.each([
    ['/api/auth/login', { loginId: 'adm\u0000in', password: 'whatever1!' }, '아이디'],
    ['/api/auth/find-password', { loginId: 'student\u0000', phone: '010-1234-5678' }, '아이디'],
    ['/api/error-log/error', { message: 'boom\u0000' }, '메시지'],
  ])('%s refuses a NUL, naming %s', async (url, body, field) => {
    const r = await t.call<ApiError>('POST', url, null, body);
    expect(r.status).toBe(400);
    expect(r.json.message).toBe(`${field}: 제어 문자(NUL)는 입력할 수 없습니다`);
  });
});

describe('unpaired UTF-16 surrogates', () => {
  it('a lecture name with half a surrogate pair is refused, not written to the audit log', async () => {
    const r = await t.call<ApiError>('PUT', `/api/lectures/${lecture.id}`, admin.token, { name: '수학\ud800반' });
    expect(r.status).toBe(400);
    expect(r.json.issues).toContainEqual(expect.objectContaining({ path: 'name', message: '올바르지 않은 유니코드 문자가 있습니다' }));
  });

  it('a whole pair (an emoji) is fine', async () => {
    const r = await t.call<ApiError>('POST', '/api/error-log/error', null, { message: '오류 😀' });
    expect(r.status).toBe(200);
  });
});

describe('ids above 2,147,483,647 inside body arrays', () => {
  it.each([
    ['bulk attendance', () => ['PUT', `/api/lectures/${lecture.id}/weekly-lectures/${lecture.sessions[0]!.id}/attendance/bulk`, { userIds: [2147483648], attTypeId: null }]],
    ['D-day order', () => ['PUT', '/api/lectures/ddays/seq', { ids: [1, 99999999999] }]],
    ['adding students to a lecture', () => ['POST', `/api/lectures/${lecture.id}/students`, { userIds: [student.id, 2 ** 40] }]],
  ] as const)('%s', async (_, make) => {
    const [method, url, body] = make() as ['PUT' | 'POST', string, object];
    const r = await t.call<ApiError>(method, url, admin.token, body);
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/번째: ID가 너무 큽니다$/);
  });
});

describe('GraphQL filters', () => {
  it('an `in` list of 65,536 values from a student is refused', async () => {
    // Before anything runs: the document's values are counted (issue 34 item 9).
    const r = await gql(student.token, USERS, { filter: { id: { in: Array.from({ length: 65_536 }, (_, i) => String(i + 1)) } } });
    expect(r.status).toBe(400);
    expect(r.errors![0]!.extensions).toMatchObject({ code: 'graphql.too_costly' });
    expect(r.errors![0]!.message).toMatch(/최대 2,000개/);
    // Within the document's budget, one list still holds at most 1,000 values.
    const long = await gql(student.token, USERS, { filter: { id: { in: Array.from({ length: 1001 }, (_, i) => String(i + 1)) } } });
    expect(long.errors![0]!.extensions).toMatchObject({ code: 'validation.invalid', field: 'filter.id.in' });
    expect(long.errors![0]!.message).toMatch(/1000개까지/);
  });

  it('a like pattern ending in a backslash is read literally', async () => {
    const r = await gql(admin.token, USERS, { filter: { name: { like: 'abc\\' } } });
    expect(r.status).toBe(200);
    expect(r.errors).toBeUndefined();
    expect(r.data!.users.nodes).toEqual([]);
  });

  it('`is: true` on a text field is refused', async () => {
    const r = await gql(admin.token, USERS, { filter: { name: { is: true } } });
    expect(r.status).toBeLessThan(500);
    expect(r.errors![0]!.extensions).toMatchObject({ code: 'validation.invalid', field: 'filter.name.is' });
  });

  it.each(['abc', '0x7fffffffff', '1e3', '99999999999'])('a non-numeric or huge id %s in a filter is refused', async (value) => {
    const r = await gql(admin.token, USERS, { filter: { id: { eq: value } } });
    expect(r.status).toBeLessThan(500);
    expect(r.errors![0]!.extensions).toMatchObject({ code: 'validation.invalid', field: 'filter.id.eq' });
  });

  it('a NUL in a text filter is refused', async () => {
    const r = await gql(admin.token, USERS, { filter: { loginId: { eq: 'a\u0000' } } });
    expect(r.errors![0]!.extensions).toMatchObject({ code: 'validation.invalid', field: 'filter.loginId.eq' });
  });
});

describe('GraphQL suggestions', () => {
  it('"Did you mean" names fields to staff only', async () => {
    const query = '{ users { nodes { nam } } }';
    const anonymous = await gql(null, query);
    const asStudent = await gql(student.token, query);
    const asAdmin = await gql(admin.token, query);
    for (const r of [anonymous, asStudent]) {
      expect(r.errors![0]!.message).not.toMatch(/Did you mean|"name"/);
      expect(r.errors![0]!.extensions?.code).toBe('graphql.validation_failed');
    }
    expect(asAdmin.errors![0]!.message).toMatch(/Did you mean "name"/);
  });
});

describe('dates', () => {
  it.each(['0000-01-01', '1899-12-31', '3000-01-01'])('the portal refuses %s', async (from) => {
    const r = await t.call<ApiError>('GET', `/api/sp/clinic-slots?from=${from}`, student.token);
    expect(r.status).toBe(400);
    expect(r.json.message).toBe('시작: 1900년부터 2999년 사이의 날짜여야 합니다');
  });
});

describe('the safety net', () => {
  it('maps the database data errors (class 22, 42804) to 400 and leaves others alone', async () => {
    const failed = await t.ctx.db.execute(sql`select 1 / 0`).catch((e: unknown) => e);
    expect(dataErrorOf(failed)).toMatchObject({ status: 400, code: 'validation.invalid' });
    expect(dataErrorOf({ code: '42804' })).toMatchObject({ status: 400 });
    expect(dataErrorOf({ cause: { code: '22P02' } })).toMatchObject({ status: 400 });
    expect(dataErrorOf({ code: '23505' })).toBeNull();
    expect(dataErrorOf(new Error('x'))).toBeNull();
  });
});
