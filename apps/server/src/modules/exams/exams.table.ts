import type { ClinicStatus, DeliveryType, GradeMode, ScoreStatus } from '@academy/contracts/exams';
import type { Question } from '@academy/contracts/grading';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The tables of the exams module: templates, the exams of sessions, scores, retakes, score-cell
 * locks and the sheet memo. Scores are numeric (half points happen); they are read as numbers.
 */
const score = (name: string) => numeric(name, { precision: 7, scale: 2, mode: 'number' });

/** A reusable exam definition: questions with their answers, points and tags. */
export const examTemplates = pgTable('exam_templates', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  subject: text('subject'),
  description: text('description'),
  questions: jsonb('questions').$type<Question[]>().notNull(),
  maxScore: score('max_score').notNull(),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An exam given in one session (WLE). Its answer key is its own copy, so editing the template
 * later changes nothing here. Exams of several classes that sat the same test share a link group:
 * their statistics and relative grades are computed over the group.
 */
export const exams = pgTable(
  'exams',
  {
    id: serial('id').primaryKey(),
    lectureId: integer('lecture_id').notNull(),
    weeklyLectureId: integer('weekly_lecture_id').notNull(),
    seq: integer('seq').notNull().default(1),
    title: text('title').notNull(),
    templateId: integer('template_id'),
    questions: jsonb('questions').$type<Question[]>().notNull().default([]),
    maxScore: score('max_score').notNull(),
    cutline: score('cutline'),
    gradeMode: text('grade_mode').$type<GradeMode>().notNull().default('none'),
    gradeCutoffs: jsonb('grade_cutoffs').$type<number[]>().notNull().default([]),
    readyToShow: boolean('ready_to_show').notNull().default(false),
    onlineSubmission: boolean('online_submission').notNull().default(false),
    linkGroupId: integer('link_group_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exams_weekly_lecture_idx').on(t.weeklyLectureId, t.seq),
    index('exams_lecture_idx').on(t.lectureId),
    index('exams_link_group_idx').on(t.linkGroupId),
    check('exams_grade_mode_check', sql`${t.gradeMode} in ('none', 'relative9', 'relative5', 'cutoffs')`),
  ],
);

/**
 * A student's result in one exam (WLS): 1차 and 재시험 values, the answers when known (graded into
 * `marks`, one '1'/'0' per question), statuses, grade, memo. `version` grows with every change so
 * a write made from an outdated screen is refused instead of overwriting.
 */
export const scores = pgTable(
  'scores',
  {
    id: serial('id').primaryKey(),
    examId: integer('exam_id').notNull().references(() => exams.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    first: score('first'),
    retake: score('retake'),
    answers: jsonb('answers').$type<(string | null)[]>(),
    marks: text('marks'),
    retakeAnswers: jsonb('retake_answers').$type<(string | null)[]>(),
    retakeMarks: text('retake_marks'),
    status: text('status').$type<ScoreStatus>().notNull().default('not_taken'),
    clinic: text('clinic').$type<ClinicStatus>().notNull().default('none'),
    delivery: text('delivery').$type<DeliveryType>().notNull().default('none'),
    grade: integer('grade'),
    gradeManual: boolean('grade_manual').notNull().default(false),
    memo: text('memo').notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by'),
  },
  (t) => [
    uniqueIndex('scores_exam_user_uidx').on(t.examId, t.userId),
    index('scores_user_idx').on(t.userId),
    check('scores_status_check', sql`${t.status} in ('taken', 'not_taken', 'absent', 'exempt')`),
    check('scores_clinic_check', sql`${t.clinic} in ('none', 'required', 'booked', 'done', 'exempt')`),
    check('scores_delivery_check', sql`${t.delivery} in ('none', 'sms', 'link', 'direct')`),
  ],
);

/** A retake (재시험) of an exam, with its own answer key; its results land on the original scores. */
export const examRetakes = pgTable(
  'exam_retakes',
  {
    id: serial('id').primaryKey(),
    examId: integer('exam_id').references(() => exams.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    date: date('date', { mode: 'string' }),
    questions: jsonb('questions').$type<Question[]>().notNull().default([]),
    maxScore: score('max_score').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exam_retakes_exam_idx').on(t.examId)],
);

/** Who is typing into a score cell right now; a lock lapses at `expiresAt` unless renewed. */
export const scoreLocks = pgTable(
  'score_locks',
  {
    examId: integer('exam_id').notNull().references(() => exams.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    holderId: integer('holder_id').notNull(),
    holderName: text('holder_name').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.userId] })],
);

/** The memo of a session's score sheet ("3반은 10분 연장"). */
export const scoreSheetMemos = pgTable('score_sheet_memos', {
  weeklyLectureId: integer('weekly_lecture_id').primaryKey(),
  memo: text('memo').notNull().default(''),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Link groups are just numbers; this sequence hands them out. */
export const examLinkGroups = pgTable('exam_link_groups', {
  id: serial('id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
