import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Events pushed to open screens, kept a short while so a client that reconnects gets what it
 * missed. Written in the transaction of the change they describe; NOTIFY fires on commit.
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('realtime_events_topic_idx').on(t.topic, t.id), index('realtime_events_created_idx').on(t.createdAt)],
);
