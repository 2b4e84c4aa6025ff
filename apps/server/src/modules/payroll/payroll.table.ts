import type { PayrollInfo } from '@academy/contracts/payroll';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { files } from '../files/files.table.ts';
import { hourlyWageTypes } from '../staff/staff.table.ts';
import { users } from '../users/users.table.ts';

/**
 * A TA's clock-in and clock-out (근무 기록), kept to the minute. `workDate` is the Korean date of
 * the clock-in: the day a shift belongs to. A TA has at most one `open` record (the partial unique
 * index makes that true even for two clicks at once); a record still open after its work day ends
 * becomes `missing_out` for an admin to correct, never closed by itself.
 */
export const workRecords = pgTable(
  'work_records',
  {
    id: serial('id').primaryKey(),
    taId: integer('ta_id').notNull().references(() => users.id),
    wageTypeId: integer('wage_type_id').notNull().references(() => hourlyWageTypes.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['open', 'closed', 'missing_out'] }).notNull().default('open'),
    /** clock: the TA's button; admin: added by an admin (a missed shift). */
    source: text('source', { enum: ['clock', 'admin'] }).notNull().default('clock'),
    corrected: boolean('corrected').notNull().default(false),
    correctionReason: text('correction_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('work_records_status_check', sql`${t.status} in ('open', 'closed', 'missing_out')`),
    check('work_records_source_check', sql`${t.source} in ('clock', 'admin')`),
    check('work_records_times_check', sql`${t.endedAt} is null or ${t.endedAt} >= ${t.startedAt}`),
    check('work_records_closed_check', sql`(${t.status} = 'closed') = (${t.endedAt} is not null)`),
    uniqueIndex('work_records_one_open_idx').on(t.taId).where(sql`${t.status} = 'open'`),
    index('work_records_ta_date_idx').on(t.taId, t.workDate),
    index('work_records_date_idx').on(t.workDate),
  ],
);
export type WorkRecordRow = typeof workRecords.$inferSelect;

/** An expense a TA paid for the center (amount, date, memo, receipt), approved or rejected by an admin. */
export const expenseClaims = pgTable(
  'expense_claims',
  {
    id: serial('id').primaryKey(),
    taId: integer('ta_id').notNull().references(() => users.id),
    date: date('date', { mode: 'string' }).notNull(),
    amount: integer('amount').notNull(),
    memo: text('memo').notNull(),
    receiptFileId: integer('receipt_file_id').references(() => files.id),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    /** The pay month an approved claim is paid in: its date's month, or the next open one. */
    payMonth: text('pay_month'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('expense_claims_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('expense_claims_amount_check', sql`${t.amount} > 0`),
    check('expense_claims_paid_check', sql`(${t.status} = 'approved') = (${t.payMonth} is not null)`),
    uniqueIndex('expense_claims_receipt_idx').on(t.receiptFileId),
    index('expense_claims_ta_idx').on(t.taId, t.status),
    index('expense_claims_pay_month_idx').on(t.payMonth),
  ],
);
export type ExpenseClaimRow = typeof expenseClaims.$inferSelect;

/** Monthly custom wages: one-off additions (+) or deductions (−) per TA and month, with a memo. */
export const customWages = pgTable(
  'ta_monthly_custom_wages',
  {
    id: serial('id').primaryKey(),
    taId: integer('ta_id').notNull().references(() => users.id),
    month: text('month').notNull(),
    amount: integer('amount').notNull(),
    memo: text('memo').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('ta_monthly_custom_wages_amount_check', sql`${t.amount} <> 0`), index('ta_monthly_custom_wages_month_idx').on(t.month, t.taId)],
);
export type CustomWageRow = typeof customWages.$inferSelect;

/** The center's payroll switch (one row, id 1): overtime and night premiums for 5+ employees. */
export const payrollSettings = pgTable(
  'payroll_settings',
  {
    id: integer('id').primaryKey().default(1),
    premiumsEnabled: boolean('premiums_enabled').notNull().default(false),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('payroll_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * Minimum wage and the employee's share of the four insurances, by year, as the center saved
 * them. Years without a row use the defaults written in payroll.rates.ts (with their sources).
 * Rates are parts per million (4.75% = 47,500).
 */
export const payrollYearRates = pgTable('payroll_year_rates', {
  year: integer('year').primaryKey(),
  minimumWage: integer('minimum_wage').notNull(),
  pensionPpm: integer('pension_ppm').notNull(),
  healthPpm: integer('health_ppm').notNull(),
  longTermCarePpm: integer('long_term_care_ppm').notNull(),
  employmentPpm: integer('employment_ppm').notNull(),
  source: text('source').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A closed month: the payroll as it stood at close, frozen (lines, totals, rates used). */
export const payrollCloses = pgTable('payroll_closes', {
  month: text('month').primaryKey(),
  closedBy: integer('closed_by'),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
  info: jsonb('info').$type<PayrollInfo>().notNull(),
});
