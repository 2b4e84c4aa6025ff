import type { ClinicMonth, PeriodQuery } from '@academy/contracts/dashboard';
import { and, between, eq, sql } from 'drizzle-orm';
import type { ClinicDeps } from './clinic.deps.ts';
import { clinicParticipants, clinicSlots } from './clinic.table.ts';

/**
 * The clinic's figures for the dashboard: per month of the slots' dates, the students booked into
 * clinic slots, those who arrived, and those whose clinic is done (a retake graded), as the day's
 * board and the parent's week show them.
 */
export function createClinicStatistics({ ctx }: Pick<ClinicDeps, 'ctx'>) {
  return {
    async completionByMonth({ startDate, endDate }: PeriodQuery): Promise<ClinicMonth[]> {
      const month = sql<string>`to_char(${clinicSlots.date}::date, 'YYYY-MM')`;
      const rows = await ctx.db
        .select({
          month,
          booked: sql<number>`count(*)::int`,
          arrived: sql<number>`(count(*) filter (where ${clinicParticipants.arrivedAt} is not null))::int`,
          completed: sql<number>`(count(*) filter (where ${clinicParticipants.gradedAt} is not null))::int`,
        })
        .from(clinicParticipants)
        .innerJoin(clinicSlots, eq(clinicSlots.id, clinicParticipants.slotId))
        .where(and(eq(clinicSlots.kind, 'clinic'), between(clinicSlots.date, startDate, endDate)))
        .groupBy(month)
        .orderBy(month);
      return rows.map((r) => ({ ...r, rate: r.booked === 0 ? null : r.completed / r.booked }));
    },
  };
}
