import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { attendanceTypes, lectures } from '../lectures/lectures.table.ts';
import { pushAlertTemplates } from '../push-alert-templates/push-alert-templates.table.ts';

/**
 * The SMS area's tables. The messages themselves are the kernel's outbox (`sms_outbox`, with
 * `batch_id` pointing here); this area keeps what a person sent as one act (a batch), the center's
 * SMS settings, the switches of the automatic texts, and the weekly scheduled sends.
 */

/** One send: a compose, a weekly schedule's run, or a resend of failed messages. */
export const smsBatches = pgTable(
  'sms_batches',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose', { enum: ['compose', 'schedule', 'resend'] }).notNull(),
    title: text('title').notNull(),
    /** The text as composed, before the variables were filled. */
    body: text('body').notNull(),
    templateId: integer('template_id'),
    audience: text('audience', { enum: ['student', 'parent', 'both'] }).notNull(),
    advertising: boolean('advertising').notNull().default(false),
    lectureId: integer('lecture_id'),
    examId: integer('exam_id'),
    scheduleId: integer('schedule_id'),
    total: integer('total').notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_batches_created_idx').on(t.createdAt, t.id)],
);

/** The center's SMS settings: one row (id 1). */
export const smsSettings = pgTable(
  'sms_settings',
  {
    id: integer('id').primaryKey(),
    senderName: text('sender_name').notNull(),
    optOutNotice: text('opt_out_notice').notNull().default(''),
    attendanceDelayMinutes: integer('attendance_delay_minutes').notNull(),
    weekLinkDays: integer('week_link_days').notNull(),
    /** Automatic attendance texts go only from this hour to before `textUntilHour` (Korea time); outside, at the next start hour. */
    textFromHour: smallint('text_from_hour').notNull().default(8),
    textUntilHour: smallint('text_until_hour').notNull().default(22),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sms_settings_single_row', sql`${t.id} = 1`)],
);

/** A switch per automatic text (absence, late, released score, clinic hurry) and its template. */
export const smsEventSettings = pgTable(
  'sms_event_settings',
  {
    event: text('event', { enum: ['absence', 'late', 'score_released', 'clinic_hurry'] }).primaryKey(),
    enabled: boolean('enabled').notNull().default(false),
    templateId: integer('template_id').references(() => pushAlertTemplates.id, { onDelete: 'set null' }),
    attTypeId: integer('att_type_id').references(() => attendanceTypes.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
);

/** "Every Friday 18:00 to every parent of 고2 수학 정규반": run by a one-minute schedule on the job system. */
export const smsSchedules = pgTable(
  'sms_schedules',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    lectureId: integer('lecture_id').notNull().references(() => lectures.id, { onDelete: 'cascade' }),
    audience: text('audience', { enum: ['student', 'parent', 'both'] }).notNull(),
    templateId: integer('template_id').references(() => pushAlertTemplates.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** 1 = 월 … 7 = 일, Korea time. */
    weekday: smallint('weekday').notNull(),
    time: text('time').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The address #{링크} points to, PUBLIC_URL when the schedule was saved (publicOrigin). */
    origin: text('origin').notNull(),
    /** The occurrence that ran last: an occurrence runs once, on one instance. */
    lastSlot: timestamp('last_slot', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sms_schedules_weekday_check', sql`${t.weekday} between 1 and 7`)],
);
