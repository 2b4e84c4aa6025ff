import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let ta: string;
let student: string;

beforeAll(async () => {
  t = await createTestApp();
  ta = await t.login('ta01', 'ta1234!');
  student = await t.login('student01', 'student1234!');
}, 60_000);
afterAll(() => t.close());

async function gql(token: string, query: string, variables?: object) {
  const res = await t.app.inject({ method: 'POST', url: '/api/gql', headers: bearer(token), payload: { query, variables } });
  return res.json() as { data: Record<string, { nodes: Record<string, unknown>[]; totalCount: number }> | null; errors?: { message: string }[] };
}

describe('lectures GraphQL resources', () => {
  it('filters lectures by subject, teacher, disabled and day of week', async () => {
    const r = await gql(
      ta,
      'query($f: LectureFilter!) { lectures(filter: $f, sorting: [{ field: name, direction: ASC }]) { nodes { name teacher studentCount } totalCount } }',
      { f: { subject: { eq: '수학' }, disabled: { is: false }, dayOfWeek: { in: [1] } } },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!.lectures!.nodes.map((n) => n.name)).toEqual(['고2 수학 정규반', '중2 수학 정규반']);
    const byTeacher = await gql(ta, '{ lectures(filter: { teacher: { iLike: "%정재훈%" } }) { nodes { name disabled } totalCount } }');
    expect(byTeacher.data!.lectures!.totalCount).toBe(2);
    const saturday = await gql(ta, '{ lectures(filter: { dayOfWeek: { eq: 6 }, disabled: { is: false } }) { nodes { name } } }');
    expect(saturday.data!.lectures!.nodes.map((n) => n.name).sort()).toEqual(['고1 수학 심화반', '고2 화학Ⅰ 개념완성'].sort());
  });

  it('lists weekly lectures of a lecture and the attendance types; students are refused', async () => {
    const lectures = await gql(ta, '{ lectures(filter: { name: { eq: "고2 수학 정규반" } }) { nodes { id } } }');
    const id = Number(lectures.data!.lectures!.nodes[0]!.id);
    const wls = await gql(ta, `{ weeklyLectures(filter: { lectureId: { eq: ${id} } }, paging: { limit: 3, offset: 0 }) { nodes { seq title date participantCount } totalCount } }`);
    expect(wls.errors).toBeUndefined();
    expect(wls.data!.weeklyLectures!.nodes[0]).toMatchObject({ seq: 1, title: '1주차 월' });
    expect(wls.data!.weeklyLectures!.totalCount).toBeGreaterThan(60);
    const types = await gql(ta, '{ attendanceTypes { nodes { name countsAsPresent } } }');
    expect(types.data!.attendanceTypes!.nodes.map((n) => n.name)).toEqual(['출석', '지각', '조퇴', '결석', '온라인(영상 수강)', '보강']);
    const refused = await gql(student, '{ lectures { nodes { name } } }');
    expect(refused.errors?.length).toBeGreaterThan(0);
  });

  it('students gain the lecture filter', async () => {
    const lectures = await gql(ta, '{ lectures(filter: { name: { eq: "고2 화학Ⅰ 개념완성" } }) { nodes { id } } }');
    const id = lectures.data!.lectures!.nodes[0]!.id;
    const r = await gql(ta, `{ students(filter: { lectures: { id: { in: [${id}] } } }) { totalCount } }`);
    expect(r.errors).toBeUndefined();
    expect(r.data!.students!.totalCount).toBe(8);
  });
});
