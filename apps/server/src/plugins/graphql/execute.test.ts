import type { GraphQLSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../auth.ts';
import { startGqlServer, type GqlTestServer } from './graphql.testkit.ts';
import { executeOperation, planFor } from './execute.ts';
import { graphql } from './graphql-js.ts';
import { registeredResources } from './registry.ts';
import { buildSchema, type GqlContext } from './schema.ts';

/**
 * The quick path of execute.ts must answer exactly what graphql-js answers, data and errors alike,
 * and must leave to graphql-js what it does not plan. Each case runs both ways on the same data.
 */

let s: GqlTestServer;
let schema: GraphQLSchema;
const users: Record<string, AuthUser> = {};

beforeAll(async () => {
  s = await startGqlServer();
  schema = buildSchema(registeredResources(s.t.app));
  const kinds = { admin: ['ADMIN', false], manager: ['TA', true], ta01: ['TA', false], student01: ['STUDENT', false] } as const;
  for (const [loginId, [userType, isAdminLevel]] of Object.entries(kinds)) users[loginId] = { userId: s.accounts.get(loginId)!.id, loginId, userType, isAdminLevel };
}, 180_000);

afterAll(async () => {
  await s?.close();
});

const LIST = `query List($filter: PushAlertTemplateFilter!, $sorting: [PushAlertTemplateSort!]!, $paging: OffsetPaging!) {
  pushAlertTemplates(filter: $filter, sorting: $sorting, paging: $paging) { nodes { id title category body isActive createdAt updatedAt } totalCount }
}`;

/** `fails`: the answer carries errors (both ways); otherwise it must be all data. */
type Case = { name: string; query: string; variables?: Record<string, unknown>; operationName?: string; as?: string; planned: boolean; fails?: true };

const cases: Case[] = [
  { name: 'a grid page with variables', query: LIST, variables: { filter: { category: { in: ['출결', '성적'] } }, sorting: [{ field: 'createdAt', direction: 'DESC' }], paging: { limit: 3, offset: 1 } }, planned: true },
  { name: 'aliases and __typename at every level', query: '{ __typename first: pushAlertTemplates(paging: { limit: 2 }) { __typename total: totalCount rows: nodes { __typename key: id title } } }', planned: true },
  { name: 'two root fields', query: '{ a: pushAlertTemplates(filter: { isActive: { is: true } }) { totalCount } b: pushAlertTemplates(sorting: [{ field: id, direction: DESC }], paging: { limit: 1 }) { nodes { id isActive } } me }', planned: true },
  { name: 'one row by id', query: 'query One($id: ID!) { pushAlertTemplate(id: $id) { id title createdAt } }', variables: { id: '1' }, planned: true },
  { name: 'nullable fields that are null', query: '{ users(paging: { limit: 3 }, sorting: [{ field: id, direction: ASC }]) { nodes { id name phone } totalCount } }', planned: true },
  { name: 'a named operation among several', query: `${LIST} query Count { pushAlertTemplates { totalCount } }`, operationName: 'Count', planned: true },
  { name: 'a resolver error (unknown id)', query: '{ pushAlertTemplate(id: 424242) { id } }', planned: true, fails: true },
  { name: 'a resolver error beside data', query: '{ me bad: pushAlertTemplate(id: "x") { id } }', planned: true, fails: true },
  { name: 'no permission (a TA reads templates)', query: '{ pushAlertTemplates { totalCount } }', as: 'ta01', planned: true, fails: true },
  { name: 'signed out', query: '{ me pushAlertTemplates { totalCount } }', as: '', planned: true, fails: true },
  { name: 'variables that do not coerce', query: LIST, variables: { filter: {}, sorting: [], paging: { limit: 'ten' } }, planned: true, fails: true },
  { name: 'a missing variable', query: LIST, variables: {}, planned: true, fails: true },
  { name: 'a fragment (left to graphql-js)', query: '{ pushAlertTemplates(paging: { limit: 2 }) { nodes { ...T } } } fragment T on PushAlertTemplate { id title }', planned: false },
  { name: 'a directive (left to graphql-js)', query: 'query($all: Boolean!) { pushAlertTemplates(paging: { limit: 2 }) { totalCount @include(if: $all) nodes { id } } }', variables: { all: false }, planned: false },
  { name: 'introspection (left to graphql-js)', query: '{ __schema { queryType { name } } }', planned: false },
  { name: 'the same key twice (left to graphql-js)', query: '{ pushAlertTemplates(paging: { limit: 1 }) { nodes { id id } } }', planned: false },
  { name: 'a mutation (left to graphql-js)', query: 'mutation { updateManyPushAlertTemplates(input: { filter: { id: { eq: 424242 } }, update: { isActive: true } }) { updatedCount } }', planned: false },
];

describe('the quick path answers what graphql-js answers', () => {
  for (const c of cases) {
    it(c.name, async () => {
      const document = graphql.parse(c.query);
      expect(graphql.validate(schema, document)).toEqual([]);
      const plans = new Map<string, unknown>();
      expect(planFor({ schema, document, plans, operationName: c.operationName }) !== null).toBe(c.planned);
      const context = (): GqlContext => ({ appContext: s.t.ctx, user: c.as === '' ? null : users[c.as ?? 'admin']! });
      const ours = await executeOperation({ schema, document, plans, operationName: c.operationName, variables: c.variables, context: context() });
      const theirs = await graphql.execute({ schema, document, operationName: c.operationName, variableValues: c.variables, contextValue: context() });
      expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs));
      expect(!!theirs.errors, JSON.stringify(theirs.errors)).toBe(!!c.fails);
    });
  }

  it('the quick path really runs: its data objects are plain, where graphql-js makes prototype-less ones', async () => {
    const document = graphql.parse('{ pushAlertTemplates(paging: { limit: 1 }) { totalCount } }');
    const ours = await executeOperation({ schema, document, plans: new Map(), context: { appContext: s.t.ctx, user: users.admin! } });
    expect(Object.getPrototypeOf(ours.data)).toBe(Object.prototype);
    const theirs = await graphql.execute({ schema, document, contextValue: { appContext: s.t.ctx, user: users.admin! } });
    expect(Object.getPrototypeOf(theirs.data)).toBeNull();
  });
});
