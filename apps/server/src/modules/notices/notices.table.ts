import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Singleton notices by key: `crm` (staff notice, TA landing page) and `clinic` (shown when booking). */
export const notices = pgTable('notices', {
  key: text('key', { enum: ['crm', 'clinic'] }).primaryKey(),
  content: text('content').notNull().default(''),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
