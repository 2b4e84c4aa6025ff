import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Outgoing messages. Everything that texts a person writes a row here; a sender (the SMS area)
 * delivers queued rows and records the result. Kept forever as the delivery record.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    kind: text('kind', { enum: ['SMS', 'LMS'] }).notNull(),
    purpose: text('purpose').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] }).notNull().default('queued'),
    result: text('result'),
    userId: integer('user_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('sms_outbox_status_idx').on(t.status, t.id)],
);
