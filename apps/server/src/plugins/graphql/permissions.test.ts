import gql from 'graphql-tag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import { countTemplates } from '../../modules/push-alert-templates/push-alert-templates.testkit.ts';
import { userAccounts } from '../../modules/users/index.ts';
import { startGqlServer, type GqlTestServer } from './graphql.testkit.ts';
import { MAX_PAGE_SIZE } from './schema.ts';

const LIST = gql`
  query PushAlertTemplates($filter: PushAlertTemplateFilter!, $sorting: [PushAlertTemplateSort!]!, $paging: OffsetPaging!) {
    pushAlertTemplates(filter: $filter, sorting: $sorting, paging: $paging) { nodes { id title } totalCount }
  }
`;
const CREATE = gql`mutation CreateOne($input: CreateOnePushAlertTemplateInput!) { createOnePushAlertTemplate(input: $input) { id } }`;
const UPDATE = gql`mutation UpdateOne($input: UpdateOnePushAlertTemplateInput!) { updateOnePushAlertTemplate(input: $input) { id } }`;
const DELETE_MANY = gql`mutation DeleteMany($input: DeleteManyPushAlertTemplatesInput!) { deleteManyPushAlertTemplates(input: $input) { deletedCount } }`;
const USERS = gql`
  query Users($filter: UserFilter!, $sorting: [UserSort!]!, $paging: OffsetPaging!) {
    users(filter: $filter, sorting: $sorting, paging: $paging) { nodes { id loginId name phone userType isActive createdAt } totalCount }
  }
`;
const USER = gql`query User($id: ID!) { user(id: $id) { id loginId name } }`;

let s: GqlTestServer;
let templateCount: number;

beforeAll(async () => {
  s = await startGqlServer();
  templateCount = await countTemplates(s.t);
}, 180_000);

afterAll(async () => {
  await s?.close();
});

describe('pushAlertTemplates: admins only', () => {
  it('admin and admin-level TA read every template', async () => {
    for (const who of ['admin', 'manager']) {
      const { graphql } = s.providers(await s.token(who));
      const r = await graphql.getList({ resource: 'pushAlertTemplates', meta: { gqlQuery: LIST } });
      expect(r.total).toBe(templateCount);
    }
  });

  it('a TA can neither read nor write them', async () => {
    const { graphql, nestjs } = s.providers(await s.token('ta01'));
    await expect(graphql.getList({ resource: 'pushAlertTemplates', meta: { gqlQuery: LIST } })).rejects.toThrow('[GraphQL] 이 작업을 할 권한이 없습니다');
    await expect(graphql.create({ resource: 'pushAlertTemplates', variables: { title: '조교 템플릿', category: '일반', body: '본문' }, meta: { gqlMutation: CREATE } })).rejects.toThrow('[GraphQL] 이 작업을 할 권한이 없습니다');
    await expect(graphql.update({ resource: 'pushAlertTemplates', id: 1, variables: { title: '바꿈' }, meta: { gqlMutation: UPDATE } })).rejects.toThrow('권한이 없습니다');
    await expect(graphql.deleteMany!({ resource: 'pushAlertTemplates', ids: [1, 2], meta: { gqlMutation: DELETE_MANY } })).rejects.toThrow('권한이 없습니다');
    await expect(nestjs.deleteOne({ resource: 'pushAlertTemplates', id: 1 })).rejects.toThrow('권한이 없습니다');
    const reply = await s.post({ query: 'mutation { createOnePushAlertTemplate(input: { pushAlertTemplate: { title: "x", category: "일반", body: "y" } }) { id } }' }, await s.token('ta01'));
    expect(reply.json.errors?.[0]?.extensions?.code).toBe('auth.forbidden');
    expect(await countTemplates(s.t)).toBe(templateCount);
    const { graphql: asAdmin } = s.providers(await s.token('admin'));
    const titles = (await asAdmin.getList({ resource: 'pushAlertTemplates', pagination: { mode: 'off' }, meta: { gqlQuery: LIST } })).data.map((r) => r.title);
    expect(titles.filter((x) => ['조교 템플릿', '바꿈', 'x'].includes(String(x)))).toEqual([]);
  });

  it('a student and a signed-out visitor get nothing', async () => {
    const student = await s.post({ query: '{ pushAlertTemplates { nodes { id } totalCount } }' }, await s.token('student01'));
    expect(student.json.data).toBeNull();
    expect(student.json.errors?.[0]?.extensions?.code).toBe('auth.forbidden');
    const anon = await s.post({ query: '{ pushAlertTemplates { totalCount } }' });
    // 401, like the REST API: the web client refreshes once, then signs out.
    expect(anon.status).toBe(401);
    expect(anon.json.errors?.[0]?.extensions?.code).toBe('auth.required');
    const one = await s.post({ query: '{ pushAlertTemplate(id: 1) { id body } }' }, await s.token('student01'));
    expect(one.json.errors?.[0]?.extensions?.code).toBe('auth.forbidden');
  });
});

describe('users: admins read all, a TA the students and their own account, a student only their own row', () => {
  it('staff list accounts without any password data, searchable by name and phone digits', async () => {
    const { graphql } = s.providers(await s.token('ta01'));
    const all = await graphql.getList({ resource: 'users', pagination: { pageSize: 5, currentPage: 1 }, meta: { gqlQuery: USERS } });
    const [students] = await s.t.ctx.db.select({ n: count() }).from(userAccounts).where(and(isNull(userAccounts.deletedAt), eq(userAccounts.userType, 'STUDENT')));
    expect(all.total).toBe(students!.n + 1);
    expect(all.data).toHaveLength(5);
    expect(Object.keys(all.data[0]!).sort()).toEqual(['createdAt', 'id', 'isActive', 'loginId', 'name', 'phone', 'userType']);

    const byPhone = await graphql.getList({ resource: 'users', filters: [{ field: 'search', operator: 'contains', value: '5555-0001' }], meta: { gqlQuery: USERS } });
    expect(byPhone.data.map((u) => u.loginId)).toEqual(['student01']);
    const byName = await graphql.getList({ resource: 'users', filters: [{ field: 'search', operator: 'contains', value: '박조' }], meta: { gqlQuery: USERS } });
    expect(byName.data.map((u) => u.loginId)).toEqual(['ta01']);
    // Other staff members' login ids and phones are what find-password asks for (issue 34 item 1):
    // a TA sees only their own staff account; an admin sees them all.
    const tas = await graphql.getList({ resource: 'users', filters: [{ field: 'userType', operator: 'in', value: ['TA', 'ADMIN'] }], pagination: { mode: 'off' }, meta: { gqlQuery: USERS } });
    expect(tas.data.map((u) => u.loginId)).toEqual(['ta01']);
    const asManager = s.providers(await s.token('manager')).graphql;
    const staff = await asManager.getList({ resource: 'users', filters: [{ field: 'userType', operator: 'eq', value: 'TA' }], pagination: { mode: 'off' }, meta: { gqlQuery: USERS } });
    expect(staff.data.map((u) => u.loginId).sort()).toEqual(['manager', 'ta01', 'ta02', 'ta03', 'ta04']);

    const schema = await s.post({ query: '{ __type(name: "User") { fields { name } } }' }, await s.token('ta01'));
    const fields = (schema.json.data?.__type as { fields: { name: string }[] }).fields.map((f) => f.name);
    expect(fields).not.toContain('passwordHash');
  });

  it('a student sees exactly one account, their own, whatever the filter', async () => {
    const token = await s.token('student01');
    const { graphql } = s.providers(token);
    const mine = await graphql.getList({ resource: 'users', pagination: { mode: 'off' }, meta: { gqlQuery: USERS } });
    expect(mine.total).toBe(1);
    expect(mine.data.map((u) => u.loginId)).toEqual(['student01']);

    const other = s.accounts.get('student02')!;
    const byId = await graphql.getList({ resource: 'users', filters: [{ field: 'id', operator: 'eq', value: other!.id }], meta: { gqlQuery: USERS } });
    expect(byId.total).toBe(0);
    const orTrick = await graphql.getList({ resource: 'users', meta: { gqlQuery: USERS, gqlVariables: { filter: { or: [{ id: { eq: String(other!.id) } }, { loginId: { like: '%' } }] } } } });
    expect(orTrick.data.map((u) => u.loginId)).toEqual(['student01']);
    await expect(graphql.getOne({ resource: 'users', id: other!.id, meta: { gqlQuery: USER } })).rejects.toThrow(`Unable to find User with id: ${other!.id}`);
  });

  it('users has no mutations', async () => {
    const r = await s.post({ query: 'mutation { deleteOneUser(input: { id: 1 }) { id } }' }, await s.token('admin'));
    expect(r.status).toBe(400);
    expect(r.json.errors?.[0]?.extensions?.code).toBe('graphql.validation_failed');
  });
});

describe('limits', () => {
  it('non-admins page at most MAX_PAGE_SIZE rows; admins are not capped', async () => {
    const ta = await s.post({ query: `{ users(paging: { limit: ${MAX_PAGE_SIZE + 1} }) { totalCount } }` }, await s.token('ta01'));
    expect(ta.json.errors?.[0]).toMatchObject({ extensions: { code: 'validation.invalid', field: 'paging.limit' } });
    expect(ta.json.errors?.[0]?.message).toMatch(/한 번에 최대/);
    const taAll = await s.post({ query: '{ users(paging: { limit: 2147483647 }) { totalCount nodes { id } } }' }, await s.token('ta01'));
    expect(taAll.json.errors).toBeUndefined();
    const admin = await s.post({ query: `{ users(paging: { limit: ${MAX_PAGE_SIZE + 1} }) { totalCount } }` }, await s.token('admin'));
    expect(admin.json.errors).toBeUndefined();
  });

  it('introspection only for signed-in staff', async () => {
    const q = { query: '{ __schema { queryType { name } } }' };
    expect((await s.post(q)).json.errors?.[0]?.extensions?.code).toBe('auth.introspection_forbidden');
    expect((await s.post(q, await s.token('student01'))).json.errors?.[0]?.extensions?.code).toBe('auth.introspection_forbidden');
    expect((await s.post(q, await s.token('ta01'))).json.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    // __typename is not introspection: urql adds it to every selection.
    expect((await s.post({ query: '{ __typename me }' }, await s.token('student01'))).json.data).toEqual({ __typename: 'Query', me: 'student01' });
  });

  it('too deep, too wide and too many root fields are refused', async () => {
    const admin = await s.token('admin');
    const deep = await s.post({ query: '{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } }' }, admin);
    expect(deep.status).toBe(400);
    expect(deep.json.errors?.[0]?.message).toMatch(/depth/i);
    const aliases = Array.from({ length: 11 }, (_, i) => `a${i}: pushAlertTemplates { totalCount }`).join(' ');
    const wide = await s.post({ query: `{ ${aliases} }` }, admin);
    expect(wide.json.errors?.[0]?.extensions?.code).toBe('graphql.too_costly');
    const fields = Array.from({ length: 450 }, (_, i) => `f${i}: id`).join(' ');
    const costly = await s.post({ query: `{ pushAlertTemplates { nodes { ${fields} } } }` }, admin);
    expect(costly.json.errors?.[0]?.extensions?.code).toBe('graphql.too_costly');
  });

  it('counts the whole document: fragments and inline fragments, filter terms in variables and literals, list sizes (issue 34 item 9)', async () => {
    const student = await s.token('student01');
    const refused = async (body: { query: string; variables?: unknown }) => {
      const r = await s.post(body, student);
      expect(r.status).toBe(400);
      expect(r.json.errors?.[0]?.extensions?.code).toBe('graphql.too_costly');
      expect(r.json.errors?.[0]?.message).toMatch(/[가-힣]/);
      return r.json.errors![0]!.message;
    };
    // 130 list queries hidden in fragments and inline fragments, at the root.
    const aliases = Array.from({ length: 13 }, (_, i) => `a${i}: users { totalCount }`).join(' ');
    const fragments = Array.from({ length: 10 }, (_, i) => `fragment F${i} on Query { ${aliases} }`).join('\n');
    expect(await refused({ query: `query { ${Array.from({ length: 10 }, (_, i) => `...F${i}`).join(' ')} }\n${fragments}` })).toContain(`최대 10개`);
    expect(await refused({ query: `{ ... on Query { ${aliases} } }` })).toContain(`최대 10개`);
    // A student's 35,000-term \`or\`, in variables and nested in and/or: refused before any SQL is built.
    const wide = { or: Array.from({ length: 35_000 }, (_, i) => ({ id: { eq: String(i + 1) } })) };
    const query = 'query($f: UserFilter!) { users(filter: $f) { totalCount } }';
    expect(await refused({ query, variables: { f: wide } })).toContain('조건과 값이 너무 많습니다');
    const nested = { or: wide.or.slice(0, 2500) };
    expect(await refused({ query, variables: { f: { and: [{ or: [{ isActive: { is: true } }, { and: [nested] }] }] } } })).toContain('조건과 값이 너무 많습니다');
    let deep: Record<string, unknown> = { id: { eq: '1' } };
    for (let i = 0; i < 40; i++) deep = { and: [deep] };
    expect(await refused({ query, variables: { f: deep } })).toContain('깊게');
    // The same through a fragment spread's arguments, in a literal.
    const literal = `{ ...L } fragment L on Query { users(filter: { or: [{ id: { in: [${Array.from({ length: 2100 }, (_, i) => i + 1).join(', ')}] } }] }) { totalCount } }`;
    expect(await refused({ query: literal })).toContain('조건과 값이 너무 많습니다');
    // Rows × fields: ten full pages of a wide list in one request.
    const row = 'id loginId name phone userType isActive createdAt';
    expect(await refused({ query: `{ ${Array.from({ length: 10 }, (_, i) => `l${i}: users(paging: { limit: 1000 }) { nodes { ${row} } }`).join(' ')} }` })).toContain('행');
    // A grid's page and a refine filter with a few terms still run.
    const ok = await s.post({ query, variables: { f: { or: [{ id: { eq: '1' } }, { loginId: { iLike: '%stu%' } }], and: [{ isActive: { is: true } }] } } }, student);
    expect(ok.status).toBe(200);
    expect(ok.json.data).toEqual({ users: { totalCount: 1 } });
  });

  it('a stale token answers HTTP 401 so the client refreshes', async () => {
    const r = await s.post({ query: '{ me }' }, 'not-a-token');
    expect(r.status).toBe(401);
    expect(r.json.errors?.[0]?.extensions?.code).toBe('auth.token_invalid');
  });
});
