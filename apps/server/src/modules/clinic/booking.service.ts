import { CLINIC_ERRORS, type CounselType, kstDateTime, type Participant, type ParticipantSource, type SlotKind } from '@academy/contracts/clinic';
import { and, eq, gt, lt, notInArray, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { appError } from '../../lib/errors.ts';
import type { ClinicDeps } from './clinic.deps.ts';
import type { Actor, ClinicRows, ParticipantRow, WindowedSlot } from './clinic.rows.ts';
import { clinicParticipants, clinicSlots } from './clinic.table.ts';
import { createSeats } from './seats.ts';

const WORD: Record<SlotKind, string> = { clinic: '클리닉', counsel: '상담' };

/**
 * Advisory-lock namespace of this module: while a student's bookings change, their lock is held
 * (one per student, released at commit), so two requests of one student cannot both pass the
 * overlap check. Lock order: seat rows (never waited on: SKIP LOCKED), student locks (in id
 * order), slot rows in id order as the last step (seats.ts).
 */
const LOCK_SPACE = 7301;

type Place = {
  slot: WindowedSlot;
  userId: number;
  source: ParticipantSource;
  examId?: number;
  counselType?: CounselType | null;
  /** Students may link only released exams; staff any. */
  releasedOnly: boolean;
  actor: Actor;
  /** Prefix of error messages about this student when staff place several at once. */
  who?: string;
};

/**
 * Booking: a seat in a slot, never more than its capacity and never two overlapping slots for one
 * student, however many requests arrive at once and on however many server instances. The rules
 * are kept by the database in one transaction per request: a free seat row taken with SKIP LOCKED
 * (a full slot, or one whose last seats are being taken this instant, answers at once), the
 * student's advisory lock and the overlap check, then the rest. A slot already full is answered
 * before any transaction, from one read.
 */
export function createBookingService(deps: ClinicDeps & { rows: ClinicRows }) {
  const { ctx, users, exams, rows } = deps;
  const { db, audit } = ctx;
  const seats = createSeats(db);

  async function lockStudents(ids: readonly number[]): Promise<void> {
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) await db.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}::int, ${id}::int)`);
  }

  const full = (slot: Pick<WindowedSlot, 'capacity' | 'kind'>, who = '') =>
    appError(CLINIC_ERRORS.full, `${who}이 ${WORD[slot.kind]} 시간은 정원(${slot.capacity}명)이 다 찼습니다. 다른 시간을 골라 주세요`);
  const already = (who = '') => appError(CLINIC_ERRORS.already_reserved, `${who}이미 이 시간에 예약되어 있습니다`);

  /** A free seat for the student, or the reason there is none. */
  async function takeSeat(p: Pick<Place, 'slot' | 'userId' | 'who'>): Promise<void> {
    let seat: number | null;
    try {
      seat = await seats.claim({ slotId: p.slot.id, userId: p.userId });
    } catch (e) {
      // The student holds a seat in this slot already (a double tap: the second waits for the first).
      if (isUniqueViolation(e)) throw already(p.who);
      throw e;
    }
    if (seat === null) throw full(p.slot, p.who);
  }

  /** The student's other slots that day must not overlap this one (`except`: the slot being left). */
  async function assertNoOverlap(opts: { userId: number; slot: WindowedSlot; except: number[]; who?: string }): Promise<void> {
    const [clash] = await db
      .select({ kind: clinicSlots.kind, startTime: clinicSlots.startTime, endTime: clinicSlots.endTime, title: clinicSlots.title })
      .from(clinicParticipants)
      .innerJoin(clinicSlots, eq(clinicSlots.id, clinicParticipants.slotId))
      .where(and(
        eq(clinicParticipants.userId, opts.userId),
        eq(clinicSlots.date, opts.slot.date),
        lt(clinicSlots.startTime, opts.slot.endTime),
        gt(clinicSlots.endTime, opts.slot.startTime),
        notInArray(clinicSlots.id, [opts.slot.id, ...opts.except]),
      ))
      .limit(1);
    if (clash) {
      throw appError(CLINIC_ERRORS.overlap, `${opts.who ?? ''}같은 시간에 이미 ${WORD[clash.kind]} 예약이 있습니다 (${clash.startTime}–${clash.endTime}${clash.title ? ` ${clash.title}` : ''})`);
    }
  }

  /**
   * Takes a seat, inside the caller's transaction. Student locks: `lockedByCaller` when the caller
   * took them already (staff placing several), else taken here after the seat.
   */
  async function place(p: Place & { lockedByCaller?: boolean }): Promise<{ participant: Participant; reserved: number }> {
    await takeSeat(p);
    if (!p.lockedByCaller) await lockStudents([p.userId]);
    await assertNoOverlap({ userId: p.userId, slot: p.slot, except: [], who: p.who });
    const names = await users.directory([p.userId, p.actor.id]);
    const actor = { id: p.actor.id, name: names.get(p.actor.id)?.name };
    const examId = p.slot.kind === 'clinic' ? await exams.clinic.book({ userId: p.userId, examId: p.examId, releasedOnly: p.releasedOnly, actor }) : null;
    if (p.examId !== undefined && examId === null) {
      throw appError(CLINIC_ERRORS.target_invalid, `${p.who ?? ''}이 시험은 클리닉 대상이 아니거나 이미 예약되어 있습니다`, { field: 'examId' });
    }
    const now = ctx.now();
    const [row] = await db
      .insert(clinicParticipants)
      .values({
        slotId: p.slot.id, userId: p.userId, source: p.source, examId, counselType: p.counselType ?? null,
        todos: examId === null ? [] : [{ kind: '재시험', done: false }], createdBy: p.actor.id, createdAt: now, updatedAt: now,
      })
      .returning();
    await audit.record({ actorId: p.actor.id, action: `${p.slot.kind}.book`, entity: 'clinic_participant', entityId: row!.id, after: { slotId: p.slot.id, userId: p.userId, source: p.source, examId, counselType: p.counselType ?? null } });
    const participant = await rows.mapOne(row!, names);
    await rows.announceParticipant({ participant, slot: p.slot });
    // The count moves last: its row lock is what concurrent bookings of this slot queue on.
    const reserved = await seats.count({ slotId: p.slot.id, delta: 1 });
    await rows.announceSeats(p.slot, reserved);
    return { participant, reserved };
  }

  /** Gives the seat back; a booked (not yet graded) score returns to 클리닉대상. Inside the caller's transaction. */
  async function unplace(opts: { p: ParticipantRow; slot: WindowedSlot; actor: Actor; action: string }): Promise<void> {
    const [gone] = await db.delete(clinicParticipants).where(eq(clinicParticipants.id, opts.p.id)).returning();
    if (!gone) throw appError(CLINIC_ERRORS.participant_not_found, '이미 취소된 예약입니다');
    await seats.release({ slotId: gone.slotId, userId: gone.userId });
    if (gone.examId !== null && gone.gradedAt === null) await exams.clinic.unbook({ examId: gone.examId, userId: gone.userId, actor: opts.actor });
    await audit.record({ actorId: opts.actor.id, action: opts.action, entity: 'clinic_participant', entityId: gone.id, before: { slotId: gone.slotId, userId: gone.userId, source: gone.source, examId: gone.examId } });
    await rows.announceRemoved({ id: gone.id, slot: opts.slot });
    await rows.announceSeats(opts.slot, await seats.count({ slotId: gone.slotId, delta: -1 }));
  }

  return {
    /**
     * A student books a seat. Refused at once, without a transaction, when the slot is staff-only,
     * outside its booking window or already full.
     */
    async reserve(opts: { slotId: number; kind: SlotKind; userId: number; isStudent: boolean; examId?: number; counselType?: CounselType }): Promise<{ participant: Participant; slot: WindowedSlot }> {
      const slot = await rows.requireSlot(opts.slotId, opts.kind);
      if (slot.reserveType === 'assigned') throw appError(CLINIC_ERRORS.assigned_only, `이 ${WORD[opts.kind]} 시간은 학원에서 배정합니다`);
      const now = ctx.now().getTime();
      if (now < Date.parse(slot.window.opensAt)) throw appError(CLINIC_ERRORS.not_open, `예약은 ${kstDateTime(slot.window.opensAt)}부터 할 수 있습니다`);
      if (now >= Date.parse(slot.window.closesAt)) throw appError(CLINIC_ERRORS.closed, `이 시간은 예약이 마감되었습니다 (${kstDateTime(slot.window.closesAt)})`);
      if (slot.reserved >= slot.capacity) throw full(slot);
      if (opts.kind === 'counsel' && !opts.counselType) throw appError(CLINIC_ERRORS.counsel_type_required, '상담 유형을 골라 주세요', { field: 'counselType' });
      // The portal routes are open to staff too (STUDENT permission); only students take seats.
      if (!opts.isStudent) throw appError(CLINIC_ERRORS.not_student, '학생 계정만 예약할 수 있습니다');
      if (slot.lectureId !== null && !(await deps.lectures.participation.lecturesOf(opts.userId)).includes(slot.lectureId)) {
        const name = (await deps.lectures.lectures.names([slot.lectureId])).get(slot.lectureId) ?? '';
        throw appError(CLINIC_ERRORS.not_enrolled, `이 ${WORD[opts.kind]} 시간은 '${name}' 수강생만 예약할 수 있습니다`);
      }
      return db.transaction(async () => {
        const placed = await place({ slot, userId: opts.userId, source: 'self', examId: opts.examId, counselType: opts.counselType, releasedOnly: true, actor: { id: opts.userId } });
        return { participant: placed.participant, slot: { ...slot, reserved: placed.reserved } };
      });
    },

    /** A student cancels their own booking, until the slot's cancel deadline; seats staff gave are cancelled by staff. */
    async cancel(opts: { slotId: number; kind: SlotKind; userId: number }): Promise<{ slotId: number }> {
      const slot = await rows.requireSlot(opts.slotId, opts.kind);
      const p = await rows.findParticipation({ slotId: opts.slotId, userId: opts.userId });
      if (!p) throw appError(CLINIC_ERRORS.participant_not_found, '이 시간에 예약한 기록이 없습니다');
      if (p.source === 'staff') throw appError(CLINIC_ERRORS.staff_assigned, `학원에서 배정한 ${WORD[opts.kind]}은 학원에 연락해 바꿔 주세요`);
      if (p.arrivedAt) throw appError(CLINIC_ERRORS.cancel_closed, '이미 도착한 예약은 취소할 수 없습니다');
      if (ctx.now().getTime() >= Date.parse(slot.window.cancelUntil)) {
        throw appError(CLINIC_ERRORS.cancel_closed, `취소는 ${kstDateTime(slot.window.cancelUntil)}까지 할 수 있습니다. 학원에 연락해 주세요`);
      }
      await db.transaction(async () => {
        await lockStudents([opts.userId]);
        await unplace({ p, slot, actor: { id: opts.userId }, action: `${opts.kind}.cancel` });
      });
      return { slotId: opts.slotId };
    },

    /** Staff put students in a slot (any reserve type, any time): all of them or none. */
    async add(opts: { slotId: number; kind: SlotKind; userIds: number[]; examId?: number; counselType?: CounselType; actor: Actor }): Promise<Participant[]> {
      await users.requireStudents({ ids: opts.userIds, error: CLINIC_ERRORS.not_student });
      const slot = await rows.requireSlot(opts.slotId, opts.kind);
      const names = await users.directory(opts.userIds);
      return db.transaction(async () => {
        await lockStudents(opts.userIds);
        const out: Participant[] = [];
        for (const userId of [...new Set(opts.userIds)]) {
          const who = `${names.get(userId)?.name ?? `ID ${userId}`}: `;
          out.push((await place({ slot, userId, source: 'staff', examId: opts.examId, counselType: opts.counselType, releasedOnly: false, actor: opts.actor, who, lockedByCaller: true })).participant);
        }
        return out;
      });
    },

    /** Staff take a student out of a slot (any time). */
    async remove(opts: { participantId: number; kind: SlotKind; actor: Actor }): Promise<{ id: number }> {
      const { p, slot } = await rows.requireParticipant(opts.participantId, opts.kind);
      await db.transaction(async () => {
        await lockStudents([p.userId]);
        await unplace({ p, slot, actor: opts.actor, action: `${opts.kind}.remove` });
      });
      return { id: opts.participantId };
    },

    /** Moves a participant to another clinic slot in one step: the seat there is taken and this one freed together, or nothing changes. */
    async move(opts: { participantId: number; toSlotId: number; actor: Actor }): Promise<Participant> {
      const { p, slot: from } = await rows.requireParticipant(opts.participantId, 'clinic');
      const to = await rows.requireSlot(opts.toSlotId, 'clinic', 'slotId');
      if (to.id === from.id) return rows.mapOne(p);
      const name = (await users.directory([p.userId])).get(p.userId)?.name ?? '';
      return db.transaction(async () => {
        await lockStudents([p.userId]);
        const [current] = await db.select().from(clinicParticipants).where(eq(clinicParticipants.id, p.id));
        if (!current || current.slotId !== from.id) throw appError(CLINIC_ERRORS.participant_not_found, '그사이에 옮겨지거나 취소된 참여입니다. 화면을 새로 고쳐 주세요');
        await takeSeat({ slot: to, userId: p.userId, who: `${name}: ` });
        await assertNoOverlap({ userId: p.userId, slot: to, except: [from.id], who: `${name}: ` });
        const [moved] = await db.update(clinicParticipants).set({ slotId: to.id, updatedAt: ctx.now() }).where(eq(clinicParticipants.id, p.id)).returning();
        await seats.release({ slotId: from.id, userId: p.userId });
        await audit.record({ actorId: opts.actor.id, action: 'clinic.move', entity: 'clinic_participant', entityId: p.id, before: { slotId: from.id }, after: { slotId: to.id } });
        const participant = await rows.mapOne(moved!);
        await rows.announceRemoved({ id: p.id, slot: from });
        await rows.announceParticipant({ participant, slot: to });
        for (const [slot, delta] of ([[from, -1], [to, 1]] as const).slice().sort((a, b) => a[0].id - b[0].id)) await rows.announceSeats(slot, await seats.count({ slotId: slot.id, delta }));
        return participant;
      });
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
