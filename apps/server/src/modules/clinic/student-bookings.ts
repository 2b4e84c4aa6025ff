import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { ClinicDeps } from './clinic.deps.ts';
import { clinicParticipants, clinicSlots } from './clinic.table.ts';

/** A clinic a student booked, as a parent sees it: when, what, and how far it went. */
export type StudentBooking = { date: string; startTime: string; endTime: string; title: string; status: '예약' | '출석' | '귀가' | '완료' };

/** The clinics a student booked between two days (the parent's week), in time order. */
export function createStudentBookings({ ctx }: Pick<ClinicDeps, 'ctx'>) {
  return {
    async ofStudent(opts: { studentId: number; from: string; to: string }): Promise<StudentBooking[]> {
      const rows = await ctx.db
        .select({
          date: clinicSlots.date,
          startTime: clinicSlots.startTime,
          endTime: clinicSlots.endTime,
          title: clinicSlots.title,
          arrivedAt: clinicParticipants.arrivedAt,
          departedAt: clinicParticipants.departedAt,
          gradedAt: clinicParticipants.gradedAt,
        })
        .from(clinicParticipants)
        .innerJoin(clinicSlots, eq(clinicSlots.id, clinicParticipants.slotId))
        .where(and(eq(clinicParticipants.userId, opts.studentId), eq(clinicSlots.kind, 'clinic'), gte(clinicSlots.date, opts.from), lte(clinicSlots.date, opts.to)))
        .orderBy(asc(clinicSlots.date), asc(clinicSlots.startTime));
      return rows.map((r) => ({
        date: r.date,
        startTime: r.startTime,
        endTime: r.endTime,
        title: r.title || '클리닉',
        status: r.gradedAt ? '완료' : r.departedAt ? '귀가' : r.arrivedAt ? '출석' : '예약',
      }));
    },
  };
}
