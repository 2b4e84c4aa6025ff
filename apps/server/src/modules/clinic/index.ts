import { clinicBoardTopic, clinicSeatsTopic } from '@academy/contracts/clinic';
import { hasPermission } from '@academy/contracts/roles';
import type { ModuleHooks } from '../../module.ts';
import { createBoardService } from './board.service.ts';
import { createBookingService } from './booking.service.ts';
import type { ClinicDeps } from './clinic.deps.ts';
import { createClinicRows } from './clinic.rows.ts';
import { clinicRoutes } from './clinic.routes.ts';
import { seedDemoClinic } from './clinic.seed.ts';
import { createPortalService } from './portal.service.ts';
import { createSlotService } from './slots.service.ts';
import { createClinicStatistics } from './statistics.ts';
import { createStudentBookings } from './student-bookings.ts';

export type ClinicModule = ReturnType<typeof createClinicModule>;

/**
 * Clinic (클리닉) and counsel (상담): slots with a capacity and a booking window, fair booking under
 * a burst (the database keeps the capacity and the no-overlap rule), the day's board with arrival,
 * departure and the hurry SMS, the retake that closes a clinic in the score grid, copy by day, TA
 * assignment, and the counsel note that lands in the student's consult record. Owns
 * clinic_slots, clinic_participants, clinic_days and clinic_rules (docs/clinic.md).
 */
export function createClinicModule(deps: ClinicDeps) {
  const rows = createClinicRows(deps);
  const slots = createSlotService({ ...deps, rows });
  const booking = createBookingService({ ...deps, rows });
  const board = createBoardService({ ...deps, rows });
  const portal = createPortalService({ ...deps, rows, booking, slots });
  return {
    /** The clinics a student booked between two days (the parent's week). */
    bookings: createStudentBookings(deps),
    /** The dashboard's clinic completion per month. */
    statistics: createClinicStatistics(deps),
    register(app) {
      clinicRoutes(app, { slots, booking, board, portal });
    },
    seed: { demo: (seed) => seedDemoClinic({ ...deps, slots, booking }, seed) },
    // The board names students: staff only. Seat counts name nobody: any signed-in account, so a
    // student's booking page follows them.
    topics: [
      { topic: clinicBoardTopic, authorize: ({ user }) => hasPermission(user, 'TA') },
      { topic: clinicSeatsTopic, authorize: () => true },
    ],
  } satisfies ModuleHooks & Record<string, unknown>;
}
