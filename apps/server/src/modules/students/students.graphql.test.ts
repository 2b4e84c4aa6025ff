import { getChoseong } from 'es-hangul';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let ta: Record<string, string>;
let student: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ta = bearer(await t.login('ta01', 'ta1234!'));
  student = bearer(await t.login('student01', 'student1234!'));
});
afterAll(() => t.close());

const gql = (headers: Record<string, string>, query: string, variables: object = {}) =>
  t.app.inject({ method: 'POST', url: '/api/gql', headers, payload: { query, variables } });

const STUDENTS = `query($filter: StudentFilter!, $sorting: [StudentSort!]!, $paging: OffsetPaging!) {
  students(filter: $filter, sorting: $sorting, paging: $paging) { nodes { id name loginId phone school grade status tagIds } totalCount } }`;

describe('GraphQL students and tags', () => {
  it('pages and sorts students, and the search filter matches 초성 and phone digits', async () => {
    const all = (await gql(ta, STUDENTS, { filter: {}, sorting: [{ field: 'name', direction: 'ASC' }], paging: { limit: 10, offset: 0 } })).json();
    expect(all.errors).toBeUndefined();
    expect(all.data.students.nodes).toHaveLength(10);
    expect(all.data.students.totalCount).toBeGreaterThanOrEqual(40);
    const target = all.data.students.nodes[3];
    const cho = getChoseong(target.name);
    const byCho = (await gql(ta, STUDENTS, { filter: { search: { iLike: `%${cho}%` } }, sorting: [], paging: { limit: 50, offset: 0 } })).json();
    expect(byCho.data.students.nodes.map((s: { id: string }) => s.id)).toContain(target.id);
    const tail = target.phone.slice(-4);
    const byPhone = (await gql(ta, STUDENTS, { filter: { search: { iLike: `%${tail}%` } }, sorting: [], paging: { limit: 50, offset: 0 } })).json();
    expect(byPhone.data.students.nodes.map((s: { id: string }) => s.id)).toContain(target.id);
  });

  it('filters by grade, status and tag ids; tags list in priority order', async () => {
    const tags = (await gql(ta, `{ tags(sorting: [{field: priority, direction: ASC}]) { nodes { id name color priority userCount } totalCount } }`)).json();
    expect(tags.errors, JSON.stringify(tags.errors)).toBeUndefined();
    expect(tags.data.tags.nodes.map((x: { name: string }) => x.name)).toEqual(['재원생', '신규', '장학생', '클리닉 필수', '퇴원 예정']);
    const scholar = tags.data.tags.nodes.find((x: { name: string }) => x.name === '장학생');
    const res = (await gql(ta, STUDENTS, { filter: { tags: { id: { in: [scholar.id] } }, status: { eq: 'active' } }, sorting: [], paging: { limit: 100, offset: 0 } })).json();
    expect(res.errors).toBeUndefined();
    expect(res.data.students.totalCount).toBe(scholar.userCount);
    for (const s of res.data.students.nodes) expect(s.tagIds.split(',')).toContain(String(scholar.id));
    const grade = (await gql(ta, STUDENTS, { filter: { grade: { in: ['고1', '고2'] } }, sorting: [{ field: 'gradeOrder', direction: 'DESC' }], paging: { limit: 100, offset: 0 } })).json();
    expect(grade.errors).toBeUndefined();
    for (const s of grade.data.students.nodes) expect(['고1', '고2']).toContain(s.grade);
  });

  it('students read nothing here', async () => {
    const res = (await gql(student, `{ students { totalCount } }`)).json();
    expect(res.errors?.length).toBeGreaterThan(0);
    const tags = (await gql(student, `{ tags { totalCount } }`)).json();
    expect(tags.errors?.length).toBeGreaterThan(0);
  });
});
