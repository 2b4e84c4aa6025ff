import { sql } from 'drizzle-orm';
import type { Schedule } from '../lib/jobs/jobs.ts';
import type { Db } from './client.ts';

/**
 * What autovacuum does on a PostgreSQL server, for embedded PGlite, which has none: every night
 * (04:40 Asia/Seoul, when no center is open) a VACUUM ANALYZE of the whole database. Without it
 * the rows that updates and deletes leave behind (the job queue's, attendance marks', realtime
 * events') are never reclaimed, and the planner keeps the statistics of the day the tables were
 * empty (issue 17). PostgreSQL itself needs nothing from us.
 */
export function embeddedVacuum(db: Db): Schedule {
  return { name: 'db.vacuum', cron: '40 4 * * *', run: async () => void (await db.execute(sql`vacuum (analyze)`)) };
}
