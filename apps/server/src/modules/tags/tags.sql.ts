import type { TagSummary } from '@academy/contracts/students';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { RelationFilter } from '../../plugins/graphql/registry.ts';
import { userAccounts } from '../users/index.ts';
import { tags, userTags } from './tags.table.ts';

/**
 * SQL pieces other modules embed in their own statements to show or filter by tags without
 * reading the tag tables themselves (the students grid: one statement for a page with its tags).
 * Each takes the column holding the user id of the outer row.
 */

/**
 * Keeps the columns of a piece table-qualified wherever it lands: drizzle writes the columns of a
 * one-table select's SQL fields unqualified, which inside a sub-query would bind to the wrong table.
 */
const qualified = <T>(piece: SQL<T>): SQL<T> => sql<T>`${piece}`;

/** How many live accounts carry the tag (a deleted student keeps its tags for a restore but is not counted). */
export const userCountOf = (tagId: AnyPgColumn): SQL<number> =>
  qualified(sql<number>`(select count(*)::int from ${userTags} join ${userAccounts} on ${userAccounts.id} = ${userTags.userId} where ${userTags.tagId} = ${tagId} and ${userAccounts.deletedAt} is null)`);

export const tagSql = {
  /** The user's tags as `[{id, name, color}]` in display order, or null without tags. */
  summariesOf: (userId: AnyPgColumn): SQL<TagSummary[] | null> =>
    qualified(sql<TagSummary[] | null>`(select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color}) order by ${tags.priority}, ${tags.id})
      from ${userTags} join ${tags} on ${tags.id} = ${userTags.tagId} where ${userTags.userId} = ${userId})`),

  /** The user's tag ids in display order, comma-separated ('' without tags). */
  idsTextOf: (userId: AnyPgColumn): SQL<string> =>
    qualified(sql<string>`coalesce((select string_agg(${userTags.tagId}::text, ',' order by ${tags.priority}, ${tags.id}) from ${userTags} join ${tags} on ${tags.id} = ${userTags.tagId} where ${userTags.userId} = ${userId}), '')`),

  /** True when the user carries any of these tags. */
  hasAnyOf: (userId: AnyPgColumn, tagIds: readonly number[]): SQL =>
    qualified(sql`exists (select 1 from ${userTags} where ${userTags.userId} = ${userId} and ${userTags.tagId} = any(${sql.param([...tagIds])}::int[]))`),

  /** GraphQL relation filter `{ tags: { id: { in: [1, 2] } } }` for a resource keyed by user id. */
  relationFilter: (userId: AnyPgColumn): RelationFilter => ({
    description: '태그로 거르기: { tags: { id: { in: [1, 2] } } }',
    fields: { id: { type: 'ID', column: userTags.tagId, filterable: true } },
    exists: (cond) => sql`exists (select 1 from ${userTags} where ${userTags.userId} = ${userId} and ${cond})`,
  }),
};
