import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../src/db/client.ts';

/**
 * Text SQL straight to the database, for the benchmarks' "bare driver" baselines and fixtures:
 * its own pg pool on PostgreSQL (no layer of ours in between), the app's handle on PGlite.
 */
export type Driver = {
  query: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
};

export function createDriver(opts: { url: string | undefined; db: Db }): Driver {
  if (!opts.url) return { query: (text, params) => textQuery(opts.db, text, params), close: async () => {} };
  const pool = new pg.Pool({ connectionString: opts.url, max: 40 });
  return {
    query: async <T,>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
    close: () => pool.end(),
  };
}

/** A `$1`-parameterised text statement through the app's handle (PGlite has no second client). */
async function textQuery<T>(db: Db, text: string, params: unknown[] = []): Promise<T[]> {
  const chunks: SQL[] = text.split(/\$(\d+)/).map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`));
  const result = (await db.execute(sql.join(chunks, sql``))) as unknown as { rows: T[] };
  return result.rows;
}
