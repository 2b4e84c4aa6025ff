import { formatMonth, nextMonth, PAYROLL_ERRORS } from '@academy/contracts/payroll';
import { inArray, sql } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import type { PayrollDeps } from './payroll.deps.ts';
import { payrollCloses } from './payroll.table.ts';

export type MonthService = ReturnType<typeof createMonthService>;

/**
 * Which pay months are closed, and the guard every write into a month goes through. A write and a
 * close of the same month take the same transaction-scoped advisory lock, so a change can never
 * slip into a month between its payroll snapshot and the close.
 */
export function createMonthService({ ctx }: Pick<PayrollDeps, 'ctx'>) {
  const { db } = ctx;

  async function lock(months: readonly string[]): Promise<void> {
    for (const m of [...new Set(months)].sort()) await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`payroll:${m}`}))`);
  }

  async function closedOf(months: readonly string[]): Promise<Set<string>> {
    const unique = [...new Set(months)];
    if (unique.length === 0) return new Set();
    const rows = await db.select({ month: payrollCloses.month }).from(payrollCloses).where(inArray(payrollCloses.month, unique));
    return new Set(rows.map((r) => r.month));
  }

  return {
    lock,
    closedOf,

    /**
     * Inside the caller's transaction: locks the months and refuses the write when one is closed.
     * Corrections to a closed month go to the next month as a custom wage (docs/payroll.md).
     */
    async requireOpen(opts: { months: readonly string[]; field?: string }): Promise<void> {
      await lock(opts.months);
      const closed = [...(await closedOf(opts.months))].sort();
      if (closed.length === 0) return;
      const m = closed[0]!;
      throw appError(
        PAYROLL_ERRORS.month_closed,
        `${formatMonth(m)} 급여는 마감되어 고칠 수 없습니다. 정정할 금액은 ${formatMonth(nextMonth(m))} 추가·공제 항목으로 넣어 주세요`,
        { field: opts.field, details: { closedMonths: closed } },
      );
    },

    /** The first month from `month` on that is not closed (where a late approval is paid). */
    async firstOpenFrom(month: string): Promise<string> {
      let m = month;
      for (;;) {
        const closed = await closedOf([m]);
        if (!closed.has(m)) return m;
        m = nextMonth(m);
      }
    },
  };
}
