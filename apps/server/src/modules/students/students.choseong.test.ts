import { studentsApi } from '@academy/contracts/students';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeStaff, type TestAccount } from '../users/users.testkit.ts';
import { makeStudent } from './students.testkit.ts';

let t: TestApp;
let ta: TestAccount;
const NAMES = ['김민준', '강서연', '심가은', '허건우', '박김철', '꼬마곰'];

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ ta } = await makeStaff(t));
  for (const name of NAMES) await makeStudent(t, { token: ta.token, name });
}, 120_000);
afterAll(() => t.close());

const rest = async (search: string) => (await t.api(studentsApi.list, { token: ta.token, query: { pageSize: 100, search } })).nodes.map((s) => s.name).sort();
const gql = async (resource: 'students' | 'users', search: string) => {
  const type = resource === 'students' ? 'Student' : 'User';
  const res = await t.gql<Record<typeof resource, { nodes: { name: string }[] }>>(`query($filter: ${type}Filter!) { ${resource}(filter: $filter, sorting: [], paging: { limit: 100, offset: 0 }) { nodes { name } } }`, {
    token: ta.token,
    variables: { filter: { search: { iLike: `%${search}%` }, ...(resource === 'users' ? { userType: { eq: 'STUDENT' } } : {}) } },
  });
  expect(res.errors).toBeUndefined();
  return res.data![resource].nodes.map((s) => s.name).sort();
};

describe('초성 search', () => {
  it('one 초성 matches names starting with it (not 심가은 or 허건우), in the grid, GraphQL students and GraphQL users', async () => {
    const expected = ['강서연', '김민준'];
    expect(await rest('ㄱ')).toEqual(expected);
    expect(await gql('students', 'ㄱ')).toEqual(expected);
    expect(await gql('users', 'ㄱ')).toEqual(expected);
    expect(await rest('ㅎ')).toEqual(['허건우']);
    expect(await gql('users', 'ㄲ')).toEqual(['꼬마곰']);
  });

  it('two or more 초성 match anywhere in the name', async () => {
    expect(await rest('ㄱㅊ')).toEqual(['박김철']);
    expect(await gql('students', 'ㄱㅇ')).toEqual(['심가은', '허건우']);
    expect(await gql('users', 'ㄱㅇ')).toEqual(['심가은', '허건우']);
    expect(await gql('users', 'ㅁㅈ')).toEqual(['김민준']);
  });

  it('ordinary text still matches anywhere', async () => {
    expect(await rest('가은')).toEqual(['심가은']);
    expect(await gql('users', '김')).toEqual(['김민준', '박김철']);
  });
});
