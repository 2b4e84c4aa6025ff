import type { VideoSource, VideoStatus } from '@academy/contracts/videos';
import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { attendanceTypes } from '../lectures/lectures.table.ts';

/** [from, to] in seconds of the video. */
export type Interval = [number, number];

/**
 * A lecture video of a weekly lecture. An upload points at its original in the files module
 * (`fileId`) and, once processed, at the copy that streams (`streamKey`, moov atom first) and a
 * poster frame (`posterKey`), both objects of this module in `ctx.storage`. A link keeps the
 * provider's id (and Vimeo's private hash). Deleting is soft: what students watched stays.
 */
export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    lectureId: integer('lecture_id').notNull(),
    weeklyLectureId: integer('weekly_lecture_id').notNull(),
    title: text('title').notNull(),
    source: text('source').$type<VideoSource>().notNull(),
    status: text('status').$type<VideoStatus>().notNull(),
    fileId: integer('file_id').unique(),
    fileName: text('file_name'),
    fileSize: bigint('file_size', { mode: 'number' }),
    providerVideoId: text('provider_video_id'),
    providerHash: text('provider_hash'),
    linkUrl: text('link_url'),
    durationSec: doublePrecision('duration_sec'),
    width: integer('width'),
    height: integer('height'),
    streamKey: text('stream_key'),
    streamSize: bigint('stream_size', { mode: 'number' }),
    posterKey: text('poster_key'),
    processingPercent: integer('processing_percent'),
    processingMessage: text('processing_message'),
    error: text('error'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('videos_source_check', sql`${t.source} in ('upload', 'youtube', 'vimeo')`),
    check('videos_status_check', sql`${t.status} in ('processing', 'ready', 'failed')`),
    index('videos_weekly_lecture_idx').on(t.weeklyLectureId).where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * What one student watched of one video: the union of the intervals really played (merged,
 * sorted), its length, the last position, the share of the duration, when it was completed, and
 * a credit (a token bucket: seconds of video that may still be counted, refilled at the fastest
 * playback speed per second of real time) so no sequence of reports counts faster than real time.
 */
export const videoProgress = pgTable(
  'video_progress',
  {
    videoId: integer('video_id').notNull().references(() => videos.id),
    userId: integer('user_id').notNull(),
    intervals: jsonb('intervals').$type<Interval[]>().notNull().default([]),
    watchedSec: doublePrecision('watched_sec').notNull().default(0),
    positionSec: doublePrecision('position_sec').notNull().default(0),
    percent: doublePrecision('percent').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    creditSec: doublePrecision('credit_sec').notNull().default(0),
    creditAt: timestamp('credit_at', { withTimezone: true }).notNull(),
    /** Bumped by every write: a report writes only over the row it read (no lost update, no lock). */
    revision: integer('revision').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.userId] }), index('video_progress_user_idx').on(t.userId)],
);

/**
 * The center's video settings: one row (id 1), written when an admin first saves them. Until
 * then the defaults apply (90%, and the attendance type named 온라인(영상 수강) when it exists).
 */
export const videoSettings = pgTable(
  'video_settings',
  {
    id: integer('id').primaryKey().default(1),
    completionPercent: integer('completion_percent').notNull(),
    attendanceTypeId: integer('attendance_type_id').references(() => attendanceTypes.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('video_settings_single_row', sql`${t.id} = 1`), check('video_settings_percent_check', sql`${t.completionPercent} between 50 and 100`)],
);
