import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/**
 * A TA's wage settings (SPEC §3 hourlyWage … wageTypeIds), one row per TA account. The account
 * itself (name, login, active, isAdminLevel) is the users module's. A TA without a row has the
 * defaults: hourly, no own rate, 3.3% withholding, every active wage type.
 */
export const taProfiles = pgTable(
  'ta_profiles',
  {
    userId: integer('user_id').primaryKey().references(() => users.id),
    paymentType: text('payment_type', { enum: ['HOURLY', 'MONTHLY'] }).notNull().default('HOURLY'),
    /** Whole won; the TA's own rate for wage types without a rate of their own. */
    hourlyWage: integer('hourly_wage'),
    monthlySalary: integer('monthly_salary'),
    /** "2026-03" or "2026-03-16" (the first month is prorated by calendar days from that day). */
    salaryStartMonth: text('salary_start_month'),
    monthlyWageType: text('monthly_wage_type', { enum: ['BUSINESS', 'EMPLOYMENT'] }).notNull().default('BUSINESS'),
    /** Wage types the TA may clock in with; empty means every active type. */
    wageTypeIds: integer('wage_type_ids').array().notNull().default(sql`'{}'::int[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ta_profiles_payment_type_check', sql`${t.paymentType} in ('HOURLY', 'MONTHLY')`),
    check('ta_profiles_monthly_wage_type_check', sql`${t.monthlyWageType} in ('BUSINESS', 'EMPLOYMENT')`),
    check('ta_profiles_amounts_check', sql`coalesce(${t.hourlyWage}, 0) >= 0 and coalesce(${t.monthlySalary}, 0) >= 0`),
  ],
);
export type TaProfileRow = typeof taProfiles.$inferSelect;

/**
 * The history of a TA's own hourly rate (SPEC §3 hourlyWage): each row is the rate in force from
 * `effective_from` (a Korean calendar day) until the next row. A work day is paid at the latest row
 * on or before it, so a raise never reprices days already worked. Rates that existed before this
 * table start at EARLIEST_RATE_DATE.
 */
export const taWageRates = pgTable(
  'ta_wage_rates',
  {
    userId: integer('user_id').notNull().references(() => users.id),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    hourlyWage: integer('hourly_wage'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.effectiveFrom] }),
    check('ta_wage_rates_amount_check', sql`coalesce(${t.hourlyWage}, 0) >= 0`),
  ],
);

/** The effective date of a rate that applies to every day worked before rate history existed. */
export const EARLIEST_RATE_DATE = '1900-01-01';

/**
 * Hourly wage types (수업보조, 클리닉, 채점 …): what a TA clocks in as, with its rate. A type
 * without a rate pays each TA's own hourlyWage. Deleting hides a type (records keep its name).
 */
export const hourlyWageTypes = pgTable(
  'hourly_wage_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    rate: integer('rate'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('hourly_wage_types_rate_check', sql`coalesce(${t.rate}, 0) >= 0`),
    uniqueIndex('hourly_wage_types_name_idx').on(sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
  ],
);
export type WageTypeRow = typeof hourlyWageTypes.$inferSelect;

/**
 * The history of a wage type's rate, like `ta_wage_rates`: each row is the rate in force from
 * `effective_from` on (null: each TA's own rate), so a work day keeps the rate it was worked at.
 */
export const wageTypeRates = pgTable(
  'wage_type_rates',
  {
    wageTypeId: integer('wage_type_id').notNull().references(() => hourlyWageTypes.id),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    rate: integer('rate'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.wageTypeId, t.effectiveFrom] }),
    check('wage_type_rates_rate_check', sql`coalesce(${t.rate}, 0) >= 0`),
  ],
);
