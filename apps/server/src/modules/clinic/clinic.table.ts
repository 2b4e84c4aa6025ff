import type { CounselType, ParticipantSource, ReserveType, SlotKind, TodoItem } from '@academy/contracts/clinic';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { lectures } from '../lectures/lectures.table.ts';
import { users } from '../users/users.table.ts';

/**
 * The tables of the clinic module: clinic and counsel slots, their participants, the day records
 * (memo and that day's booking window) and the center's booking rule.
 *
 * A slot has exactly `capacity` rows in `clinic_seats`; a booking takes one free seat row with
 * `FOR UPDATE SKIP LOCKED`, so the database itself refuses a seat after the last one, across every
 * server instance, and concurrent bookings of one slot take different seats without waiting on
 * each other. `reserved` counts the taken seats for lists and live counts; it moves in the same
 * transaction (as its last step) and its CHECK is a second guard.
 */
export const clinicSlots = pgTable(
  'clinic_slots',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<SlotKind>().notNull().default('clinic'),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    capacity: integer('capacity').notNull(),
    reserved: integer('reserved').notNull().default(0),
    room: text('room').notNull().default(''),
    title: text('title').notNull().default(''),
    taId: integer('ta_id').references(() => users.id, { onDelete: 'set null' }),
    /** The lecture the slot is for (고2 영어 재시험): only its students may book it; null for anyone. */
    lectureId: integer('lecture_id').references(() => lectures.id, { onDelete: 'set null' }),
    reserveType: text('reserve_type').$type<ReserveType>().notNull().default('self'),
    opensAt: timestamp('opens_at', { withTimezone: true }),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    cancelUntil: timestamp('cancel_until', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One slot per kind, day, time and room: copy by day skips what this already holds.
    uniqueIndex('clinic_slots_identity_uidx').on(t.kind, t.date, t.startTime, t.endTime, t.room),
    index('clinic_slots_date_idx').on(t.date, t.startTime),
    check('clinic_slots_kind_check', sql`${t.kind} in ('clinic', 'counsel')`),
    check('clinic_slots_reserve_type_check', sql`${t.reserveType} in ('self', 'assigned')`),
    check('clinic_slots_seats_check', sql`${t.reserved} >= 0 and ${t.reserved} <= ${t.capacity}`),
    check('clinic_slots_time_check', sql`${t.endTime} > ${t.startTime}`),
  ],
);

/** The seats of a slot, one row each; `userId` is who holds it (null: free). */
export const clinicSeats = pgTable(
  'clinic_seats',
  {
    slotId: integer('slot_id').notNull().references(() => clinicSlots.id, { onDelete: 'cascade' }),
    seatNo: integer('seat_no').notNull(),
    userId: integer('user_id'),
  },
  (t) => [primaryKey({ columns: [t.slotId, t.seatNo] }), uniqueIndex('clinic_seats_slot_user_uidx').on(t.slotId, t.userId)],
);

/**
 * A student in a slot. `examId` is the score the clinic resolves (its clinic status lives in the
 * exams module); `consultId` the consult note written after a counsel session (student records).
 */
export const clinicParticipants = pgTable(
  'clinic_participants',
  {
    id: serial('id').primaryKey(),
    slotId: integer('slot_id').notNull().references(() => clinicSlots.id, { onDelete: 'restrict' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').$type<ParticipantSource>().notNull(),
    examId: integer('exam_id'),
    todos: jsonb('todos').$type<TodoItem[]>().notNull().default([]),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    departedAt: timestamp('departed_at', { withTimezone: true }),
    hurriedAt: timestamp('hurried_at', { withTimezone: true }),
    hurryCount: integer('hurry_count').notNull().default(0),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    retakeValue: numeric('retake_value', { precision: 7, scale: 2, mode: 'number' }),
    memo: text('memo').notNull().default(''),
    counselType: text('counsel_type').$type<CounselType>(),
    consultId: integer('consult_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clinic_participants_slot_user_uidx').on(t.slotId, t.userId),
    index('clinic_participants_user_idx').on(t.userId),
    check('clinic_participants_source_check', sql`${t.source} in ('self', 'staff')`),
    check('clinic_participants_counsel_type_check', sql`${t.counselType} is null or ${t.counselType} in ('학습', '진로', '성적', '기타')`),
  ],
);

/** A day of clinics: the staff memo and, when set, that day's booking window. */
export const clinicDays = pgTable('clinic_days', {
  date: date('date', { mode: 'string' }).primaryKey(),
  memo: text('memo').notNull().default(''),
  opensAt: timestamp('opens_at', { withTimezone: true }),
  closesAt: timestamp('closes_at', { withTimezone: true }),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The center's booking rule (one row, id 1): when booking for a week opens, when it closes, the cancel deadline. */
export const clinicRules = pgTable(
  'clinic_rules',
  {
    id: integer('id').primaryKey().default(1),
    opensWeekday: integer('opens_weekday').notNull(),
    opensTime: text('opens_time').notNull(),
    closeBeforeMinutes: integer('close_before_minutes').notNull(),
    cancelBeforeMinutes: integer('cancel_before_minutes').notNull(),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('clinic_rules_single_check', sql`${t.id} = 1`)],
);
