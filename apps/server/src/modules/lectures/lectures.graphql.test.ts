import { lecturesApi } from '@academy/contracts/lectures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeStaff, makeStudents, type TestAccount } from '../users/users.testkit.ts';
import { makeLecture } from './lectures.testkit.ts';

let t: TestApp;
let ta: TestAccount;
let student: TestAccount;
let chemistry: number;
let mathMon: number;

async function gql(token: string, query: string, variables?: object) {
  const res = await t.call('POST', '/api/gql', token, { query, variables });
  return res.json as { data: Record<string, { nodes: Record<string, unknown>[]; totalCount: number }> | null; errors?: { message: string }[] };
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const staff = await makeStaff(t);
  ta = staff.ta;
  const students = await makeStudents(t, 8);
  student = students[0]!;
  const slot = (dayOfWeek: number) => ({ dayOfWeek, startTime: '19:00', endTime: '21:00' });
  const make = (over: Omit<Parameters<typeof makeLecture>[1], 'adminToken'>) => makeLecture(t, { ...over, adminToken: staff.admin.token });
  mathMon = (await make({ name: '고2 수학 정규반', subject: '수학', teacherName: '정재훈', schedule: [slot(1), slot(3)] })).id;
  await make({ name: '중2 수학 정규반', subject: '수학', teacherName: '박준영', schedule: [slot(1)] });
  await make({ name: '고1 수학 심화반', subject: '수학', teacherName: '오승민', schedule: [slot(6)] });
  chemistry = (await make({ name: '고2 화학Ⅰ 개념완성', subject: '과학', teacherName: '문하늘', schedule: [slot(6)], students: students.slice(0, 5).map((s) => s.id) })).id;
  const old = await make({ name: '고3 수학 수능 파이널', subject: '수학', teacherName: '정재훈', schedule: [slot(1)] });
  await t.api(lecturesApi.disable, { token: staff.admin.token, params: { id: old.id } });
}, 60_000);
afterAll(() => t.close());

describe('lectures GraphQL resources', () => {
  it('filters lectures by subject, teacher, disabled and day of week', async () => {
    const r = await gql(
      ta.token,
      'query($f: LectureFilter!) { lectures(filter: $f, sorting: [{ field: name, direction: ASC }]) { nodes { name teacher studentCount } totalCount } }',
      { f: { subject: { eq: '수학' }, disabled: { is: false }, dayOfWeek: { in: [1] } } },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!.lectures!.nodes.map((n) => n.name)).toEqual(['고2 수학 정규반', '중2 수학 정규반']);
    const byTeacher = await gql(ta.token, '{ lectures(filter: { teacher: { iLike: "%정재훈%" } }) { nodes { name disabled } totalCount } }');
    expect(byTeacher.data!.lectures!.totalCount).toBe(2);
    const saturday = await gql(ta.token, '{ lectures(filter: { dayOfWeek: { eq: 6 }, disabled: { is: false } }) { nodes { name studentCount } } }');
    expect(saturday.data!.lectures!.nodes).toEqual(expect.arrayContaining([{ name: '고2 화학Ⅰ 개념완성', studentCount: 5 }, { name: '고1 수학 심화반', studentCount: 0 }]));
  });

  it('lists weekly lectures of a lecture and the attendance types; students are refused', async () => {
    const wls = await gql(ta.token, `{ weeklyLectures(filter: { lectureId: { eq: ${mathMon} } }, paging: { limit: 3, offset: 0 }) { nodes { seq title date participantCount } totalCount } }`);
    expect(wls.errors).toBeUndefined();
    expect(wls.data!.weeklyLectures!.nodes[0]).toMatchObject({ seq: 1, title: expect.stringMatching(/^1주차 (월|수)$/) });
    expect(wls.data!.weeklyLectures!.totalCount).toBeGreaterThanOrEqual(13);
    const types = await gql(ta.token, '{ attendanceTypes { nodes { name countsAsPresent } } }');
    expect(types.data!.attendanceTypes!.nodes.map((n) => n.name)).toEqual(['출석', '지각', '조퇴', '결석', '온라인(영상 수강)', '보강']);
    const refused = await gql(student.token, '{ lectures { nodes { name } } }');
    expect(refused.errors?.length).toBeGreaterThan(0);
  });

  it('students gain the lecture filter', async () => {
    const r = await gql(ta.token, `{ students(filter: { lectures: { id: { in: [${chemistry}] } } }) { totalCount } }`);
    expect(r.errors).toBeUndefined();
    expect(r.data!.students!.totalCount).toBe(5);
  });
});
