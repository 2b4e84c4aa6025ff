import type { ScheduleSlot } from '@academy/contracts/lectures';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The tables of the lectures module: lectures and their D-days, the roster, the sessions (weekly
 * lectures) with their participants, attendance marks and announcements, and attendance types.
 * The attendance mark is a column of the participant, so attendance lives in this module too.
 */

/**
 * A lecture (강좌). The teacher is a free-text name (강사명): in a 학원 the teacher is often an
 * outside instructor without an account, while TAs (accounts) run the weekly work.
 */
export const lectures = pgTable(
  'lectures',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    teacherName: text('teacher_name').notNull(),
    targetSchool: text('target_school'),
    targetGrade: text('target_grade'),
    schedule: jsonb('schedule').$type<ScheduleSlot[]>().notNull().default([]),
    room: text('room'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    color: text('color').notNull().default('#2e7d32'),
    disabled: boolean('disabled').notNull().default(false),
    /** Generate sessions on public holidays too (off by default: holidays are skipped, docs/lectures.md). */
    keepHolidays: boolean('keep_holidays').notNull().default(false),
    /** 공개: listed on the public landing page. New lectures start private; 0026 kept existing ones public (docs/lectures.md). */
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('lectures_period_check', sql`${t.endDate} >= ${t.startDate}`),
    index('lectures_disabled_idx').on(t.disabled),
  ],
);

/** 시험/수능 D-day of a lecture, ordered by seq within the lecture. */
export const lectureDdays = pgTable(
  'lecture_ddays',
  {
    id: serial('id').primaryKey(),
    lectureId: integer('lecture_id').notNull().references(() => lectures.id),
    title: text('title').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    seq: integer('seq').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lecture_ddays_lecture_idx').on(t.lectureId, t.seq)],
);

/**
 * The roster: who is enrolled in a lecture. leftAt is set when a student leaves (or is
 * transferred); the row stays so the history of the enrolment is kept.
 */
export const lectureStudents = pgTable(
  'lecture_students',
  {
    lectureId: integer('lecture_id').notNull().references(() => lectures.id),
    userId: integer('user_id').notNull(),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.lectureId, t.userId] }), index('lecture_students_user_idx').on(t.userId)],
);

/**
 * A weekly lecture (회차): one session of a lecture on a date. Regular sessions come from the
 * schedule and carry seq (1, 2, 3 …) and a title like "3주차"; special sessions (보강, 특강) carry
 * specialName and no seq.
 */
export const weeklyLectures = pgTable(
  'weekly_lectures',
  {
    id: serial('id').primaryKey(),
    lectureId: integer('lecture_id').notNull().references(() => lectures.id),
    seq: integer('seq'),
    title: text('title').notNull(),
    specialName: text('special_name'),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('weekly_lectures_lecture_date_idx').on(t.lectureId, t.date, t.startTime), index('weekly_lectures_date_idx').on(t.date)],
);

/**
 * A participant (WLP): student × weekly lecture, with attendance and its lock. lectureId is
 * copied from the weekly lecture so the whole grid of a lecture is one index range scan.
 */
export const weeklyLectureParticipants = pgTable(
  'weekly_lecture_participants',
  {
    id: serial('id').primaryKey(),
    weeklyLectureId: integer('weekly_lecture_id').notNull().references(() => weeklyLectures.id, { onDelete: 'cascade' }),
    lectureId: integer('lecture_id').notNull(),
    userId: integer('user_id').notNull(),
    attTypeId: integer('att_type_id').references(() => attendanceTypes.id),
    attLocked: boolean('att_locked').notNull().default(false),
    memo: text('memo'),
    attUpdatedAt: timestamp('att_updated_at', { withTimezone: true }),
    attUpdatedBy: integer('att_updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wlp_wl_user_uidx').on(t.weeklyLectureId, t.userId),
    // A lecture's cells in student order, their values in the index itself (INCLUDE, written in
    // migration 0020 since drizzle-kit has no word for it): the attendance grid reads them with an
    // index-only scan and groups them without sorting (issue 17).
    index('wlp_lecture_user_idx').on(t.lectureId, t.userId),
    index('wlp_user_idx').on(t.userId),
  ],
);

/** Announcements of a weekly lecture, shown to its participants in the portal. */
export const weeklyLectureAnnouncements = pgTable(
  'weekly_lecture_announcements',
  {
    id: serial('id').primaryKey(),
    weeklyLectureId: integer('weekly_lecture_id').notNull().references(() => weeklyLectures.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    /** Pinned announcements stay on top of the student's list (then newest first). */
    pinned: boolean('pinned').notNull().default(false),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wla_wl_idx').on(t.weeklyLectureId)],
);

/** Configurable attendance types (출석, 지각 …) with colour, whether they count as present, and order. */
export const attendanceTypes = pgTable(
  'attendance_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    color: text('color').notNull(),
    countsAsPresent: boolean('counts_as_present').notNull().default(true),
    /** Marked in advance for a known absence (병결, 가족 여행): no automatic 결석/지각 text for it. */
    skipText: boolean('skip_text').notNull().default(false),
    seq: integer('seq').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
);
