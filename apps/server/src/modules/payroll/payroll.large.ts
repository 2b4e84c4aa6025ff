import { addDays, dayOfWeek } from '@academy/contracts/dates';
import { and, between, count, eq, inArray, like, sql } from 'drizzle-orm';
import type { LargeSeedStep } from '../../db/seed/seed.ts';
import { userAccounts } from '../users/index.ts';
import { monthBounds } from './compute.ts';
import { customWages, expenseClaims, workRecords } from './payroll.table.ts';

/** The month the generated center's TAs worked: one full month, ~2,000 records for 30 TAs. */
export const LARGE_PAYROLL = { month: '2026-03', shiftsPerDay: 3 } as const;

const SHIFTS = [
  { from: [10, 0], minutes: 180 },
  { from: [14, 0], minutes: 240 },
  { from: [19, 0], minutes: 210 },
] as const;

/**
 * The payroll step of `seed:large`: each generated TA (bta01 …) works three shifts on each
 * weekday of the month (some evening shifts run past 22:00), with a wage type from their allowed
 * ones, plus a custom wage and an approved expense claim each. Idempotent.
 */
export function largePayrollStep(deps: { wageTypeIds: () => Promise<number[]> }): LargeSeedStep {
  return {
    name: `payroll: ${LARGE_PAYROLL.month} work records of the generated TAs`,
    run: async ({ db, random }) => {
      const tas = await db.select({ id: userAccounts.id }).from(userAccounts).where(and(eq(userAccounts.userType, 'TA'), like(userAccounts.loginId, 'bta%')));
      if (tas.length === 0) return;
      const { first, last } = monthBounds(LARGE_PAYROLL.month);
      const [done] = await db.select({ n: count() }).from(workRecords).where(and(inArray(workRecords.taId, tas.map((t) => t.id)), between(workRecords.workDate, first, last)));
      if ((done?.n ?? 0) > 0) return;
      const types = await deps.wageTypeIds();
      const rows: (typeof workRecords.$inferInsert)[] = [];
      for (const [i, ta] of tas.entries()) {
        for (let d = first; d <= last; d = addDays(d, 1)) {
          if (dayOfWeek(d) > 5) continue;
          for (const [k, s] of SHIFTS.entries()) {
            const start = new Date(`${d}T${String(s.from[0]).padStart(2, '0')}:${String(s.from[1]).padStart(2, '0')}:00+09:00`);
            const jitter = Math.floor(random() * 4) * 15;
            rows.push({
              taId: ta.id, wageTypeId: types[(i + k) % types.length]!, workDate: d, startedAt: start,
              endedAt: new Date(start.getTime() + (s.minutes + jitter) * 60_000), status: 'closed', source: 'clock',
            });
          }
        }
      }
      for (let at = 0; at < rows.length; at += 1000) await db.insert(workRecords).values(rows.slice(at, at + 1000));
      await db.insert(customWages).values(tas.map((ta, i) => ({ taId: ta.id, month: LARGE_PAYROLL.month, amount: i % 4 === 0 ? -20_000 : 50_000, memo: i % 4 === 0 ? '지각 공제' : '시험 감독 수당' })));
      await db.insert(expenseClaims).values(tas.map((ta, i) => ({ taId: ta.id, date: `${LARGE_PAYROLL.month}-1${i % 9}`, amount: 5_000 + i * 730, memo: '수업 준비물', status: 'approved' as const, payMonth: LARGE_PAYROLL.month })));
      for (const table of [workRecords, customWages, expenseClaims]) await db.execute(sql`analyze ${table}`);
    },
  };
}
