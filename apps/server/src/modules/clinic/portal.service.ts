import { addDays, kstToday } from '@academy/contracts/dates';
import { bookingRulesText, bookingState, CLINIC_ERRORS, type MyBooking, type OpenSlot, type Participant, type PortalBoard, rangeIssues, type Slot, type SlotKind } from '@academy/contracts/clinic';
import type { PortalCounsel } from '@academy/contracts/counsel';
import { and, between, eq, gte, inArray, or } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import type { BookingService } from './booking.service.ts';
import type { ClinicDeps } from './clinic.deps.ts';
import type { ClinicRows, WindowedSlot } from './clinic.rows.ts';
import type { SlotService } from './slots.service.ts';
import { clinicParticipants, clinicSlots } from './clinic.table.ts';

/** How far ahead a student sees slots by default. */
const DEFAULT_DAYS = 14;

/**
 * The student's side: the slots they may book (예약제) with the seats left and whether booking is
 * open, their own bookings, their 클리닉대상 scores (released exams only) and the clinic notice.
 * A student sees other students only as a number of taken seats.
 */
export function createPortalService(deps: ClinicDeps & { rows: ClinicRows; booking: BookingService; slots: Pick<SlotService, 'rules'> }) {
  const { ctx, exams, lectures, notices, rows, booking, slots: slotService } = deps;
  const { db } = ctx;

  function range(opts: { from?: string; to?: string }): { startDate: string; endDate: string } {
    const startDate = opts.from ?? kstToday(ctx.now());
    const endDate = opts.to ?? addDays(startDate, DEFAULT_DAYS - 1);
    const issue = rangeIssues({ startDate, endDate })[0];
    if (issue) throw appError(CLINIC_ERRORS.range_invalid, issue.message, { field: 'to' });
    return { startDate, endDate };
  }

  function openSlot(s: Slot, mine: number | null): OpenSlot {
    const { opensAt: _o, closesAt: _c, cancelUntil: _u, taId: _t, ...rest } = s;
    return { ...rest, state: bookingState({ window: s.window, now: ctx.now(), reserved: s.reserved, capacity: s.capacity }), mine };
  }

  function booked(p: Participant, slot: OpenSlot, released: Set<number>): MyBooking {
    return {
      participantId: p.id,
      slot,
      source: p.source,
      // A score staff linked before its exam was released stays hidden from the student.
      target: p.target && released.has(p.target.examId) ? p.target : null,
      counselType: p.counselType,
      arrivedAt: p.arrivedAt,
      canCancel: p.source === 'self' && !p.arrivedAt && ctx.now().getTime() < Date.parse(slot.window.cancelUntil),
    };
  }

  /** The bookable slots in range and the student's own bookings from the start of the range on. */
  async function board(opts: { kind: SlotKind; userId: number; from?: string; to?: string }) {
    const r = range(opts);
    const mineRows = await db
      .select({ p: clinicParticipants })
      .from(clinicParticipants)
      .innerJoin(clinicSlots, eq(clinicSlots.id, clinicParticipants.slotId))
      .where(and(eq(clinicParticipants.userId, opts.userId), eq(clinicSlots.kind, opts.kind), gte(clinicSlots.date, r.startDate)));
    const mySlotIds = mineRows.map((m) => m.p.slotId);
    const windowed: WindowedSlot[] = await rows.windowedSlots(and(
      eq(clinicSlots.kind, opts.kind),
      or(and(between(clinicSlots.date, r.startDate, r.endDate), eq(clinicSlots.reserveType, 'self')), mySlotIds.length ? inArray(clinicSlots.id, mySlotIds) : undefined),
    ));
    const [slots, participants, targets, enrolled] = await Promise.all([
      rows.mapSlots(windowed),
      rows.mapParticipants(mineRows.map((m) => m.p)),
      opts.kind === 'clinic' ? exams.clinic.scoresOf({ userIds: [opts.userId], statuses: ['required', 'booked', 'done'], releasedOnly: true }) : [],
      lectures.participation.lecturesOf(opts.userId).then((ids) => new Set(ids)),
    ]);
    // Slots of the student's own lectures first on each day, then the ones for anyone; another
    // lecture's slots are not theirs to book and are left out.
    const ownFirst = (s: OpenSlot) => (s.lectureId === null ? 1 : 0);
    const mineBySlot = new Map(participants.map((p) => [p.slotId, p]));
    const released = new Set(targets.map((t) => t.examId));
    const open = slots.map((s) => openSlot(s, mineBySlot.get(s.id)?.id ?? null));
    const openById = new Map(open.map((s) => [s.id, s]));
    return {
      now: ctx.now().toISOString(),
      mine: participants.map((p) => booked(p, openById.get(p.slotId)!, released)).sort((a, b) => a.slot.date.localeCompare(b.slot.date) || a.slot.startTime.localeCompare(b.slot.startTime)),
      slots: open
        .filter((s) => s.reserveType === 'self' && s.date >= r.startDate && s.date <= r.endDate && (s.lectureId === null || enrolled.has(s.lectureId)))
        .sort((a, b) => a.date.localeCompare(b.date) || ownFirst(a) - ownFirst(b) || a.startTime.localeCompare(b.startTime)),
      targets: targets.filter((t) => t.clinic !== 'done').map(({ userId: _u, ...t }) => t),
    };
  }

  return {
    async clinic(opts: { userId: number; from?: string; to?: string }): Promise<PortalBoard> {
      const [b, notice, rules] = await Promise.all([board({ ...opts, kind: 'clinic' }), notices.clinicNotice(), slotService.rules()]);
      return { ...b, notice, rulesText: bookingRulesText(rules) };
    },

    async counsel(opts: { userId: number; from?: string; to?: string }): Promise<PortalCounsel> {
      const { targets: _t, ...b } = await board({ ...opts, kind: 'counsel' });
      return b;
    },

    /** Books and answers with the booking as the student's list shows it. */
    async reserve(opts: Parameters<BookingService['reserve']>[0]): Promise<MyBooking> {
      const { participant, slot } = await booking.reserve(opts);
      const [mapped] = await rows.mapSlots([slot]);
      return booked(participant, openSlot(mapped!, participant.id), new Set(participant.target ? [participant.target.examId] : []));
    },
  };
}

export type PortalService = ReturnType<typeof createPortalService>;
