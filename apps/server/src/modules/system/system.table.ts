import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Client-side errors posted by the web app (SPEC §8: a render error sends an error log). */
export const errorLogs = pgTable(
  'error_logs',
  {
    id: serial('id').primaryKey(),
    message: text('message').notNull(),
    stack: text('stack'),
    url: text('url'),
    clientTimestamp: text('client_timestamp'),
    userAgent: text('user_agent'),
    userId: integer('user_id'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('error_logs_created_idx').on(t.createdAt)],
);
