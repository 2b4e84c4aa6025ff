import { type Student, studentsApi } from '@academy/contracts/students';
import { getChoseong } from 'es-hangul';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeLecture } from '../lectures/lectures.testkit.ts';
import { makeTags } from '../tags/tags.testkit.ts';
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
  tagIds = (await makeTags(t, { token: ta.token, names: TAGS })).map((x) => x.id);
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

const STUDENTS = `query($filter: StudentFilter!, $sorting: [StudentSort!]!, $paging: OffsetPaging!) {
  students(filter: $filter, sorting: $sorting, paging: $paging) { nodes { id name loginId phone school grade status tagIds } totalCount } }`;
/** What STUDENTS selects. */
type StudentRows = { students: { nodes: { id: string; name: string; loginId: string; phone: string; school: string; grade: string; status: string; tagIds: string }[]; totalCount: number } };
type TagRows = { tags: { nodes: { id: string; name: string; color: string; priority: number; userCount: number }[]; totalCount: number } };
const students = (token: string, variables: Record<string, unknown>) => t.gql<StudentRows>(STUDENTS, { token, variables });
const ids = (res: { data: StudentRows | null }) => res.data!.students.nodes.map((s) => Number(s.id));

describe('GraphQL students and tags', () => {
  it('pages and sorts students, and the search filter matches 초성 and phone digits', async () => {
    const all = await students(ta.token, { filter: {}, sorting: [{ field: 'name', direction: 'ASC' }], paging: { limit: 10, offset: 0 } });
    expect(all.errors).toBeUndefined();
    expect(all.data!.students.nodes).toHaveLength(10);
    // The profile-less student account counts too: every live STUDENT account is a row.
    expect(all.data!.students.totalCount).toBe(made.length + 1);
    const names = all.data!.students.nodes.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const target = made[5]!;
    const cho = getChoseong(target.name);
    const byCho = await students(ta.token, { filter: { search: { iLike: `%${cho}%` } }, sorting: [], paging: { limit: 50, offset: 0 } });
    expect(ids(byCho)).toContain(target.id);
    for (const s of byCho.data!.students.nodes) expect(getChoseong(s.name)).toContain(cho);
    const tail = target.phone!.slice(-4);
    const byPhone = await students(ta.token, { filter: { search: { iLike: `%${tail}%` } }, sorting: [], paging: { limit: 50, offset: 0 } });
    expect(ids(byPhone)).toContain(target.id);
    const notCho = await students(ta.token, { filter: { search: { notILike: `%${cho}%` } }, sorting: [], paging: { limit: 50, offset: 0 } });
    expect(ids(notCho)).not.toContain(target.id);
  });

  it('filters by grade, status, tag ids and lectures; tags list in priority order with live counts', async () => {
    const tags = await t.gql<TagRows>(`{ tags(sorting: [{field: priority, direction: ASC}]) { nodes { id name color priority userCount } totalCount } }`, { token: ta.token });
    expect(tags.errors, JSON.stringify(tags.errors)).toBeUndefined();
    expect(tags.data!.tags.nodes.map((x) => x.name)).toEqual(TAGS);
    const scholar = tags.data!.tags.nodes.find((x) => x.name === '장학생')!;
    expect(scholar.userCount).toBe(made.filter((_, i) => i % 3 === 0).length);
    const res = await students(ta.token, { filter: { tags: { id: { in: [scholar.id] } }, status: { eq: 'active' } }, sorting: [], paging: { limit: 100, offset: 0 } });
    expect(res.errors).toBeUndefined();
    expect(res.data!.students.totalCount).toBe(scholar.userCount - 1);
    expect(ids(res)).not.toContain(made[3]!.id);
    for (const s of res.data!.students.nodes) expect(s.tagIds.split(',')).toContain(String(scholar.id));
    const grade = await students(ta.token, { filter: { grade: { in: ['고1', '고2'] } }, sorting: [{ field: 'gradeOrder', direction: 'DESC' }], paging: { limit: 100, offset: 0 } });
    expect(grade.errors).toBeUndefined();
    expect(grade.data!.students.nodes.map((s) => s.grade)).toEqual([...Array(made.filter((_, i) => i % 4 === 1).length).fill('고2'), ...Array(made.filter((_, i) => i % 4 === 0).length).fill('고1')]);
    const enrolled = await students(ta.token, { filter: { lectures: { id: { eq: lectureId } } }, sorting: [{ field: 'id', direction: 'ASC' }], paging: { limit: 100, offset: 0 } });
    expect(enrolled.errors, JSON.stringify(enrolled.errors)).toBeUndefined();
    expect(ids(enrolled)).toEqual([made[1]!.id, made[2]!.id]);
  });

  it('students read nothing here', async () => {
    const res = await t.gql(`{ students { totalCount } }`, { token: student.token });
    expect(res.errors?.length).toBeGreaterThan(0);
    const tags = await t.gql(`{ tags { totalCount } }`, { token: student.token });
    expect(tags.errors?.length).toBeGreaterThan(0);
  });
});
