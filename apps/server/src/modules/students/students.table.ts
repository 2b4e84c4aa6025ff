import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { STUDENT_GENDERS, STUDENT_GRADES } from '@academy/contracts/students';
import { GIN_OPTIONS } from '../../db/indexes.ts';
import { users } from '../users/users.table.ts';

/**
 * Student-only fields, one row per STUDENT user. `search_text` and `search_tokens` are kept by the
 * service whenever name, phones or loginId change (students.search.ts): the grid's search box is one
 * GIN probe on the tokens, with a LIKE on the text for needles the tokens do not hold.
 */
export const studentProfiles = pgTable(
  'student_profiles',
  {
    userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
    parentPhone: text('parent_phone'),
    school: text('school'),
    grade: text('grade', { enum: STUDENT_GRADES }),
    gender: text('gender', { enum: STUDENT_GENDERS }),
    birthDate: date('birth_date', { mode: 'string' }),
    memo: text('memo').notNull().default(''),
    profileImageFileId: integer('profile_image_file_id'),
    /** Chosen now, validated against lectures once the lectures area exists. */
    representativeLectureIds: integer('representative_lecture_ids').array().notNull().default(sql`'{}'::integer[]`),
    searchText: text('search_text').notNull().default(''),
    searchTokens: text('search_tokens').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('student_profiles_grade_check', sql`${t.grade} is null or ${t.grade} in ('초1','초2','초3','초4','초5','초6','중1','중2','중3','고1','고2','고3','N수')`),
    check('student_profiles_gender_check', sql`${t.gender} is null or ${t.gender} in ('M','F')`),
    index('student_profiles_school_idx').on(t.school),
    index('student_profiles_grade_idx').on(t.grade),
    index('student_profiles_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`).with(GIN_OPTIONS),
    index('student_profiles_search_tokens_idx').using('gin', t.searchTokens).with(GIN_OPTIONS),
  ],
);
export type StudentProfileRow = typeof studentProfiles.$inferSelect;
