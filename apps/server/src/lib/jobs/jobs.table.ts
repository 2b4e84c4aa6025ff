import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who is running which job right now (src/lib/jobs): one row per running job, written by the
 * instance that took it and renewed while it runs. A row that stops being renewed means its
 * instance died; the sweeper of any other instance hands the job to a live one.
 */
export const jobLeases = pgTable(
  'job_leases',
  {
    /** pg-boss's job id (pgboss.job.id). */
    jobId: uuid('job_id').primaryKey(),
    queue: text('queue').notNull(),
    /** The instance running it: `host/pid/random`, one per process. */
    holder: text('holder').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** The database's clock (now()), so instances with skewed clocks agree. */
    renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('job_leases_renewed_at_idx').on(t.renewedAt)],
);
