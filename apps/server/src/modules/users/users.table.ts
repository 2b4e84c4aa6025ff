import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every account: students, TAs and admins share one table so that sign-in, tags, SMS and audit
 * refer to one id space. Area-specific fields (student school/grade, TA pay settings) live in
 * their own tables keyed by user id.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    loginId: text('login_id').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    userType: text('user_type', { enum: ['STUDENT', 'TA', 'ADMIN'] }).notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    isActive: boolean('is_active').notNull().default(true),
    isAdminLevel: boolean('is_admin_level').notNull().default(false),
    /** Soft delete: the row and its history stay, the account disappears from lists and sign-in. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
  },
  (t) => [
    check('users_user_type_check', sql`${t.userType} in ('STUDENT', 'TA', 'ADMIN')`),
    index('users_user_type_idx').on(t.userType),
    index('users_name_idx').on(t.name),
  ],
);
export type UserRow = typeof users.$inferSelect;
