import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Public links opened from an SMS without an account (a parent's score report, a shared file): an
 * unguessable token bound to one purpose, one subject (an exam, a file …) and, usually, one student.
 * Only the token's SHA-256 is stored; the token itself is shown once, when the link is made.
 */
export const publicLinks = pgTable(
  'public_links',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').notNull(),
    /** The child the link is about (null: a file link not made for one student). */
    studentId: integer('student_id'),
    subjectId: integer('subject_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by'),
    /** The parent phone the link was texted to (null when staff only copied it). */
    smsPhone: text('sms_phone'),
    openCount: integer('open_count').notNull().default(0),
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('public_links_subject_idx').on(t.purpose, t.subjectId)],
);
