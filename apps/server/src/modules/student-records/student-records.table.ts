import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { ACTUAL_EXAM_TYPES, CONSULT_TYPES } from '@academy/contracts/students';
import { users } from '../users/users.table.ts';

/** A consult note written after talking with a student (or a parent about the student). */
export const studentConsults = pgTable(
  'student_consults',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    consultedAt: timestamp('consulted_at', { withTimezone: true }).notNull(),
    counselorId: integer('counselor_id').references(() => users.id, { onDelete: 'set null' }),
    consultType: text('consult_type', { enum: CONSULT_TYPES }).notNull(),
    content: text('content').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('student_consults_type_check', sql`${t.consultType} in ('학습','진로','성적','기타')`),
    index('student_consults_student_idx').on(t.studentId, t.consultedAt),
  ],
);

/** Staff notes on a student; pinned ones are listed first. */
export const studentMemos = pgTable(
  'student_memos',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    isPinned: boolean('is_pinned').notNull().default(false),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('student_memos_student_idx').on(t.studentId)],
);

/** 모의고사/내신 results the center records next to its own exams. */
export const actualExamScores = pgTable(
  'actual_exam_scores',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    examType: text('exam_type', { enum: ACTUAL_EXAM_TYPES }).notNull(),
    examName: text('exam_name').notNull(),
    examDate: date('exam_date', { mode: 'string' }).notNull(),
    subject: text('subject').notNull(),
    rawScore: numeric('raw_score', { precision: 6, scale: 2, mode: 'number' }),
    grade: integer('grade'),
    percentile: numeric('percentile', { precision: 5, scale: 2, mode: 'number' }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('actual_exam_scores_type_check', sql`${t.examType} in ('모의고사','내신')`),
    check('actual_exam_scores_grade_check', sql`${t.grade} is null or ${t.grade} between 1 and 9`),
    check('actual_exam_scores_percentile_check', sql`${t.percentile} is null or ${t.percentile} between 0 and 100`),
    index('actual_exam_scores_student_idx').on(t.studentId, t.examDate),
  ],
);
