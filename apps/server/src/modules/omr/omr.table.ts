import type { OmrBatchStatus, OmrIdSource, OmrQuestion, OmrSheetStatus } from '@academy/contracts/omr';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { exams } from '../exams/exams.table.ts';

/**
 * The OMR module's tables: each student's 수험번호, the batches of uploaded scans being read, and
 * every page read with its answers, the fill of each bubble and where its straightened image is.
 */

/** The 8-digit 수험번호 a student marks on a blank sheet: assigned once, kept for every exam. */
export const omrCandidateNumbers = pgTable(
  'omr_candidate_numbers',
  {
    userId: integer('user_id').primaryKey(),
    number: text('number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('omr_candidate_numbers_number_uidx').on(t.number)],
);

/** One upload of scans or photos for an exam, read in the background. */
export const omrBatches = pgTable(
  'omr_batches',
  {
    id: serial('id').primaryKey(),
    examId: integer('exam_id').notNull().references(() => exams.id, { onDelete: 'cascade' }),
    lectureId: integer('lecture_id').notNull(),
    weeklyLectureId: integer('weekly_lecture_id').notNull(),
    status: text('status').$type<OmrBatchStatus>().notNull().default('queued'),
    fileIds: jsonb('file_ids').$type<number[]>().notNull(),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    error: text('error'),
    /** Moved on while a reader works on it; a batch whose reader stopped (a restart) is picked up again. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('omr_batches_exam_idx').on(t.examId),
    index('omr_batches_weekly_lecture_idx').on(t.weeklyLectureId),
    check('omr_batches_status_check', sql`${t.status} in ('queued', 'reading', 'review', 'done', 'failed')`),
  ],
);

/** A field as read: what was marked, each bubble's fill, and how the reader judged it. */
export type StoredField = { id: string; marked: string[]; fills: number[]; status: 'ok' | 'blank' | 'multiple' | 'doubtful'; notes: ('light' | 'erased' | 'partial' | 'gap')[]; confidence: number; flagged: boolean; dx: number; dy: number };

/** One page read from a batch (a sheet). `questions` hold the answers as read, then as confirmed. */
export const omrSheets = pgTable(
  'omr_sheets',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id').notNull().references(() => omrBatches.id, { onDelete: 'cascade' }),
    examId: integer('exam_id').notNull(),
    fileId: integer('file_id').notNull(),
    page: integer('page').notNull(),
    status: text('status').$type<OmrSheetStatus>().notNull(),
    reason: text('reason'),
    userId: integer('user_id'),
    idSource: text('id_source').$type<OmrIdSource>(),
    candidateNumber: text('candidate_number'),
    qr: text('qr'),
    imageKey: text('image_key'),
    scale: real('scale'),
    levels: jsonb('levels').$type<{ empty: number; ink: number; mark: number }>(),
    fields: jsonb('fields').$type<StoredField[]>().notNull().default([]),
    questions: jsonb('questions').$type<OmrQuestion[]>().notNull().default([]),
    confirmedBy: integer('confirmed_by'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('omr_sheets_batch_idx').on(t.batchId, t.fileId, t.page),
    index('omr_sheets_exam_user_idx').on(t.examId, t.userId),
    check('omr_sheets_status_check', sql`${t.status} in ('unreadable', 'review', 'ready', 'applied', 'kept')`),
  ],
);
