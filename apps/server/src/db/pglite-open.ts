import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Memory a sort or hash may use before it spills to temporary files. PostgreSQL's 4 MB is sized for
 * a server with many connections; PGlite has exactly one session, so one query may take more. At
 * 4 MB the attendance grid's per-student aggregation (300 students × 40 sessions) spilled 44 batches
 * to pgsql_tmp on every call in PGlite (72 ms, of which most was writing and removing temporary
 * files), where PostgreSQL kept it in memory (8 ms): issue 17.
 */
const WORK_MEM = '32MB';

/** Parsers the app sets over PGlite's: BIGINT (counts, sums) as a number, as node-postgres does here (db/client.ts). */
export const PGLITE_PARSERS = { 20: (v: string) => Number.parseInt(v, 10) };

/**
 * The embedded database as the app uses it, on the request thread or in its worker (pglite.worker.ts).
 * `loadDataDir`: a file written from `dumpDataDir()` to start an in-memory database from (the
 * tests' migrated template, test/global-setup.ts), instead of an empty cluster.
 */
export async function createPglite(dataDir: string | undefined, loadDataDir?: string): Promise<PGlite> {
  const loaded = loadDataDir ? new Blob([await readFile(loadDataDir)]) : undefined;
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm }, parsers: PGLITE_PARSERS, ...(loaded ? { loadDataDir: loaded } : {}) });
  await db.exec(`set work_mem = '${WORK_MEM}'`);
  return db;
}
