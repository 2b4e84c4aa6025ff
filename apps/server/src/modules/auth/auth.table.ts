import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/**
 * Refresh tokens are stored as SHA-256 hashes. Each sign-in starts a family; every refresh
 * marks the old token used and issues a new one in the same family. A used token presented
 * again means it was stolen, so the whole family is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/**
 * The sign-in throttle (throttle.service.ts), in the database so that every instance agrees. One
 * row per subject: a login id from one address (`loginId`, `ip`), a login id from anywhere
 * (`loginId`, ip ''), an address over every account (loginId '', `ip`). `attempts` counts failed
 * (and in-flight) password checks since `lastAt`; no check may start before `nextAt`.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    loginId: text('login_id').notNull(),
    ip: text('ip').notNull(),
    attempts: integer('attempts').notNull(),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.loginId, t.ip] }), index('login_throttle_last_at_idx').on(t.lastAt)],
);

export const passwordResets = pgTable('password_resets', {
  id: uuid('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
