import { kstToday } from '@academy/contracts/dates';
import { addDays } from '@academy/contracts/dates';
import { and, eq, lte } from 'drizzle-orm';
import type { MonthService } from './months.service.ts';
import type { PayrollDeps } from './payroll.deps.ts';
import { workRecords, type WorkRecordRow } from './payroll.table.ts';
import { monthsOfRecord, toWorkRecord } from './records.rows.ts';

export type RecordService = ReturnType<typeof createRecordService>;

/** What both the TA's and the admin's record screens need: replies with names, and the 퇴근 누락 sweep. */
export function createRecordService(deps: PayrollDeps & { months: MonthService }) {
  const { ctx, users, staff, months } = deps;
  const { db } = ctx;

  return {
    /** Rows as the API answers them: TA and wage type names, status as of now, whether their month is closed. */
    async reply(rows: readonly WorkRecordRow[]) {
      const [people, types, closed] = await Promise.all([
        users.directory(rows.map((r) => r.taId)),
        staff.wageTypes.byIds(rows.map((r) => r.wageTypeId)),
        months.closedOf(rows.flatMap(monthsOfRecord)),
      ]);
      const names = {
        taName: (id: number) => people.get(id)?.name ?? '(삭제된 계정)',
        wageTypeName: (id: number) => types.get(id)?.name ?? '(삭제된 유형)',
        closed,
      };
      const now = ctx.now();
      return rows.map((r) => toWorkRecord(r, names, now));
    },

    /**
     * Records still open after their work day ended (06:00 the next morning) become 퇴근 누락 for an
     * admin to correct: they are never closed by themselves. Optionally only one TA's.
     */
    async flagMissingOut(opts: { taId?: number } = {}): Promise<number> {
      const lastStaleDay = addDays(kstToday(new Date(ctx.now().getTime() - 6 * 3_600_000)), -1);
      return db.transaction(async () => {
        const flagged = await db
          .update(workRecords)
          .set({ status: 'missing_out', updatedAt: ctx.now() })
          .where(and(eq(workRecords.status, 'open'), lte(workRecords.workDate, lastStaleDay), opts.taId === undefined ? undefined : eq(workRecords.taId, opts.taId)))
          .returning({ id: workRecords.id, taId: workRecords.taId, startedAt: workRecords.startedAt });
        if (flagged.length) {
          await ctx.audit.record(flagged.map((r) => ({
            actorId: null, action: 'work.missing_out', entity: 'work_record', entityId: r.id,
            after: { taId: r.taId, startedAt: r.startedAt.toISOString(), status: 'missing_out' },
          })));
        }
        return flagged.length;
      });
    },
  };
}
