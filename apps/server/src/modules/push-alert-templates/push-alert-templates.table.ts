import { sql } from 'drizzle-orm';
import { PUSH_ALERT_CATEGORIES } from '@academy/contracts/push-alert-templates';
import { boolean, check, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Message templates the staff pick when texting students or parents. The body carries variables
 * (#{이름}, #{점수}, #{링크} …) that the sender fills per recipient.
 */
export const pushAlertTemplates = pgTable(
  'push_alert_templates',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    category: text('category', { enum: PUSH_ALERT_CATEGORIES }).notNull(),
    body: text('body').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('push_alert_templates_category_check', sql`${t.category} in ('출결', '성적', '클리닉', '상담', '일반')`),
    // The grid filters by category and sorts by creation time; together they serve its first page.
    index('push_alert_templates_category_created_idx').on(t.category, t.createdAt),
    index('push_alert_templates_created_idx').on(t.createdAt),
  ],
);
