import { gql } from '@urql/core';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { gridFilterToCrud } from '../components/resource-grid.tsx';
import { dataProvider, gqlKeys } from './data-provider.ts';
import { createQueryClient } from './query-client.ts';

type Sent = { method: string; url: string; auth: string | null; body: { query?: string; variables?: Record<string, unknown> } | null };

const LIST = gql`
  query Templates($filter: PushAlertTemplateFilter!, $sorting: [PushAlertTemplateSort!]!, $paging: OffsetPaging!) {
    pushAlertTemplates(filter: $filter, sorting: $sorting, paging: $paging) { nodes { id title } totalCount }
  }
`;

let sent: Sent[];
let reply: () => Response | Promise<Response>;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sent = [];
  reply = () => json({ data: { pushAlertTemplates: { __typename: 'PushAlertTemplateConnection', nodes: [], totalCount: 0 } } });
  vi.stubGlobal('localStorage', { getItem: (k: string) => (k === 'accessToken' ? 'tok-123' : null), setItem: () => {}, removeItem: () => {} });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    const method = init?.method ?? 'GET';
    let body: Sent['body'];
    if (method === 'POST') body = JSON.parse(String(init?.body)) as Sent['body'];
    else {
      const params = new URL(url, 'http://x').searchParams;
      body = { query: params.get('query') ?? undefined, variables: JSON.parse(params.get('variables') ?? '{}') as Record<string, unknown> };
    }
    sent.push({ method, url, auth: headers.get('authorization'), body });
    return reply();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('data provider (SPEC §5, §7, §8, §9)', () => {
  test('queries go as GET with the stored bearer token, paging page 1 of 10 by default', async () => {
    await dataProvider.getList({ resource: 'pushAlertTemplates', filters: [{ field: 'title', operator: 'contains', value: '안내' }], meta: { gqlQuery: LIST } });
    expect(sent[0]!.method).toBe('GET');
    expect(sent[0]!.url.startsWith('/api/gql?')).toBe(true);
    expect(sent[0]!.auth).toBe('Bearer tok-123');
    expect(sent[0]!.body?.variables).toEqual({ filter: { title: { iLike: '%안내%' } }, sorting: [], paging: { limit: 10, offset: 0 } });
  });

  test('cache-first; invalidating a resource\'s queries (a REST write) sends its next query to the server once', async () => {
    const list = () => dataProvider.getList({ resource: 'pushAlertTemplates', filters: [{ field: 'title', operator: 'eq', value: 'cache-test' }], meta: { gqlQuery: LIST } });
    await list();
    await list();
    expect(sent).toHaveLength(1);
    const client = createQueryClient();
    client.setQueryData([...gqlKeys.resource('pushAlertTemplates'), 'list'], []);
    await client.invalidateQueries({ queryKey: gqlKeys.resource('pushAlertTemplates') });
    await list();
    expect(sent).toHaveLength(2);
    await list();
    expect(sent).toHaveLength(2);
  });

  test('a query whose URL would pass 2,047 characters goes as POST', async () => {
    const ids = Array.from({ length: 400 }, (_, i) => String(1000 + i));
    await dataProvider.getList({ resource: 'pushAlertTemplates', filters: [{ field: 'id', operator: 'in', value: ids }], meta: { gqlQuery: LIST } });
    expect(sent[0]!.method).toBe('POST');
  });

  test('list filters drop empty arrays, non-finite numbers and nulls; between needs two values; paging off is 2147483647', async () => {
    await dataProvider.getList({
      resource: 'pushAlertTemplates',
      filters: [
        { field: 'category', operator: 'in', value: [] },
        { field: 'id', operator: 'eq', value: Number.POSITIVE_INFINITY },
        { field: 'title', operator: 'eq', value: null },
        { field: 'createdAt', operator: 'between', value: ['2026-11-01'] },
        { field: 'isActive', operator: 'eq', value: true },
      ],
      pagination: { mode: 'off' },
      meta: { gqlQuery: LIST },
    });
    expect(sent[0]!.body?.variables).toEqual({ filter: { createdAt: {}, isActive: { eq: true } }, sorting: [], paging: { limit: 2147483647 } });
  });

  test('error texts: [GraphQL] joined by a comma, [Network], [Code]', async () => {
    reply = () => json({ data: null, errors: [{ message: 'a' }, { message: 'b' }] });
    await expect(dataProvider.getList({ resource: 'pushAlertTemplates', filters: [{ field: 'title', operator: 'eq', value: 'e1' }], meta: { gqlQuery: LIST } })).rejects.toThrow('[GraphQL] a, b');
    reply = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(dataProvider.getList({ resource: 'pushAlertTemplates', filters: [{ field: 'title', operator: 'eq', value: 'e2' }], meta: { gqlQuery: LIST } })).rejects.toThrow('[Network] Failed to fetch');
    await expect(dataProvider.getList({ resource: 'pushAlertTemplates' })).rejects.toThrow('[Code] Operation is required.');
    expect(() => dataProvider.getApiUrl()).toThrow('[Code] Not implemented on refine-graphql data provider.');
  });
});

describe('grid column filters as refine filters', () => {
  test('operators by column type', () => {
    expect(gridFilterToCrud({ field: 'title', operator: 'contains', value: '안내' }, 'string')).toEqual({ field: 'title', operator: 'contains', value: '안내' });
    expect(gridFilterToCrud({ field: 'n', operator: '>=', value: '3' }, 'number')).toEqual({ field: 'n', operator: 'gte', value: 3 });
    expect(gridFilterToCrud({ field: 'isActive', operator: 'is', value: 'false' }, 'boolean')).toEqual({ field: 'isActive', operator: 'eq', value: false });
    expect(gridFilterToCrud({ field: 'category', operator: 'isAnyOf', value: ['출결', '성적'] }, 'singleSelect')).toEqual({ field: 'category', operator: 'in', value: ['출결', '성적'] });
    expect(gridFilterToCrud({ field: 'phone', operator: 'isEmpty' }, 'string')).toEqual({ field: 'phone', operator: 'null', value: true });
    expect(gridFilterToCrud({ field: 'title', operator: 'contains', value: '' }, 'string')).toBeNull();
    const day = gridFilterToCrud({ field: 'updatedAt', operator: 'is', value: new Date(2026, 10, 21, 15) }, 'dateTime');
    expect(day?.operator).toBe('between');
  });
});
