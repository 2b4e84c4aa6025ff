import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Outgoing messages. Everything that texts a person writes a row here (`ctx.sms.queue`), in the
 * transaction of the change that asks for it, together with a job that delivers it (src/lib/sms).
 * Kept forever as the delivery record: status, provider, reason and every attempt
 * (`sms_attempts`).
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    /**
     * The message's idempotency key: the caller's (an event that must text once, e.g.
     * `absence:<session>:<student>`) or a random UUID. A second message with the same key is not queued.
     */
    key: text('key').notNull().unique().default(sql`gen_random_uuid()::text`),
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    kind: text('kind', { enum: ['SMS', 'LMS'] }).notNull(),
    purpose: text('purpose').notNull(),
    /**
     * Carries a secret (a reset link, a parent link, any token): every history shows its body with
     * the secret masked, and it is never re-sent (src/lib/sms/secret.ts).
     */
    secret: boolean('secret').notNull().default(false),
    /** An advertising message (법 제50조): never handed to the provider between 21:00 and 08:00 KST. */
    advertising: boolean('advertising').notNull().default(false),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'delivered', 'failed', 'cancelled'] }).notNull().default('queued'),
    /** Why it failed, or what the provider said. */
    result: text('result'),
    /** The student the message is about (their own phone or their parent's). */
    userId: integer('user_id'),
    audience: text('audience', { enum: ['student', 'parent', 'staff', 'other'] }),
    /** The send (compose, weekly schedule) it belongs to: the SMS area's `sms_batches.id`. */
    batchId: integer('batch_id'),
    /** The message this one re-sends (history: 실패 재발송). */
    resendOf: integer('resend_of'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Not handed to the provider before this (scheduled sends). */
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker took it (a lease: another worker may take it over once the lease has run out). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The driver that handled it and its handle there (solapi: the group id), saved before the provider is called. */
    provider: text('provider'),
    providerRef: text('provider_ref'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Delivered or failed for good. */
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    check('sms_outbox_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'delivered', 'failed', 'cancelled')`),
    index('sms_outbox_status_idx').on(t.status, t.id),
    index('sms_outbox_batch_idx').on(t.batchId),
    index('sms_outbox_created_idx').on(t.createdAt, t.id),
    index('sms_outbox_user_idx').on(t.userId),
  ],
);

/**
 * Every time a driver was called for a message, and every delivery report: what happened and
 * why. A message sent once has exactly one `sent` attempt; a retry that finds the provider already
 * has it records `resumed`, never a second `sent`.
 */
export const smsAttempts = pgTable(
  'sms_attempts',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id').notNull().references(() => smsOutbox.id),
    driver: text('driver').notNull(),
    outcome: text('outcome', { enum: ['sent', 'resumed', 'failed', 'error', 'deferred', 'delivered', 'undelivered'] }).notNull(),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_attempts_message_idx').on(t.messageId, t.id)],
);
