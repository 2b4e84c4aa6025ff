import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTemplates } from '../../modules/push-alert-templates/push-alert-templates.testkit.ts';
import { startGqlServer, type GqlTestServer } from './graphql.testkit.ts';

/** Whatever a client sends, /api/gql answers a GraphQL error with a code, never a 500 or a crash. */

let s: GqlTestServer;
let admin: string;

beforeAll(async () => {
  s = await startGqlServer();
  admin = await s.token('admin');
}, 180_000);

afterAll(async () => {
  await s?.close();
});

const LIST = 'query($filter: PushAlertTemplateFilter!, $sorting: [PushAlertTemplateSort!]!, $paging: OffsetPaging!) { pushAlertTemplates(filter: $filter, sorting: $sorting, paging: $paging) { nodes { id } totalCount } }';

describe('malformed requests', () => {
  const cases: { name: string; body: unknown; code: string; message?: RegExp }[] = [
    { name: 'syntax error', body: { query: '{ pushAlertTemplates { nodes { id }' }, code: 'graphql.parse_failed', message: /Syntax Error/ },
    { name: 'unknown field', body: { query: '{ pushAlertTemplates { nodes { password } } }' }, code: 'graphql.validation_failed', message: /password/ },
    { name: 'unknown operation', body: { query: '{ dropEverything }' }, code: 'graphql.validation_failed' },
    { name: 'no query at all', body: { variables: {} }, code: 'graphql.validation_failed' },
    { name: 'query of the wrong type', body: { query: 42 }, code: 'graphql.validation_failed' },
    { name: 'wrong variable type (object for ID)', body: { query: 'query($id: ID!) { pushAlertTemplate(id: $id) { id } }', variables: { id: { a: 1 } } }, code: 'graphql.validation_failed', message: /\$id/ },
    { name: 'wrong variable type (string for Int)', body: { query: LIST, variables: { filter: {}, sorting: [], paging: { limit: 'ten' } } }, code: 'graphql.validation_failed', message: /limit/ },
    { name: 'unknown sort field', body: { query: LIST, variables: { filter: {}, sorting: [{ field: 'body', direction: 'ASC' }], paging: {} } }, code: 'graphql.validation_failed', message: /body/ },
    { name: 'lower-case direction', body: { query: LIST, variables: { filter: {}, sorting: [{ field: 'id', direction: 'asc' }], paging: {} } }, code: 'graphql.validation_failed' },
    { name: 'unknown filter field', body: { query: LIST, variables: { filter: { secret: { eq: 1 } }, sorting: [], paging: {} } }, code: 'graphql.validation_failed', message: /secret/ },
    { name: 'unknown operator', body: { query: LIST, variables: { filter: { title: { regex: '.*' } }, sorting: [], paging: {} } }, code: 'graphql.validation_failed', message: /regex/ },
    { name: 'between without upper', body: { query: LIST, variables: { filter: { id: { between: { lower: 1 } } }, sorting: [], paging: {} } }, code: 'graphql.validation_failed', message: /upper/ },
    { name: 'missing required variable', body: { query: LIST, variables: {} }, code: 'graphql.validation_failed' },
    { name: 'variables not an object', body: { query: LIST, variables: 'x' }, code: 'graphql.validation_failed' },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const r = await s.post(c.body, admin);
      expect(r.status).toBeGreaterThanOrEqual(200);
      expect(r.status).toBeLessThan(500);
      expect(r.json.errors?.[0]?.extensions?.code).toBe(c.code);
      if (c.message) expect(r.json.errors?.[0]?.message).toMatch(c.message);
    });
  }

  it('a body that is not JSON', async () => {
    const r = await s.post('{"query": ', admin);
    expect(r.status).toBe(400);
    expect(r.json.errors?.[0]?.extensions?.code).toBe('request.invalid_json');
  });

  it('a mutation over GET is refused', async () => {
    const q = encodeURIComponent('mutation { deleteManyPushAlertTemplates(input: { filter: { id: { gt: 0 } } }) { deletedCount } }');
    const res = await fetch(`${s.url}?query=${q}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(405);
    expect(await countTemplates(s.t)).toBeGreaterThan(0);
  });
});

describe('values the resolvers check, with the field named', () => {
  const cases: { name: string; body: unknown; field: string; message: RegExp }[] = [
    { name: 'non-numeric id', body: { query: '{ pushAlertTemplate(id: "abc") { id } }' }, field: 'id', message: /^대상: 숫자 ID여야 합니다/ },
    { name: 'non-numeric id in a filter', body: { query: LIST, variables: { filter: { id: { in: ['1', 'x'] } }, sorting: [], paging: {} } }, field: 'filter.id.in.1', message: /숫자 ID/ },
    { name: 'bad date in a filter', body: { query: LIST, variables: { filter: { createdAt: { gt: 'yesterday' } }, sorting: [], paging: {} } }, field: '', message: /DateTime/ },
    { name: 'negative limit', body: { query: LIST, variables: { filter: {}, sorting: [], paging: { limit: -1 } } }, field: 'paging.limit', message: /^목록 가져올 개수: 0 이상/ },
    { name: 'negative offset', body: { query: LIST, variables: { filter: {}, sorting: [], paging: { offset: -5 } } }, field: 'paging.offset', message: /^목록 건너뛸 개수: / },
    { name: 'deleteMany with an empty filter', body: { query: 'mutation { deleteManyPushAlertTemplates(input: { filter: {} }) { deletedCount } }' }, field: 'input.filter', message: /대상을 고르는 조건/ },
    { name: 'updateMany with an empty filter', body: { query: 'mutation { updateManyPushAlertTemplates(input: { filter: { or: [] }, update: { isActive: false } }) { updatedCount } }' }, field: 'input.filter', message: /대상을 고르는 조건/ },
    { name: 'create without a body', body: { query: 'mutation { createOnePushAlertTemplate(input: { pushAlertTemplate: { title: "t", category: "일반" } }) { id } }' }, field: 'body', message: /^내용: 필수 입력 항목입니다/ },
    { name: 'update with a null title', body: { query: 'mutation { updateOnePushAlertTemplate(input: { id: 1, update: { title: null } }) { id } }' }, field: 'title', message: /^제목: / },
    { name: 'update of an unknown id', body: { query: 'mutation { updateOnePushAlertTemplate(input: { id: 424242, update: { title: "x" } }) { id } }' }, field: '', message: /^Unable to find PushAlertTemplate with id: 424242$/ },
    { name: 'delete of an unknown id', body: { query: 'mutation { deleteOnePushAlertTemplate(input: { id: 424242 }) { id } }' }, field: '', message: /^Unable to find PushAlertTemplate with id: 424242$/ },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const r = await s.post(c.body, admin);
      expect(r.status).toBeLessThan(500);
      const err = r.json.errors?.[0];
      expect(err?.message).toMatch(c.message);
      expect(typeof err?.extensions?.code).toBe('string');
      if (c.field) expect(err?.extensions).toMatchObject({ code: 'validation.invalid', field: c.field });
    });
  }

  it('not-found errors carry the resource code', async () => {
    const r = await s.post({ query: '{ pushAlertTemplate(id: 424242) { id } }' }, admin);
    expect(r.json.errors?.[0]?.extensions?.code).toBe('pushAlertTemplates.not_found');
  });

  it('the server keeps answering after all of the above', async () => {
    const r = await s.post({ query: '{ pushAlertTemplates { totalCount } }' }, admin);
    expect(r.json).toEqual({ data: { pushAlertTemplates: { totalCount: await countTemplates(s.t) } } });
  });
});
