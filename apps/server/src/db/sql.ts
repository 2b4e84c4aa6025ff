import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * Rows of a `sql` template, for the statements the query builder cannot express (DISTINCT ON,
 * array aggregates, UPDATE … FROM). Write the columns through the table objects
 * (`${weeklyLectures.date}`) so a renamed column fails to compile, and name every selected
 * expression with `as` so the row type below matches it.
 */
export async function selectRows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
