import { hasPermission } from '@academy/contracts/roles';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type {
  GraphQLFieldConfig,
  GraphQLFieldConfigMap,
  GraphQLInputFieldConfigMap,
  GraphQLInputObjectType as InputObjectType,
  GraphQLInputType,
  GraphQLOutputType,
  GraphQLResolveInfo,
  GraphQLSchema as Schema,
  SelectionSetNode,
} from 'graphql';
import { graphql } from './graphql-js.ts';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { readTogether, type DbOrTx } from '../../db/client.ts';
import { selectRows } from '../../db/sql.ts';
import { recordAudit } from '../../lib/audit/audit.ts';
import type { AuthUser } from '../auth.ts';
import { gqlError, invalid, notAllowed, signInRequired } from './errors.ts';
import type { ResourceDef, ScalarKind, SortSpec } from './registry.ts';
import {
  filterToSql,
  frag,
  fromFor,
  idIn,
  idIs,
  idParam,
  mapRow,
  Param,
  runnable,
  selectList,
  sortToSql,
  statement,
  validPaging,
  whereFor,
  type FilterInput,
  type Frag,
  type Paging,
  type Statement,
} from './sql.ts';

const {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLError,
  GraphQLFloat,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
  Kind,
} = graphql;

/** What every resolver gets: the app's services and the signed-in user. */
export type GqlContext = { appContext: AppContext; user: AuthUser | null };

/** Non-admins read at most this many rows per request; admins may page freely. */
export const MAX_PAGE_SIZE = 1000;

const DateTime = new GraphQLScalarType({
  name: 'DateTime',
  description: 'ISO 8601 시각 (예: 2026-11-21T09:00:00.000Z)',
  serialize: (v) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString()),
  parseValue: (v) => parseDate(v),
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new GraphQLError('DateTime 값은 ISO 8601 문자열이어야 합니다');
    return parseDate(ast.value);
  },
});

function parseDate(v: unknown): Date {
  const d = typeof v === 'string' || typeof v === 'number' ? new Date(v) : null;
  if (!d || Number.isNaN(d.getTime())) throw new GraphQLError('DateTime 값은 ISO 8601 문자열이어야 합니다 (예: 2026-11-21T09:00:00Z)');
  return d;
}

const SCALARS: Record<ScalarKind, InstanceType<typeof GraphQLScalarType>> = {
  ID: GraphQLID,
  Int: GraphQLInt,
  Float: GraphQLFloat,
  String: GraphQLString,
  Boolean: GraphQLBoolean,
  DateTime,
};

// nestjs-query's names for the comparison inputs.
const COMPARISON_NAMES: Record<ScalarKind, string> = {
  ID: 'IDFilterComparison',
  Int: 'IntFieldComparison',
  Float: 'FloatFieldComparison',
  String: 'StringFieldComparison',
  Boolean: 'BooleanFieldComparison',
  DateTime: 'DateFieldComparison',
};

const SortDirection = new GraphQLEnumType({ name: 'SortDirection', values: { ASC: { value: 'ASC' }, DESC: { value: 'DESC' } } });
const SortNulls = new GraphQLEnumType({ name: 'SortNulls', values: { NULLS_FIRST: { value: 'NULLS_FIRST' }, NULLS_LAST: { value: 'NULLS_LAST' } } });
const OffsetPaging = new GraphQLInputObjectType({
  name: 'OffsetPaging',
  description: 'limit 2147483647 또는 paging 생략 = 전체',
  fields: { limit: { type: GraphQLInt }, offset: { type: GraphQLInt } },
});
const UpdateManyResponse = new GraphQLObjectType({ name: 'UpdateManyResponse', fields: { updatedCount: { type: new GraphQLNonNull(GraphQLInt) } } });
const DeleteManyResponse = new GraphQLObjectType({ name: 'DeleteManyResponse', fields: { deletedCount: { type: new GraphQLNonNull(GraphQLInt) } } });

const nn = <T extends GraphQLInputType | GraphQLOutputType>(t: T) => new GraphQLNonNull(t);
const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const comparisons = new Map<ScalarKind, InputObjectType>();
function comparisonType(kind: ScalarKind): InputObjectType {
  let t = comparisons.get(kind);
  if (t) return t;
  const scalar = SCALARS[kind];
  const between = new GraphQLInputObjectType({
    name: `${COMPARISON_NAMES[kind]}Between`,
    fields: { lower: { type: nn(scalar) }, upper: { type: nn(scalar) } },
  });
  t = new GraphQLInputObjectType({
    name: COMPARISON_NAMES[kind],
    fields: {
      is: { type: GraphQLBoolean },
      isNot: { type: GraphQLBoolean },
      eq: { type: scalar },
      neq: { type: scalar },
      gt: { type: scalar },
      gte: { type: scalar },
      lt: { type: scalar },
      lte: { type: scalar },
      like: { type: GraphQLString },
      notLike: { type: GraphQLString },
      iLike: { type: GraphQLString },
      notILike: { type: GraphQLString },
      in: { type: new GraphQLList(nn(scalar)) },
      notIn: { type: new GraphQLList(nn(scalar)) },
      between: { type: between },
      notBetween: { type: between },
    },
  });
  comparisons.set(kind, t);
  return t;
}

/** Top-level field names the client selected under a field (fragments included). */
function selected(info: GraphQLResolveInfo): Set<string> {
  const names = new Set<string>();
  const walk = (set: SelectionSetNode | undefined) => {
    for (const s of set?.selections ?? []) {
      if (s.kind === Kind.FIELD) names.add(s.name.value);
      else if (s.kind === Kind.INLINE_FRAGMENT) walk(s.selectionSet);
      else walk(info.fragments[s.name.value]?.selectionSet);
    }
  };
  for (const node of info.fieldNodes) walk(node.selectionSet ?? undefined);
  return names;
}

function allow(opts: { res: ResourceDef; op: keyof ResourceDef['operations']; user: AuthUser | null }): AuthUser {
  const need = opts.res.operations[opts.op];
  if (!opts.user) throw signInRequired();
  if (!need || !hasPermission(opts.user, need)) throw notAllowed();
  return opts.user;
}

const isAdmin = (user: AuthUser) => hasPermission(user, 'ADMIN');

function parseInput(opts: { schema: z.ZodObject; value: unknown; prefix?: string }): Record<string, unknown> {
  const result = opts.schema.safeParse(opts.value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = [opts.prefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'input';
  throw invalid(field, issue.message);
}

type Rows = Record<string, unknown>[];

function stamps(table: PgTable, kind: 'create' | 'update', now: Date): Record<string, Date> {
  const cols = getTableColumns(table);
  const out: Record<string, Date> = {};
  if (kind === 'create' && 'createdAt' in cols) out.createdAt = now;
  if ('updatedAt' in cols) out.updatedAt = now;
  return out;
}

const notFoundError = (res: ResourceDef, id: unknown) =>
  gqlError({ code: `${res.name}.not_found`, message: `Unable to find ${res.typeName} with id: ${String(id)}`, status: 404 });


/**
 * The two statements of a list request: one for the page of rows, one for totalCount (each only
 * when selected). Exported for the benchmark, which sends the very same SQL straight to the driver.
 */
export function listStatements(opts: {
  res: ResourceDef;
  user: AuthUser;
  filter?: FilterInput | null;
  sorting?: SortSpec[] | null;
  paging?: Paging | null;
  nodes?: boolean;
  count?: boolean;
}): { nodes: Statement | null; count: Statement | null; uncappedAll: boolean } {
  const { res, user } = opts;
  const where = whereFor({ res, user, filter: filterToSql({ res, filter: opts.filter }) });
  const paging = validPaging(opts.paging);
  const capped = !isAdmin(user);
  if (capped && paging.limit !== null && paging.limit > MAX_PAGE_SIZE) {
    throw invalid('paging.limit', `한 번에 최대 ${MAX_PAGE_SIZE}건까지 조회할 수 있습니다`);
  }
  // "All rows" for a non-admin stops one row past the cap, so an oversized answer is refused, not cut.
  const limit = paging.limit ?? (capped ? MAX_PAGE_SIZE + 1 : null);
  const nodes = opts.nodes === false
    ? null
    : statement([
        'select ', ...selectList(res), ' from ', ...fromFor(res), ' where ', ...where, ' order by ', ...sortToSql({ res, sorting: opts.sorting }),
        ...(limit === null ? [] : [' limit ', new Param(limit)]),
        ...(paging.offset ? [' offset ', new Param(paging.offset)] : []),
      ]);
  const count = opts.count === false ? null : statement(['select count(*)::int as n from ', ...fromFor(res), ' where ', ...where]);
  return { nodes, count, uncappedAll: capped && paging.limit === null };
}

const idColumnOf = (res: ResourceDef): Frag => frag(res.idColumn);

/** The rows of a statement, in the caller's transaction if any. */
const rowsOf = <T extends Record<string, unknown> = Rows[number]>(db: Parameters<typeof selectRows>[0], f: Frag | Statement): Promise<T[]> =>
  selectRows<T>(db, runnable(f));

/** A page and its total, sent together where the database allows (db/client.ts readTogether); either may be left out. */
async function readBoth(db: DbOrTx, nodes: Statement | null | undefined, count: Statement | null | undefined): Promise<[Rows, { n: number }[]]> {
  const wanted = [nodes, count].filter((s): s is Statement => !!s);
  const together = wanted.length > 1 ? readTogether(db, wanted) : null;
  if (together) {
    const [a, b] = await together;
    return [a as Rows, b as { n: number }[]];
  }
  return Promise.all([nodes ? rowsOf(db, nodes) : [], count ? rowsOf<{ n: number }>(db, count) : []]);
}

/** Builds one resource's types, queries and mutations. */
function resourceFields(res: ResourceDef): { query: GraphQLFieldConfigMap<unknown, GqlContext>; mutation: GraphQLFieldConfigMap<unknown, GqlContext> } {
  const T = res.typeName;
  const Plural = pascal(res.name);
  const objectType = new GraphQLObjectType({
    name: T,
    description: res.description,
    fields: Object.fromEntries(
      Object.entries(res.fields).map(([name, f]) => [name, { type: f.nullable ? SCALARS[f.type] : nn(SCALARS[f.type]), description: f.description }]),
    ),
  });

  const relationTypes = Object.fromEntries(
    Object.entries(res.relationFilters ?? {}).map(([name, rel]) => [
      name,
      new GraphQLInputObjectType({
        name: `${T}${pascal(name)}Filter`,
        description: rel.description,
        fields: Object.fromEntries(Object.entries(rel.fields).map(([k, f]) => [k, { type: comparisonType(f.type), description: f.description }])),
      }),
    ]),
  );
  const filterType: InputObjectType = new GraphQLInputObjectType({
    name: `${T}Filter`,
    fields: (): GraphQLInputFieldConfigMap => ({
      and: { type: new GraphQLList(nn(filterType)) },
      or: { type: new GraphQLList(nn(filterType)) },
      ...Object.fromEntries(
        Object.entries(res.fields)
          .filter(([, f]) => f.filterable)
          .map(([name, f]) => [name, { type: comparisonType(f.type), description: f.description }]),
      ),
      ...Object.fromEntries(Object.entries(res.virtualFilters ?? {}).map(([name, v]) => [name, { type: comparisonType(v.type), description: v.description }])),
      ...Object.fromEntries(Object.entries(relationTypes).map(([name, t]) => [name, { type: t }])),
    }),
  });
  const sortable = Object.keys(res.fields).filter((k) => res.fields[k]!.sortable);
  const sortFields = new GraphQLEnumType({ name: `${T}SortFields`, values: Object.fromEntries(sortable.map((k) => [k, { value: k }])) });
  const sortType = new GraphQLInputObjectType({
    name: `${T}Sort`,
    fields: { field: { type: nn(sortFields) }, direction: { type: nn(SortDirection) }, nulls: { type: SortNulls } },
  });
  const connection = new GraphQLObjectType({
    name: `${T}Connection`,
    fields: { nodes: { type: nn(new GraphQLList(nn(objectType))) }, totalCount: { type: nn(GraphQLInt) } },
  });

  async function readOne(c: GqlContext, user: AuthUser, id: unknown): Promise<Record<string, unknown>> {
    const key = idParam({ res, id, path: 'id' });
    const where = whereFor({ res, user, filter: idIs(res, key) });
    const [row] = await rowsOf(c.appContext.db, ['select ', ...selectList(res), ' from ', ...fromFor(res), ' where ', ...where, ' limit 1']);
    if (!row) throw notFoundError(res, id);
    return mapRow(res, row);
  }

  async function readByIds(c: GqlContext, user: AuthUser, ids: unknown[]): Promise<Record<string, unknown>[]> {
    if (ids.length === 0) return [];
    const where = whereFor({ res, user, filter: idIn(res, ids) });
    return (await rowsOf(c.appContext.db, ['select ', ...selectList(res), ' from ', ...fromFor(res), ' where ', ...where, ' order by ', ...idColumnOf(res)])).map((r) => mapRow(res, r));
  }

  const list: GraphQLFieldConfig<unknown, GqlContext, { filter?: FilterInput; sorting?: SortSpec[]; paging?: Paging }> = {
    type: nn(connection),
    description: res.description,
    args: {
      filter: { type: nn(filterType), defaultValue: {} },
      sorting: { type: nn(new GraphQLList(nn(sortType))), defaultValue: [] },
      paging: { type: nn(OffsetPaging), defaultValue: {} },
    },
    resolve: async (_root, args, c, info) => {
      const user = allow({ res, op: 'read', user: c.user });
      const want = selected(info);
      const list = listStatements({ res, user, filter: args.filter, sorting: args.sorting, paging: args.paging, nodes: want.has('nodes'), count: want.has('totalCount') });
      const [rows, counted] = await readBoth(c.appContext.db, list.nodes, list.count);
      if (list.uncappedAll && rows.length > MAX_PAGE_SIZE) {
        throw invalid('paging', `조회 결과가 ${MAX_PAGE_SIZE}건을 넘습니다. 필터를 좁히거나 페이지로 나누어 조회해 주세요`);
      }
      return { nodes: rows.map((r) => mapRow(res, r)), totalCount: counted[0]?.n ?? 0 };
    },
  };

  const query: GraphQLFieldConfigMap<unknown, GqlContext> = {
    [res.name]: list as GraphQLFieldConfig<unknown, GqlContext>,
    [res.singular]: {
      type: nn(objectType),
      args: { id: { type: nn(GraphQLID) } },
      resolve: async (_root, args: { id: string }, c) => readOne(c, allow({ res, op: 'read', user: c.user }), args.id),
    },
  };

  const mutation: GraphQLFieldConfigMap<unknown, GqlContext> = {};
  const writeInput = (kind: 'create' | 'update'): InputObjectType | null => {
    const schema = res.write?.[kind];
    if (!schema) return null;
    return new GraphQLInputObjectType({
      name: `${pascal(kind)}${T}Input`,
      // Every field is optional here so that the zod schema, not GraphQL, names what is missing (in Korean).
      fields: Object.fromEntries(
        Object.keys(schema.shape).map((k) => {
          const f = res.fields[k];
          if (!f) throw new Error(`resource ${res.name}: write field ${k} is not an exposed field`);
          return [k, { type: SCALARS[f.type], description: f.description }];
        }),
      ),
    });
  };
  const table = res.table;
  const audit = (action: string) => `${res.name}.${action}`;
  const filterOf = (input: { filter?: FilterInput }, user: AuthUser) => {
    const filter = filterToSql({ res, filter: input.filter, path: 'input.filter' });
    // An empty filter would touch every row: refine never sends one, so it is refused.
    if (!filter) throw invalid('input.filter', '대상을 고르는 조건이 필요합니다');
    return whereFor({ res, user, filter });
  };

  const createInput = res.operations.create ? writeInput('create') : null;
  if (createInput && res.write?.create) {
    const schema = res.write.create;
    const insert = async (c: GqlContext, user: AuthUser, values: Record<string, unknown>[]) => {
      const now = c.appContext.now();
      const ids = await c.appContext.db.transaction(async (tx) => {
        const inserted = (await tx
          .insert(table)
          .values(values.map((v) => ({ ...v, ...stamps(table, 'create', now) })) as never)
          .returning({ id: res.idColumn })) as { id: unknown }[];
        await recordAudit(tx, inserted.map((r, i) => ({ actorId: user.userId, action: audit('create'), entity: res.name, entityId: r.id as number, after: values[i] })));
        return inserted.map((r) => r.id);
      });
      return readByIds(c, user, ids);
    };
    mutation[`createOne${T}`] = {
      type: nn(objectType),
      args: { input: { type: nn(new GraphQLInputObjectType({ name: `CreateOne${T}Input`, fields: { [res.singular]: { type: nn(createInput) } } })) } },
      resolve: async (_root, args: { input: Record<string, unknown> }, c) => {
        const user = allow({ res, op: 'create', user: c.user });
        const [row] = await insert(c, user, [parseInput({ schema, value: args.input[res.singular] })]);
        return row;
      },
    };
    mutation[`createMany${Plural}`] = {
      type: nn(new GraphQLList(nn(objectType))),
      args: { input: { type: nn(new GraphQLInputObjectType({ name: `CreateMany${Plural}Input`, fields: { [res.name]: { type: nn(new GraphQLList(nn(createInput))) } } })) } },
      resolve: async (_root, args: { input: Record<string, unknown[]> }, c) => {
        const user = allow({ res, op: 'create', user: c.user });
        const items = args.input[res.name] ?? [];
        if (items.length === 0) return [];
        if (items.length > MAX_PAGE_SIZE) throw invalid(`input.${res.name}`, `한 번에 최대 ${MAX_PAGE_SIZE}건까지 만들 수 있습니다`);
        const values = items.map((v, i) => parseInput({ schema, value: v, prefix: items.length > 1 ? `${res.name}.${i}` : undefined }));
        return insert(c, user, values);
      },
    };
  }

  const updateInput = res.operations.update ? writeInput('update') : null;
  if (updateInput && res.write?.update) {
    const schema = res.write.update;
    mutation[`updateOne${T}`] = {
      type: nn(objectType),
      args: { input: { type: nn(new GraphQLInputObjectType({ name: `UpdateOne${T}Input`, fields: { id: { type: nn(GraphQLID) }, update: { type: nn(updateInput) } } })) } },
      resolve: async (_root, args: { input: { id: string; update: unknown } }, c) => {
        const user = allow({ res, op: 'update', user: c.user });
        const values = parseInput({ schema, value: args.input.update });
        const key = idParam({ res, id: args.input.id, path: 'input.id' });
        await c.appContext.db.transaction(async (tx) => {
          const [before] = await rowsOf(tx, ['select ', ...selectList(res), ' from ', ...fromFor(res), ' where ', ...whereFor({ res, user, filter: idIs(res, key) }), ' for update']);
          if (!before) throw notFoundError(res, args.input.id);
          await tx.update(table).set({ ...values, ...stamps(table, 'update', c.appContext.now()) } as never).where(sql`${res.idColumn} = ${key}`);
          await recordAudit(tx, { actorId: user.userId, action: audit('update'), entity: res.name, entityId: key as number, before, after: values });
        });
        return readOne(c, user, args.input.id);
      },
    };
    mutation[`updateMany${Plural}`] = {
      type: nn(UpdateManyResponse),
      args: { input: { type: nn(new GraphQLInputObjectType({ name: `UpdateMany${Plural}Input`, fields: { filter: { type: nn(filterType) }, update: { type: nn(updateInput) } } })) } },
      resolve: async (_root, args: { input: { filter: FilterInput; update: unknown } }, c) => {
        const user = allow({ res, op: 'update', user: c.user });
        const values = parseInput({ schema, value: args.input.update });
        const where = filterOf(args.input, user);
        const updatedCount = await c.appContext.db.transaction(async (tx) => {
          const before = await rowsOf(tx, ['select ', ...selectList(res), ' from ', ...fromFor(res), ' where ', ...where, ' order by ', ...idColumnOf(res), ' for update']);
          if (before.length === 0) return 0;
          const ids = before.map((r) => r.id);
          await tx.update(table).set({ ...values, ...stamps(table, 'update', c.appContext.now()) } as never).where(sql`${res.idColumn} in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
          await recordAudit(tx, before.map((b) => ({ actorId: user.userId, action: audit('update'), entity: res.name, entityId: b.id as number, before: b, after: values })));
          return before.length;
        });
        return { updatedCount };
      },
    };
  }

  if (res.operations.delete) {
    const deleteResponse = new GraphQLObjectType({
      name: `${T}DeleteResponse`,
      fields: Object.fromEntries(Object.entries(res.fields).map(([name, f]) => [name, { type: SCALARS[f.type], description: f.description }])),
    });
    mutation[`deleteOne${T}`] = {
      type: nn(deleteResponse),
      args: { input: { type: nn(new GraphQLInputObjectType({ name: `DeleteOne${T}Input`, fields: { id: { type: nn(GraphQLID) } } })) } },
      resolve: async (_root, args: { input: { id: string } }, c) => {
        const user = allow({ res, op: 'delete', user: c.user });
        const key = idParam({ res, id: args.input.id, path: 'input.id' });
        return c.appContext.db.transaction(async (tx) => {
          const [before] = await rowsOf(tx, ['select ', ...selectList(res), ' from ', ...fromFor(res), ' where ', ...whereFor({ res, user, filter: idIs(res, key) }), ' for update']);
          if (!before) throw notFoundError(res, args.input.id);
          await tx.delete(table).where(sql`${res.idColumn} = ${key}`);
          await recordAudit(tx, { actorId: user.userId, action: audit('delete'), entity: res.name, entityId: key as number, before });
          return mapRow(res, before);
        });
      },
    };
    mutation[`deleteMany${Plural}`] = {
      type: nn(DeleteManyResponse),
      args: { input: { type: nn(new GraphQLInputObjectType({ name: `DeleteMany${Plural}Input`, fields: { filter: { type: nn(filterType) } } })) } },
      resolve: async (_root, args: { input: { filter: FilterInput } }, c) => {
        const user = allow({ res, op: 'delete', user: c.user });
        const where = filterOf(args.input, user);
        const deletedCount = await c.appContext.db.transaction(async (tx) => {
          const before = await rowsOf(tx, ['select ', ...selectList(res), ' from ', ...fromFor(res), ' where ', ...where, ' order by ', ...idColumnOf(res), ' for update']);
          if (before.length === 0) return 0;
          await tx.delete(table).where(sql`${res.idColumn} in (${sql.join(before.map((b) => sql`${b.id}`), sql`, `)})`);
          await recordAudit(tx, before.map((b) => ({ actorId: user.userId, action: audit('delete'), entity: res.name, entityId: b.id as number, before: b })));
          return before.length;
        });
        return { deletedCount };
      },
    };
  }

  return { query, mutation };
}

export function buildSchema(resources: ResourceDef[]): Schema {
  const query: GraphQLFieldConfigMap<unknown, GqlContext> = {
    me: {
      type: GraphQLString,
      description: '로그인한 사용자의 loginId (로그인하지 않았으면 null)',
      resolve: (_root, _args, c) => c.user?.loginId ?? null,
    },
  };
  const mutation: GraphQLFieldConfigMap<unknown, GqlContext> = {};
  for (const res of resources) {
    const f = resourceFields(res);
    Object.assign(query, f.query);
    Object.assign(mutation, f.mutation);
  }
  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: query }),
    mutation: Object.keys(mutation).length > 0 ? new GraphQLObjectType({ name: 'Mutation', fields: mutation }) : undefined,
  });
}
