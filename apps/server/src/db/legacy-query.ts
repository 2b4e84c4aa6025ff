import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * TEMPORARY bridge for areas still being moved to typed queries: runs a `$1`-parameterised text
 * statement through the database handle (so it joins the caller's transaction). Delete once no
 * module uses it.
 */
export async function legacyQuery<T = Record<string, unknown>>(db: DbOrTx, text: string, params: unknown[] = []): Promise<T[]> {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`));
  const result = (await db.execute(sql.join(chunks, sql``))) as unknown as { rows: T[] };
  return result.rows;
}
