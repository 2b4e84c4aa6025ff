/**
 * The resource registry of /api/gql. A resource is declared once; its GraphQL types, filter and
 * sort inputs, list/one queries and CRUD mutations (nestjs-query conventions, as refine's
 * providers send them — ARCHITECTURE.md "The GraphQL data layer contract") are generated from it.
 *
 * Declaring (`defineResource` in the area's `<area>.resource.ts`; the module's `register` hook calls
 * `registerResource(app, …)`, and buildApp mounts /api/gql after every module has registered):
 *
 *   export const studentsResource = defineResource({
 *     name: 'students', singular: 'student',          // GraphQL type name: Student
 *     table: users,                                   // the table writes go to (and the default FROM)
 *     idColumn: users.id,                             // optional: the table's `id` column by default
 *     from: sql`${users} join ${studentProfiles} on ${studentProfiles.userId} = ${users.id}`,  // optional
 *     where: sql`${users.userType} = 'STUDENT' and ${users.deletedAt} is null`,              // optional base condition
 *     fields: {                                       // exposed fields besides `id`; key = GraphQL field name
 *       name: { type: 'String', column: users.name, sortable: true, filterable: true },
 *       school: { type: 'String', column: studentProfiles.school, nullable: true, filterable: true },
 *       tagCount: { type: 'Int', column: sql`(select count(*) from …)`, sortable: true },  // any SQL expression
 *     },
 *     operations: { read: 'TA' },                     // read only; add create/update/delete: 'ADMIN' for CRUD
 *     scope: (user) => user.userType === 'STUDENT' ? sql`${users.id} = ${user.userId}` : null,  // row scope
 *     relationFilters: {                              // to-many links: filter { tags: { id: { in: [1, 2] } } }
 *       tags: {
 *         fields: { id: { type: 'ID', column: userTags.tagId } },
 *         exists: (cond) => sql`exists (select 1 from ${userTags} where ${userTags.userId} = ${users.id} and ${cond})`,
 *       },
 *     },
 *     virtualFilters: {                               // filter { search: { iLike: '%김%' } }
 *       search: { type: 'String', toSql: ({ operator, value }) => sql`…` },
 *     },
 *     write: {                                        // only with create/update operations
 *       create: z.object({ title: z.string() … }),    // keys are both field names and table column keys
 *       update: z.object({ … }).partial(),
 *     },
 *     defaultSort: [{ field: 'id', direction: 'ASC' }],
 *   });
 *
 * Rules the engine applies for you: permissions per operation (read/create/update/delete), the row
 * scope and `where` on every read and write, `createdAt`/`updatedAt` columns stamped with ctx.now(),
 * one SQL statement for the rows and one for totalCount, an audit entry per written row inside the
 * write's transaction, and the page-size limit for non-admins. Keep filterable/sortable columns
 * indexed when a grid uses them.
 */
import type { Permission } from '@academy/contracts/roles';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AuthUser } from '../auth.ts';

export type ScalarKind = 'ID' | 'Int' | 'Float' | 'String' | 'Boolean' | 'DateTime';

export const OPERATORS = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'notIn', 'like', 'notLike', 'iLike', 'notILike', 'is', 'isNot', 'between', 'notBetween',
] as const;
export type Operator = (typeof OPERATORS)[number];

export type FieldSpec = {
  type: ScalarKind;
  /** A column, or any SQL expression over the resource's FROM clause. */
  column: AnyPgColumn | SQL;
  nullable?: boolean;
  sortable?: boolean;
  filterable?: boolean;
  description?: string;
};

export type VirtualFilter = {
  type: ScalarKind;
  description?: string;
  /** SQL for one operator of the field; several operators in one field are ORed. */
  toSql: (c: { operator: Operator; value: unknown }) => SQL;
};

export type RelationFilter = {
  description?: string;
  /** Fields of the linked rows that the sub-filter may name. */
  fields: Record<string, FieldSpec>;
  /** Wraps the sub-filter's condition, usually in `exists (select 1 … and ${cond})`. */
  exists: (condition: SQL) => SQL;
};

export type SortSpec = { field: string; direction: 'ASC' | 'DESC'; nulls?: 'NULLS_FIRST' | 'NULLS_LAST' };

export type ResourceOperations = { read: Permission; create?: Permission; update?: Permission; delete?: Permission };

export type ResourceDef = {
  /** Plural camelCase name, the list query and refine's resource name, e.g. `pushAlertTemplates`. */
  name: string;
  /** Singular name, the one-record query, e.g. `pushAlertTemplate`. */
  singular: string;
  /** GraphQL object type, e.g. `PushAlertTemplate`. */
  typeName: string;
  description?: string;
  table: PgTable;
  idColumn: AnyPgColumn;
  from?: SQL;
  where?: SQL;
  fields: Record<string, FieldSpec>;
  operations: ResourceOperations;
  scope?: (user: AuthUser) => SQL | null;
  relationFilters?: Record<string, RelationFilter>;
  virtualFilters?: Record<string, VirtualFilter>;
  write?: { create?: z.ZodObject; update?: z.ZodObject };
  defaultSort?: SortSpec[];
};

export type ResourceInput = Omit<ResourceDef, 'typeName' | 'idColumn'> & {
  /** The primary key; the table's `id` column when left out. */
  idColumn?: AnyPgColumn;
};

/**
 * A resource by the conventions: the GraphQL type named after `singular` (examTemplate →
 * ExamTemplate), and an `id` field (sortable, filterable) on the id column ahead of the others.
 */
export function defineResource(input: ResourceInput): ResourceDef {
  const idColumn = input.idColumn ?? (input.table as unknown as { id?: AnyPgColumn }).id;
  if (!idColumn) throw new Error(`resource ${input.name}: the table has no "id" column; give idColumn`);
  return {
    ...input,
    typeName: input.singular[0]!.toUpperCase() + input.singular.slice(1),
    idColumn,
    fields: { id: { type: 'ID', column: idColumn, sortable: true, filterable: true }, ...input.fields },
  };
}

const registries = new WeakMap<FastifyInstance, Map<string, ResourceDef>>();

/** Declares a resource of /api/gql for this app. Call before buildApp mounts the GraphQL routes. */
export function registerResource(app: FastifyInstance, def: ResourceDef): void {
  if (!def.fields.id) throw new Error(`resource ${def.name}: an "id" field is required`);
  if ((def.operations.create || def.operations.update) && !def.write) throw new Error(`resource ${def.name}: write schemas are required for create/update`);
  let map = registries.get(app);
  if (!map) registries.set(app, (map = new Map()));
  if (map.has(def.name)) throw new Error(`resource ${def.name} registered twice`);
  map.set(def.name, def);
}

export function registeredResources(app: FastifyInstance): ResourceDef[] {
  return [...(registries.get(app)?.values() ?? [])];
}
