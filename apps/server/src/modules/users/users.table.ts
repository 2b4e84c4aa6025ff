import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, pgView, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
    /**
     * The password in use is the student's initial one (phone's last four digits + login id), as
     * last seen at sign-in: the portal then asks the student to change it.
     */
    passwordInitial: boolean('password_initial').notNull().default(false),
    userType: text('user_type', { enum: ['STUDENT', 'TA', 'ADMIN'] }).notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    /** When the phone last changed: reset links made before then no longer work. */
    phoneChangedAt: timestamp('phone_changed_at', { withTimezone: true }),
    /** Until then no reset link goes to the phone, because staff below ADMIN set it (docs/DECISIONS.md). */
    resetHeldUntil: timestamp('reset_held_until', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    /** Raised to end every access token issued before (sign-out, revoked sessions, deactivation). */
    sessionVersion: integer('session_version').notNull().default(0),
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

/** An account as other code may see it: everything but the password hash. */
export const accountColumns = {
  id: users.id,
  loginId: users.loginId,
  userType: users.userType,
  name: users.name,
  phone: users.phone,
  isActive: users.isActive,
  isAdminLevel: users.isAdminLevel,
  deletedAt: users.deletedAt,
};

/**
 * The accounts as other modules may read them: a read-only view without the password hash. Other
 * modules join this (names beside their rows, "only live accounts" conditions); every change to an
 * account goes through the users module's functions.
 */
export const userAccounts = pgView('user_accounts').as((qb) =>
  qb
    .select({ ...accountColumns, createdAt: users.createdAt })
    .from(users),
);
