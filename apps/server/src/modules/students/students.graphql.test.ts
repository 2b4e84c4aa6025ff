import { type Student, studentsApi } from '@academy/contracts/students';
import { tagsApi } from '@academy/contracts/tags';
import { getChoseong } from 'es-hangul';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeLecture } from '../lectures/lectures.testkit.ts';
import { makeStaff, makeStudents, type TestAccount } from '../users/users.testkit.ts';
import { makeProfiledStudents } from './students.testkit.ts';

let t: TestApp;
let ta: TestAccount;
let student: TestAccount;
let made: Student[];
const TAGS = ['재원생', '신규', '장학생', '클리닉 필수', '퇴원 예정'];
let tagIds: number[];
let lectureId: number;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const staff = await makeStaff(t);
  ta = staff.ta;
  student = (await makeStudents(t, 1))[0]!;
  tagIds = [];
  for (const name of TAGS) tagIds.push((await t.api(tagsApi.create, { token: ta.token, body: { name, color: '#2e7d32' } })).id);
  const grades = ['고1', '고2', '고3', '중2'] as const;
  made = await makeProfiledStudents(t, {
    token: ta.token,
    count: 14,
    each: (i) => ({ grade: grades[i % 4], tagIds: i % 3 === 0 ? [tagIds[2]!] : [tagIds[0]!] }),
  });
  // An inactive scholar: the status filter must leave it out.
  await t.api(studentsApi.toggleStatus, { token: ta.token, body: { ids: [made[3]!.id], isActive: false } });
  lectureId = (await makeLecture(t, { adminToken: staff.admin.token, students: [made[1]!.id, made[2]!.id] })).id;
}, 120_000);
afterAll(() => t.close());

const gql = (token: string, query: string, variables: object = {}) => t.call('POST', '/api/gql', token, { query, variables });

const STUDENTS = `query($filter: StudentFilter!, $sorting: [StudentSort!]!, $paging: OffsetPaging!) {
  students(filter: $filter, sorting: $sorting, paging: $paging) { nodes { id name loginId phone school grade status tagIds } totalCount } }`;
const ids = (res: { json: { data: { students: { nodes: { id: string }[] } } } }) => res.json.data.students.nodes.map((s) => Number(s.id));

describe('GraphQL students and tags', () => {
  it('pages and sorts students, and the search filter matches 초성 and phone digits', async () => {
    const all = await gql(ta.token, STUDENTS, { filter: {}, sorting: [{ field: 'name', direction: 'ASC' }], paging: { limit: 10, offset: 0 } });
    expect(all.json.errors).toBeUndefined();
    expect(all.json.data.students.nodes).toHaveLength(10);
    // The profile-less student account counts too: every live STUDENT account is a row.
    expect(all.json.data.students.totalCount).toBe(made.length + 1);
    const names = all.json.data.students.nodes.map((s: { name: string }) => s.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const target = made[5]!;
    const cho = getChoseong(target.name);
    const byCho = await gql(ta.token, STUDENTS, { filter: { search: { iLike: `%${cho}%` } }, sorting: [], paging: { limit: 50, offset: 0 } });
    expect(ids(byCho)).toContain(target.id);
    for (const s of byCho.json.data.students.nodes) expect(getChoseong(s.name)).toContain(cho);
    const tail = target.phone!.slice(-4);
    const byPhone = await gql(ta.token, STUDENTS, { filter: { search: { iLike: `%${tail}%` } }, sorting: [], paging: { limit: 50, offset: 0 } });
    expect(ids(byPhone)).toContain(target.id);
    const notCho = await gql(ta.token, STUDENTS, { filter: { search: { notILike: `%${cho}%` } }, sorting: [], paging: { limit: 50, offset: 0 } });
    expect(ids(notCho)).not.toContain(target.id);
  });

  it('filters by grade, status, tag ids and lectures; tags list in priority order with live counts', async () => {
    const tags = await gql(ta.token, `{ tags(sorting: [{field: priority, direction: ASC}]) { nodes { id name color priority userCount } totalCount } }`);
    expect(tags.json.errors, JSON.stringify(tags.json.errors)).toBeUndefined();
    expect(tags.json.data.tags.nodes.map((x: { name: string }) => x.name)).toEqual(TAGS);
    const scholar = tags.json.data.tags.nodes.find((x: { name: string }) => x.name === '장학생');
    expect(scholar.userCount).toBe(made.filter((_, i) => i % 3 === 0).length);
    const res = await gql(ta.token, STUDENTS, { filter: { tags: { id: { in: [scholar.id] } }, status: { eq: 'active' } }, sorting: [], paging: { limit: 100, offset: 0 } });
    expect(res.json.errors).toBeUndefined();
    expect(res.json.data.students.totalCount).toBe(scholar.userCount - 1);
    expect(ids(res)).not.toContain(made[3]!.id);
    for (const s of res.json.data.students.nodes) expect(s.tagIds.split(',')).toContain(String(scholar.id));
    const grade = await gql(ta.token, STUDENTS, { filter: { grade: { in: ['고1', '고2'] } }, sorting: [{ field: 'gradeOrder', direction: 'DESC' }], paging: { limit: 100, offset: 0 } });
    expect(grade.json.errors).toBeUndefined();
    expect(grade.json.data.students.nodes.map((s: { grade: string }) => s.grade)).toEqual([...Array(made.filter((_, i) => i % 4 === 1).length).fill('고2'), ...Array(made.filter((_, i) => i % 4 === 0).length).fill('고1')]);
    const enrolled = await gql(ta.token, STUDENTS, { filter: { lectures: { id: { eq: lectureId } } }, sorting: [{ field: 'id', direction: 'ASC' }], paging: { limit: 100, offset: 0 } });
    expect(enrolled.json.errors, JSON.stringify(enrolled.json.errors)).toBeUndefined();
    expect(ids(enrolled)).toEqual([made[1]!.id, made[2]!.id]);
  });

  it('students read nothing here', async () => {
    const res = await gql(student.token, `{ students { totalCount } }`);
    expect(res.json.errors?.length).toBeGreaterThan(0);
    const tags = await gql(student.token, `{ tags { totalCount } }`);
    expect(tags.json.errors?.length).toBeGreaterThan(0);
  });
});
