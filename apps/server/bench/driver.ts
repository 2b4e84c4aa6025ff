import pg from 'pg';
import type { Db } from '../src/db/client.ts';
import { legacyQuery } from '../src/db/legacy-query.ts';

/**
 * Text SQL straight to the database, for the benchmarks' "bare driver" baselines and fixtures:
 * its own pg pool on PostgreSQL (no layer of ours in between), the app's handle on PGlite.
 */
export type Driver = {
  query: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
};

export function createDriver(opts: { url: string | undefined; db: Db }): Driver {
  if (!opts.url) return { query: (text, params) => legacyQuery(opts.db, text, params), close: async () => {} };
  const pool = new pg.Pool({ connectionString: opts.url, max: 40 });
  return {
    query: async <T,>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
    close: () => pool.end(),
  };
}
