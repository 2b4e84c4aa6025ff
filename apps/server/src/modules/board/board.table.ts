import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { GIN_OPTIONS } from '../../db/indexes.ts';

/**
 * The public board's tables: posts (visitors', students' and staff notices), staff answers, the
 * files attached to posts (the files module keeps the bytes), attachments uploaded but not yet on a
 * post (with the hash of the ticket that lets only their uploader attach them), and the per-address
 * counters of the anti-spam limits.
 */
export const boardPosts = pgTable(
  'board_posts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['notice', 'question'] }).notNull(),
    title: text('title').notNull(),
    /** Plain text: shown as text, never as markup. */
    body: text('body').notNull(),
    secret: boolean('secret').notNull().default(false),
    authorType: text('author_type', { enum: ['visitor', 'student', 'staff'] }).notNull(),
    authorUserId: integer('author_user_id'),
    authorName: text('author_name').notNull(),
    /** A visitor's phone for the answer SMS (digits). */
    authorPhone: text('author_phone'),
    /** When the visitor agreed to 개인정보 수집·이용 for that phone (BOARD_PHONE_CONSENT); set whenever authorPhone is. */
    phoneConsentAt: timestamp('phone_consent_at', { withTimezone: true }),
    /** A visitor's password to edit or delete (argon2id). */
    passwordHash: text('password_hash'),
    /** Pinned notices, top first; null for everything else. */
    sortOrder: integer('sort_order'),
    viewCount: integer('view_count').notNull().default(0),
    answerCount: integer('answer_count').notNull().default(0),
    attachmentCount: integer('attachment_count').notNull().default(0),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('board_posts_kind_check', sql`${t.kind} in ('notice', 'question')`),
    check('board_posts_author_check', sql`${t.authorType} in ('visitor', 'student', 'staff')`),
    // The list's page: live posts newest first (read backwards), and the unanswered questions staff work through.
    index('board_posts_list_idx').on(t.createdAt, t.id).where(sql`${t.deletedAt} is null and ${t.sortOrder} is null`),
    index('board_posts_unanswered_idx').on(t.createdAt, t.id).where(sql`${t.deletedAt} is null and ${t.sortOrder} is null and ${t.kind} = 'question' and ${t.answerCount} = 0`),
    index('board_posts_pinned_idx').on(t.sortOrder).where(sql`${t.deletedAt} is null and ${t.sortOrder} is not null`),
    index('board_posts_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`).with(GIN_OPTIONS),
  ],
);

/**
 * How many posts the list pages through, kept with every write that changes it (writes are few,
 * the first page is read by every visitor): live unpinned posts, and the unanswered questions.
 */
export const boardCounters = pgTable(
  'board_counters',
  {
    id: integer('id').primaryKey(),
    live: integer('live').notNull(),
    unanswered: integer('unanswered').notNull(),
  },
  (t) => [check('board_counters_single_row', sql`${t.id} = 1`)],
);

export const boardAnswers = pgTable(
  'board_answers',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id').notNull().references(() => boardPosts.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    authorId: integer('author_id').notNull(),
    /** The outbox message that told the writer (null: not texted). */
    smsMessageId: integer('sms_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('board_answers_post_idx').on(t.postId, t.id)],
);

export const boardAttachments = pgTable(
  'board_attachments',
  {
    postId: integer('post_id').notNull().references(() => boardPosts.id, { onDelete: 'cascade' }),
    /** The files module's file (kind `board`). */
    fileId: integer('file_id').notNull(),
    seq: integer('seq').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.fileId] })],
);

/** Attachments uploaded and not yet on a post; swept after a day. */
export const boardUploads = pgTable('board_uploads', {
  fileId: integer('file_id').primaryKey(),
  ticketHash: text('ticket_hash').notNull(),
  ip: text('ip').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
