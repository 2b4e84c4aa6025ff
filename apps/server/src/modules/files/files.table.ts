import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A stored file and its metadata. The bytes live in storage under `storageKey` (server-generated,
 * never derived from the user's file name). A row is `pending` from the moment an upload URL is
 * handed out until the bytes are verified (size, SHA-256, real content type); pending rows whose
 * upload window passed are removed together with their bytes or parts by the cleanup.
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    storageKey: text('storage_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256'),
    kind: text('kind', { enum: ['material', 'homework', 'self_study', 'receipt', 'omr', 'video', 'board', 'profile'] }).notNull(),
    status: text('status', { enum: ['pending', 'available'] }).notNull().default('pending'),
    /** Who uploaded it; null for a visitor's attachment on the public board. */
    ownerId: integer('owner_id'),
    lectureId: integer('lecture_id'),
    weeklyLectureId: integer('weekly_lecture_id'),
    /** Multipart uploads only: the storage's upload id and the part size the parts were signed for. */
    uploadId: text('upload_id').unique(),
    partSize: integer('part_size'),
    uploadExpiresAt: timestamp('upload_expires_at', { withTimezone: true }),
    /**
     * A multipart completion in progress holds the upload until then (one completion at a time,
     * on any instance); a completion that died releases it when the time passes.
     */
    completingUntil: timestamp('completing_until', { withTimezone: true }),
    memo: text('memo').notNull().default(''),
    hasParentAccess: boolean('has_parent_access').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('files_kind_check', sql`${t.kind} in ('material', 'homework', 'self_study', 'receipt', 'omr', 'video', 'board', 'profile')`),
    check('files_status_check', sql`${t.status} in ('pending', 'available')`),
    check('files_size_check', sql`${t.size} >= 0`),
    index('files_weekly_lecture_idx').on(t.weeklyLectureId),
    index('files_owner_idx').on(t.ownerId, t.kind),
    index('files_pending_idx').on(t.uploadExpiresAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Who may open the materials of a weekly lecture, and from when. scope: participants (the
 * weekly lecture's participants — the default when no row exists), lecture (everyone enrolled
 * in the lecture now), selected (the students listed in weekly_lecture_file_permission_students),
 * none (staff only).
 */
export const weeklyLectureFilePermissions = pgTable(
  'weekly_lecture_file_permissions',
  {
    weeklyLectureId: integer('weekly_lecture_id').primaryKey(),
    scope: text('scope', { enum: ['participants', 'lecture', 'selected', 'none'] }).notNull().default('participants'),
    availableFrom: timestamp('available_from', { withTimezone: true }),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('wlfp_scope_check', sql`${t.scope} in ('participants', 'lecture', 'selected', 'none')`)],
);

export const weeklyLectureFilePermissionStudents = pgTable(
  'weekly_lecture_file_permission_students',
  {
    weeklyLectureId: integer('weekly_lecture_id').notNull(),
    userId: integer('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.weeklyLectureId, t.userId] })],
);

/** A student opened a material: first and last time, and how often (the who-opened-it list). */
export const fileViews = pgTable(
  'file_views',
  {
    fileId: integer('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }).notNull(),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }).notNull(),
    openCount: integer('open_count').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.userId] }), index('file_views_user_idx').on(t.userId)],
);

/** Cached watermarked copies: one per file, student and (Korean) day; the original is never changed. */
export const fileWatermarks = pgTable(
  'file_watermarks',
  {
    fileId: integer('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    day: text('day').notNull(),
    storageKey: text('storage_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.userId, t.day] })],
);
