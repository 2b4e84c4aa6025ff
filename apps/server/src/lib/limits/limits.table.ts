import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The counters of every attempt limit (src/lib/limits): one row per rule and subject (a client
 * address, a login id, an account …). `attempts` counts the attempts claimed since the row last
 * started afresh; none may start before `nextAt`; after `expiresAt` the row starts afresh.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    rule: text('rule').notNull(),
    subject: text('subject').notNull(),
    attempts: integer('attempts').notNull(),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.rule, t.subject] }), index('rate_limits_expires_at_idx').on(t.expiresAt)],
);
