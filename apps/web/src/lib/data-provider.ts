import type { BaseRecord, CrudFilter, CrudSort, DataProvider } from '@refinedev/core';
import createGraphqlDataProvider from '@refinedev/graphql';
import type { DocumentNode } from 'graphql';
import { Client, cacheExchange, fetchExchange, makeOperation, mapExchange } from '@urql/core';
import { sessionFetch } from './http.ts';
import { changeCount } from './resource-changes.ts';
import './session.ts';

/** SPEC §9: the GraphQL endpoint. */
export const GQL_URL = '/api/gql';

const MUTATION_FIELD = /^(?:createOne|createMany|updateOne|updateMany|deleteOne|deleteMany)([A-Z]\w*)$/;

/**
 * urql's document cache drops cached queries only for typenames a mutation returns, and
 * updateMany/deleteMany return counts. Every generated mutation is named after its resource
 * (`deleteManyPushAlertTemplates`), so name the resource's types for the cache ourselves.
 */
const invalidateResourceTypes = mapExchange({
  onOperation(op) {
    if (op.kind !== 'mutation') return op;
    const typenames = new Set(op.context.additionalTypenames ?? []);
    for (const def of 'definitions' in op.query ? op.query.definitions : []) {
      if (def.kind !== 'OperationDefinition') continue;
      for (const sel of def.selectionSet.selections) {
        const m = sel.kind === 'Field' ? MUTATION_FIELD.exec(sel.name.value) : null;
        if (!m) continue;
        const type = m[1]!.endsWith('s') ? m[1]!.slice(0, -1) : m[1]!;
        typenames.add(type).add(`${type}Connection`);
      }
    }
    return makeOperation(op.kind, op, { ...op.context, additionalTypenames: [...typenames] });
  },
});

/** The change count each cached query document last went to the server at. */
const fetchedAt = new Map<number, number>();

/**
 * Most writes go through REST, which urql's document cache cannot see. When the app marks a
 * resource changed, the next query of that resource's list or record (root field `examTemplates`
 * or `examTemplate`) goes to the server once instead of answering from the cache.
 */
const refetchChangedResources = mapExchange({
  onOperation(op) {
    if (op.kind !== 'query') return op;
    let change = 0;
    for (const def of 'definitions' in op.query ? op.query.definitions : []) {
      if (def.kind !== 'OperationDefinition') continue;
      for (const sel of def.selectionSet.selections) {
        if (sel.kind === 'Field') change = Math.max(change, changeCount(sel.name.value), changeCount(`${sel.name.value}s`));
      }
    }
    if (change === 0 || (fetchedAt.get(op.key) ?? 0) >= change) return op;
    fetchedAt.set(op.key, change);
    return makeOperation(op.kind, op, { ...op.context, requestPolicy: 'network-only' });
  },
});

export const gqlClient = new Client({
  url: GQL_URL,
  exchanges: [invalidateResourceTypes, refetchChangedResources, cacheExchange, fetchExchange],
  // SPEC §9: cache-first; queries go as GET while the URL stays within 2,047 characters, else POST.
  requestPolicy: 'cache-first',
  preferGetMethod: 'within-url-limit',
  // The same path as every REST call: bearer token, one refresh-and-retry on 401, disconnect toast.
  fetch: (input, init) => sessionFetch(String(input), init),
});

/**
 * refine's GraphQL data provider over urql, unchanged: its errors read `[Network] …`,
 * `[GraphQL] a, b`, `[Code] Operation is required.`, and its list filters drop empty arrays,
 * non-finite numbers and nulls, with `between` needing two values (SPEC §5, §8).
 */
export const dataProvider: Required<DataProvider> = createGraphqlDataProvider(gqlClient);

export type ListParams = {
  resource: string;
  query: DocumentNode;
  filters?: CrudFilter[];
  sorters?: CrudSort[];
  pagination?: { currentPage: number; pageSize: number } | { mode: 'off' };
};

/** Query keys of the data layer: every list and record of a resource sits under ['gql', resource]. */
export const gqlKeys = {
  resource: (resource: string) => ['gql', resource] as const,
  list: (p: Omit<ListParams, 'query'>) => ['gql', p.resource, 'list', p.filters ?? [], p.sorters ?? [], p.pagination ?? null] as const,
};

export async function getList<T extends BaseRecord>(p: ListParams): Promise<{ data: T[]; total: number }> {
  const pagination = p.pagination && 'mode' in p.pagination ? { mode: 'off' as const } : { mode: 'server' as const, ...p.pagination };
  const r = await dataProvider.getList<T>({ resource: p.resource, filters: p.filters, sorters: p.sorters, pagination, meta: { gqlQuery: p.query } });
  return { data: r.data, total: r.total };
}
