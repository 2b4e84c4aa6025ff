import type { CrudFilter, CrudSort, DataProvider } from '@refinedev/core';
import gql from 'graphql-tag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { auditLogs } from '../../lib/audit/audit.table.ts';
import { clearTemplates } from '../../modules/push-alert-templates/push-alert-templates.testkit.ts';
import { startGqlServer, type GqlTestServer } from './graphql.testkit.ts';

/**
 * refine's own data providers, unchanged, against the running app: everything the CRM grids and
 * forms send must work (ARCHITECTURE.md "The GraphQL data layer contract").
 */

type Template = { id: string; title: string; category: string; body: string; isActive: boolean; createdAt: string; updatedAt: string };

const FIXTURE = [
  { title: '결석 안내 A', category: '출결', body: '#{이름} 학생 결석', isActive: true },
  { title: '지각 안내', category: '출결', body: '#{이름} 학생 지각', isActive: false },
  { title: '성적 안내', category: '성적', body: '#{이름} #{점수}점', isActive: true },
  { title: '클리닉 예약', category: '클리닉', body: '예약 링크 #{링크}', isActive: true },
  { title: '상담 확정', category: '상담', body: 'abc ABC', isActive: false },
  { title: 'Notice', category: '일반', body: 'Hello World', isActive: true },
];

const FIELDS = ['id', 'title', 'category', 'body', 'isActive', 'createdAt', 'updatedAt'];

const LIST = gql`
  query PushAlertTemplates($filter: PushAlertTemplateFilter!, $sorting: [PushAlertTemplateSort!]!, $paging: OffsetPaging!) {
    pushAlertTemplates(filter: $filter, sorting: $sorting, paging: $paging) {
      nodes { id title category body isActive createdAt updatedAt }
      totalCount
    }
  }
`;
// getMany sends only `filter`, so its document declares only that variable.
const MANY = gql`query ManyPushAlertTemplates($filter: PushAlertTemplateFilter!) { pushAlertTemplates(filter: $filter) { nodes { id title isActive } } }`;
const ONE = gql`query PushAlertTemplate($id: ID!) { pushAlertTemplate(id: $id) { id title category body isActive createdAt updatedAt } }`;
const CREATE = gql`mutation CreateOne($input: CreateOnePushAlertTemplateInput!) { createOnePushAlertTemplate(input: $input) { id title category body isActive } }`;
const CREATE_MANY = gql`mutation CreateMany($input: CreateManyPushAlertTemplatesInput!) { createManyPushAlertTemplates(input: $input) { id title } }`;
const UPDATE = gql`mutation UpdateOne($input: UpdateOnePushAlertTemplateInput!) { updateOnePushAlertTemplate(input: $input) { id title body updatedAt } }`;
const UPDATE_MANY = gql`mutation UpdateMany($input: UpdateManyPushAlertTemplatesInput!) { updateManyPushAlertTemplates(input: $input) { updatedCount } }`;
const DELETE = gql`mutation DeleteOne($input: DeleteOnePushAlertTemplateInput!) { deleteOnePushAlertTemplate(input: $input) { id title } }`;
const DELETE_MANY = gql`mutation DeleteMany($input: DeleteManyPushAlertTemplatesInput!) { deleteManyPushAlertTemplates(input: $input) { deletedCount } }`;

let s: GqlTestServer;
let graphql: Required<DataProvider>;
let nestjs: Required<DataProvider>;
let rows: Template[];
const byTitle = (title: string) => rows.find((r) => r.title === title)!;
const titles = (list: readonly Record<string, unknown>[]) => list.map((r) => r.title);

beforeAll(async () => {
  s = await startGqlServer();
  // A known set of rows: the demo templates go, the fixture comes in through refine's createMany.
  await clearTemplates(s.t);
  ({ graphql, nestjs } = s.providers(await s.token('admin')));
  const created = await nestjs.createMany({ resource: 'pushAlertTemplates', variables: FIXTURE, meta: { fields: FIELDS } });
  rows = created.data as Template[];
}, 180_000);

afterAll(async () => {
  await s?.close();
});

/** Runs the same list request through both providers and checks they agree. */
async function list(opts: { filters?: CrudFilter[]; sorters?: CrudSort[]; pagination?: { currentPage?: number; pageSize?: number; mode?: 'server' | 'off' | 'client' } }) {
  const sorters = opts.sorters ?? [{ field: 'id', order: 'asc' }];
  const viaGraphql = await graphql.getList({ resource: 'pushAlertTemplates', filters: opts.filters, sorters, pagination: opts.pagination ?? { mode: 'off' }, meta: { gqlQuery: LIST } });
  const viaNestjs = await nestjs.getList({ resource: 'pushAlertTemplates', filters: opts.filters, sorters, pagination: opts.pagination ?? { mode: 'off' }, meta: { fields: FIELDS } });
  expect(viaNestjs.data).toEqual(viaGraphql.data);
  expect(viaNestjs.total).toBe(viaGraphql.total);
  return viaGraphql;
}

describe('getList filters: every operator refine maps', () => {
  const all = () => FIXTURE.map((f) => f.title);
  const except = (...t: string[]) => all().filter((x) => !t.includes(x));
  const id = (title: string) => byTitle(title).id;
  const cases: { name: string; filters: () => CrudFilter[]; expected: () => string[] }[] = [
    { name: 'eq', filters: () => [{ field: 'category', operator: 'eq', value: '출결' }], expected: () => ['결석 안내 A', '지각 안내'] },
    { name: 'ne → neq', filters: () => [{ field: 'category', operator: 'ne', value: '출결' }], expected: () => except('결석 안내 A', '지각 안내') },
    { name: 'lt on id', filters: () => [{ field: 'id', operator: 'lt', value: id('성적 안내') }], expected: () => ['결석 안내 A', '지각 안내'] },
    { name: 'lte on id', filters: () => [{ field: 'id', operator: 'lte', value: id('성적 안내') }], expected: () => ['결석 안내 A', '지각 안내', '성적 안내'] },
    { name: 'gt on id', filters: () => [{ field: 'id', operator: 'gt', value: id('클리닉 예약') }], expected: () => ['상담 확정', 'Notice'] },
    { name: 'gte on id', filters: () => [{ field: 'id', operator: 'gte', value: id('클리닉 예약') }], expected: () => ['클리닉 예약', '상담 확정', 'Notice'] },
    { name: 'in', filters: () => [{ field: 'category', operator: 'in', value: ['성적', '상담'] }], expected: () => ['성적 안내', '상담 확정'] },
    { name: 'nin → notIn', filters: () => [{ field: 'category', operator: 'nin', value: ['성적', '상담'] }], expected: () => except('성적 안내', '상담 확정') },
    { name: 'in on ids', filters: () => [{ field: 'id', operator: 'in', value: [id('Notice'), id('지각 안내')] }], expected: () => ['지각 안내', 'Notice'] },
    { name: 'contains → iLike', filters: () => [{ field: 'title', operator: 'contains', value: 'OTIC' }], expected: () => ['Notice'] },
    { name: 'ncontains → notILike', filters: () => [{ field: 'title', operator: 'ncontains', value: '안내' }], expected: () => ['클리닉 예약', '상담 확정', 'Notice'] },
    { name: 'containss → like (case-sensitive)', filters: () => [{ field: 'body', operator: 'containss', value: 'ABC' }], expected: () => ['상담 확정'] },
    { name: 'containss misses other case', filters: () => [{ field: 'title', operator: 'containss', value: 'OTIC' }], expected: () => [] },
    { name: 'ncontainss → notLike', filters: () => [{ field: 'body', operator: 'ncontainss', value: '#{이름}' }], expected: () => ['클리닉 예약', '상담 확정', 'Notice'] },
    { name: 'startswith → iLike v%', filters: () => [{ field: 'title', operator: 'startswith', value: 'notice' }], expected: () => ['Notice'] },
    { name: 'nstartswith', filters: () => [{ field: 'title', operator: 'nstartswith', value: '결석' }], expected: () => except('결석 안내 A') },
    { name: 'startswiths', filters: () => [{ field: 'title', operator: 'startswiths', value: 'notice' }], expected: () => [] },
    { name: 'nstartswiths', filters: () => [{ field: 'title', operator: 'nstartswiths', value: 'Notice' }], expected: () => except('Notice') },
    { name: 'endswith → iLike %v', filters: () => [{ field: 'title', operator: 'endswith', value: '안내' }], expected: () => ['지각 안내', '성적 안내'] },
    { name: 'nendswith', filters: () => [{ field: 'title', operator: 'nendswith', value: '안내' }], expected: () => except('지각 안내', '성적 안내') },
    { name: 'endswiths', filters: () => [{ field: 'body', operator: 'endswiths', value: 'World' }], expected: () => ['Notice'] },
    { name: 'nendswiths', filters: () => [{ field: 'body', operator: 'nendswiths', value: 'world' }], expected: () => all() },
    { name: 'null → is null', filters: () => [{ field: 'title', operator: 'null', value: true }], expected: () => [] },
    { name: 'nnull → isNot null', filters: () => [{ field: 'title', operator: 'nnull', value: true }], expected: () => all() },
    { name: 'between on id', filters: () => [{ field: 'id', operator: 'between', value: [id('지각 안내'), id('클리닉 예약')] }], expected: () => ['지각 안내', '성적 안내', '클리닉 예약'] },
    { name: 'nbetween → notBetween', filters: () => [{ field: 'id', operator: 'nbetween', value: [id('지각 안내'), id('클리닉 예약')] }], expected: () => ['결석 안내 A', '상담 확정', 'Notice'] },
    { name: 'between with one element is dropped (SPEC §5)', filters: () => [{ field: 'id', operator: 'between', value: [id('지각 안내')] }], expected: () => all() },
    { name: 'eq on a boolean', filters: () => [{ field: 'isActive', operator: 'eq', value: false }], expected: () => ['지각 안내', '상담 확정'] },
    { name: 'between on timestamps', filters: () => [{ field: 'createdAt', operator: 'between', value: ['2000-01-01T00:00:00Z', '2999-01-01T00:00:00Z'] }], expected: () => all() },
    { name: 'empty arrays, non-finite numbers and nulls are dropped', filters: () => [{ field: 'category', operator: 'in', value: [] }, { field: 'id', operator: 'eq', value: Number.NaN }, { field: 'title', operator: 'eq', value: null }], expected: () => all() },
    { name: 'two fields are ANDed', filters: () => [{ field: 'category', operator: 'eq', value: '출결' }, { field: 'isActive', operator: 'eq', value: true }], expected: () => ['결석 안내 A'] },
    {
      name: 'and',
      filters: () => [{ operator: 'and', value: [{ field: 'title', operator: 'contains', value: '안내' }, { field: 'isActive', operator: 'eq', value: true }] }],
      expected: () => ['결석 안내 A', '성적 안내'],
    },
    {
      // refine sends `or: [{…both fields…}]`: one branch holding both conditions.
      name: 'or',
      filters: () => [{ operator: 'or', value: [{ field: 'category', operator: 'eq', value: '상담' }, { field: 'isActive', operator: 'eq', value: false }] }],
      expected: () => ['상담 확정'],
    },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const r = await list({ filters: c.filters() });
      expect(titles(r.data)).toEqual(c.expected());
      expect(r.total).toBe(c.expected().length);
    });
  }

  it('nested and/or and several operators in one field (ORed) through meta.gqlVariables', async () => {
    const filter = {
      or: [
        { category: { eq: '출결', in: ['상담'] } },
        { and: [{ category: { eq: '성적' } }, { isActive: { is: true } }] },
        { and: [{ title: { like: 'N%' } }, { isActive: { isNot: false } }] },
      ],
    };
    const r = await graphql.getList({ resource: 'pushAlertTemplates', sorters: [{ field: 'id', order: 'asc' }], pagination: { mode: 'off' }, meta: { gqlQuery: LIST, gqlVariables: { filter } } });
    expect(titles(r.data)).toEqual(['결석 안내 A', '지각 안내', '성적 안내', '상담 확정', 'Notice']);
  });

  it('`is: false` and an empty filter', async () => {
    const off = await graphql.getList({ resource: 'pushAlertTemplates', sorters: [{ field: 'id', order: 'asc' }], meta: { gqlQuery: LIST, gqlVariables: { filter: { isActive: { is: false } } } } });
    expect(titles(off.data)).toEqual(['지각 안내', '상담 확정']);
    const none = await graphql.getList({ resource: 'pushAlertTemplates', meta: { gqlQuery: LIST, gqlVariables: { filter: {} } } });
    expect(none.total).toBe(FIXTURE.length);
  });
});

describe('getList sorting and paging', () => {
  it('sorts by several fields with directions', async () => {
    const r = await list({ sorters: [{ field: 'isActive', order: 'asc' }, { field: 'id', order: 'desc' }] });
    const expected = [...rows].sort((a, b) => Number(a.isActive) - Number(b.isActive) || Number(b.id) - Number(a.id));
    expect(titles(r.data)).toEqual(titles(expected));
  });

  it('sorts text ascending and descending', async () => {
    const asc = await list({ sorters: [{ field: 'title', order: 'asc' }] });
    expect(titles(asc.data)).toEqual(['Notice', '결석 안내 A', '상담 확정', '성적 안내', '지각 안내', '클리닉 예약']);
    const desc = await list({ sorters: [{ field: 'title', order: 'desc' }] });
    expect(titles(desc.data)).toEqual([...titles(asc.data)].reverse());
  });

  it('accepts the nulls option', async () => {
    const r = await graphql.getList({ resource: 'pushAlertTemplates', meta: { gqlQuery: LIST, gqlVariables: { sorting: [{ field: 'title', direction: 'DESC', nulls: 'NULLS_LAST' }] } } });
    expect(r.data[0]!.title).toBe('클리닉 예약');
  });

  it('pages with server paging (default page size 10, first page 1) and counts every match', async () => {
    const p2 = await list({ pagination: { currentPage: 2, pageSize: 2, mode: 'server' } });
    expect(titles(p2.data)).toEqual(['성적 안내', '클리닉 예약']);
    expect(p2.total).toBe(6);
    const p4 = await list({ pagination: { currentPage: 4, pageSize: 2, mode: 'server' } });
    expect(p4.data).toEqual([]);
    expect(p4.total).toBe(6);
    const first = await graphql.getList({ resource: 'pushAlertTemplates', sorters: [{ field: 'id', order: 'asc' }], meta: { gqlQuery: LIST } });
    expect(first.data).toHaveLength(6);
  });

  it('paging off (limit 2147483647) and no paging at all return every row', async () => {
    const off = await list({ pagination: { mode: 'off' } });
    expect(off.data).toHaveLength(6);
    // nestjs-query's provider sends no paging in client mode.
    const client = await nestjs.getList({ resource: 'pushAlertTemplates', pagination: { mode: 'client' }, meta: { fields: ['id'] } });
    expect(client.data).toHaveLength(6);
    expect(client.total).toBe(6);
  });
});

describe('one-record and write operations', () => {
  it('getOne and getMany', async () => {
    const target = byTitle('성적 안내');
    const one = await graphql.getOne({ resource: 'pushAlertTemplates', id: target.id, meta: { gqlQuery: ONE } });
    expect(one.data).toMatchObject({ id: target.id, title: '성적 안내', category: '성적', isActive: true });
    const viaNest = await nestjs.getOne({ resource: 'pushAlertTemplates', id: target.id, meta: { fields: FIELDS } });
    expect(viaNest.data).toEqual(one.data);
    // useForm passes only the mutation: the provider turns it into the one-record query.
    const fromMutation = await graphql.getOne({ resource: 'pushAlertTemplates', id: target.id, meta: { gqlMutation: UPDATE } });
    expect(fromMutation.data).toMatchObject({ id: target.id, title: '성적 안내' });

    const ids = [byTitle('Notice').id, byTitle('지각 안내').id];
    const many = await graphql.getMany!({ resource: 'pushAlertTemplates', ids, meta: { gqlQuery: MANY } });
    expect(titles(many.data).sort()).toEqual(['Notice', '지각 안내'].sort());
    const manyNest = await nestjs.getMany!({ resource: 'pushAlertTemplates', ids, meta: { fields: ['id', 'title'] } });
    expect(manyNest.data).toHaveLength(2);
  });

  it('getOne of an unknown id says so', async () => {
    await expect(graphql.getOne({ resource: 'pushAlertTemplates', id: 999999, meta: { gqlQuery: ONE } })).rejects.toThrow('[GraphQL] Unable to find PushAlertTemplate with id: 999999');
    await expect(nestjs.getOne({ resource: 'pushAlertTemplates', id: 999999, meta: { fields: ['id'] } })).rejects.toThrow('Unable to find PushAlertTemplate with id: 999999');
  });

  it('create, update, delete through @refinedev/graphql', async () => {
    const created = await graphql.create({ resource: 'pushAlertTemplates', variables: { title: '보강 안내', category: '일반', body: '#{이름} 학생 보강은 #{날짜}입니다' }, meta: { gqlMutation: CREATE } });
    expect(created.data).toMatchObject({ title: '보강 안내', category: '일반', isActive: true });
    const id = created.data.id as string;

    s.t.clock.advance(60_000);
    const updated = await graphql.update({ resource: 'pushAlertTemplates', id, variables: { title: '보강 일정 안내' }, meta: { gqlMutation: UPDATE } });
    expect(updated.data).toMatchObject({ id, title: '보강 일정 안내', body: '#{이름} 학생 보강은 #{날짜}입니다' });
    const after = await graphql.getOne({ resource: 'pushAlertTemplates', id, meta: { gqlQuery: ONE } });
    expect(new Date(after.data.updatedAt as string).getTime()).toBeGreaterThan(new Date(after.data.createdAt as string).getTime());

    const deleted = await graphql.deleteOne({ resource: 'pushAlertTemplates', id, meta: { gqlMutation: DELETE } });
    expect(deleted.data).toMatchObject({ id, title: '보강 일정 안내' });
    await expect(graphql.getOne({ resource: 'pushAlertTemplates', id, meta: { gqlQuery: ONE } })).rejects.toThrow(`Unable to find PushAlertTemplate with id: ${id}`);

    const audit = await s.t.ctx.db.select({ action: auditLogs.action }).from(auditLogs).where(and(eq(auditLogs.entity, 'pushAlertTemplates'), eq(auditLogs.entityId, String(id)))).orderBy(asc(auditLogs.id));
    expect(audit.map((a) => a.action)).toEqual(['pushAlertTemplates.create', 'pushAlertTemplates.update', 'pushAlertTemplates.delete']);
  });

  it('createMany, updateMany, deleteMany through @refinedev/graphql', async () => {
    const made = await graphql.createMany!({
      resource: 'pushAlertTemplates',
      variables: [
        { title: '임시 1', category: '일반', body: '하나' },
        { title: '임시 2', category: '일반', body: '둘', isActive: false },
      ],
      meta: { gqlMutation: CREATE_MANY },
    });
    expect(titles(made.data)).toEqual(['임시 1', '임시 2']);
    const ids = made.data.map((r) => r.id as string);

    const upd = await graphql.updateMany!({ resource: 'pushAlertTemplates', ids, variables: { isActive: true }, meta: { gqlMutation: UPDATE_MANY } });
    expect(upd.data).toEqual(ids.map((id) => ({ id })));
    const check = await graphql.getMany!({ resource: 'pushAlertTemplates', ids, meta: { gqlQuery: MANY } });
    expect(check.data.map((r) => r.isActive)).toEqual([true, true]);

    await graphql.deleteMany!({ resource: 'pushAlertTemplates', ids, meta: { gqlMutation: DELETE_MANY } });
    const gone = await graphql.getMany!({ resource: 'pushAlertTemplates', ids, meta: { gqlQuery: MANY } });
    expect(gone.data).toEqual([]);
  });

  it('create, createMany, update, updateMany, deleteOne, deleteMany through @refinedev/nestjs-query', async () => {
    const one = await nestjs.create({ resource: 'pushAlertTemplates', variables: { title: 'N 하나', category: '상담', body: '상담 #{시간}' }, meta: { fields: FIELDS } });
    expect(one.data).toMatchObject({ title: 'N 하나', category: '상담', isActive: true });
    const many = await nestjs.createMany!({ resource: 'pushAlertTemplates', variables: [{ title: 'N 둘', category: '상담', body: '둘' }, { title: 'N 셋', category: '상담', body: '셋' }], meta: { fields: ['id', 'title'] } });
    const ids = [one.data.id as string, ...many.data.map((r) => r.id as string)];

    const upd = await nestjs.update({ resource: 'pushAlertTemplates', id: ids[0]!, variables: { body: '바뀐 본문' }, meta: { fields: ['id', 'body'] } });
    expect(upd.data).toEqual({ id: ids[0], body: '바뀐 본문' });
    const updMany = await nestjs.updateMany!({ resource: 'pushAlertTemplates', ids: ids.slice(1), variables: { category: '클리닉' }, meta: { fields: ['id', 'category'] } });
    expect(updMany.data.map((r) => r.category)).toEqual(['클리닉', '클리닉']);

    const del = await nestjs.deleteOne({ resource: 'pushAlertTemplates', id: ids[0]!, meta: {} });
    expect(del.data).toEqual({ id: ids[0] });
    await nestjs.deleteMany!({ resource: 'pushAlertTemplates', ids: ids.slice(1) });
    const left = await nestjs.getMany!({ resource: 'pushAlertTemplates', ids, meta: { fields: ['id'] } });
    expect(left.data).toEqual([]);
  });

  it('validation errors name the field, in Korean', async () => {
    await expect(graphql.create({ resource: 'pushAlertTemplates', variables: { title: '', category: '출결', body: '본문' }, meta: { gqlMutation: CREATE } })).rejects.toThrow('[GraphQL] 제목을 입력해 주세요');
    await expect(graphql.create({ resource: 'pushAlertTemplates', variables: { title: '제목', category: '기타', body: '본문' }, meta: { gqlMutation: CREATE } })).rejects.toThrow(/\[GraphQL\] 분류는/);
    await expect(graphql.update({ resource: 'pushAlertTemplates', id: rows[0]!.id, variables: { body: '가'.repeat(1001) }, meta: { gqlMutation: UPDATE } })).rejects.toThrow(/\[GraphQL\] 내용은 2,000바이트/);
    const unchanged = await graphql.getOne({ resource: 'pushAlertTemplates', id: rows[0]!.id, meta: { gqlQuery: ONE } });
    expect(unchanged.data.body).toBe(rows[0]!.body);
  });

  it('custom query through both providers', async () => {
    const viaGraphql = await graphql.custom!({ url: '', method: 'post', meta: { gqlQuery: gql`query { me }` } });
    expect(viaGraphql.data).toEqual({ me: 'admin' });
    const viaNestjs = await nestjs.custom!({ url: '', method: 'post', meta: { rawQuery: 'query Count { pushAlertTemplates(filter: { category: { eq: "출결" } }) { totalCount } }' } });
    expect(viaNestjs.data).toEqual({ pushAlertTemplates: { totalCount: 2 } });
    expect(() => graphql.getApiUrl()).toThrow('[Code] Not implemented on refine-graphql data provider.');
  });

  it('queries over GET, as urql sends them with preferGetMethod', async () => {
    const query = '{ pushAlertTemplates(filter: { category: { eq: "성적" } }) { nodes { title } totalCount } }';
    const res = await fetch(`${s.url}?query=${encodeURIComponent(query)}`, { headers: { authorization: `Bearer ${await s.token('admin')}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { pushAlertTemplates: { nodes: [{ title: '성적 안내' }], totalCount: 1 } } });
  });
});
