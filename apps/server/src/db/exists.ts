import { and, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PgTable, PgView } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/**
 * Which of these ids have no row (under an optional condition): the one "these ids exist" rule.
 * Owners wrap it in their own `require…` with their error code; the order of `ids` is kept.
 */
export async function missingIds(db: DbOrTx, opts: { from: PgTable | PgView; id: AnyPgColumn; ids: readonly number[]; where?: SQL }): Promise<number[]> {
  const unique = [...new Set(opts.ids)];
  if (unique.length === 0) return [];
  const rows = (await db
    .select({ id: opts.id })
    .from(opts.from as PgTable)
    .where(and(inArray(opts.id, unique), opts.where))) as { id: number }[];
  const found = new Set(rows.map((r) => r.id));
  return unique.filter((id) => !found.has(id));
}
