import {
  type BookingRules,
  bookingWindow,
  type BookingWindow,
  CLINIC_ERRORS,
  clinicTopic,
  DEFAULT_BOOKING_RULES,
  type DayInfo,
  type Participant,
  type SlotKind,
  type Slot,
  seatsTopic,
} from '@academy/contracts/clinic';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import type { ClinicDeps } from './clinic.deps.ts';
import { clinicDays, clinicParticipants, clinicRules, clinicSlots } from './clinic.table.ts';

/** Row loaders, mappers and the realtime announcements shared by this module's services. */

export type SlotRow = typeof clinicSlots.$inferSelect;
export type ParticipantRow = typeof clinicParticipants.$inferSelect;
export type DayRow = typeof clinicDays.$inferSelect;
export type RulesRow = typeof clinicRules.$inferSelect;
/** A slot with the booking window that applies to it (its own times, its day's, or the rule). */
export type WindowedSlot = SlotRow & { window: BookingWindow };
export type Actor = { id: number };

export const rulesOf = (r: RulesRow | null | undefined): BookingRules =>
  r ? { opensWeekday: r.opensWeekday, opensTime: r.opensTime, closeBeforeMinutes: r.closeBeforeMinutes, cancelBeforeMinutes: r.cancelBeforeMinutes } : DEFAULT_BOOKING_RULES;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const mapDay = (d: Pick<DayRow, 'date' | 'memo' | 'opensAt' | 'closesAt'>): DayInfo => ({ date: d.date, memo: d.memo, opensAt: iso(d.opensAt), closesAt: iso(d.closesAt) });

const KIND_WORD: Record<SlotKind, string> = { clinic: '클리닉', counsel: '상담' };

export function createClinicRows(deps: ClinicDeps) {
  const { ctx, users, lectures, exams, records } = deps;
  const { db, realtime } = ctx;

  /** Slots with what decides their window (their day, the center's rule), read in one statement. */
  async function windowedSlots(where: SQL | undefined): Promise<WindowedSlot[]> {
    const rows = await db
      .select({ s: clinicSlots, dayOpens: clinicDays.opensAt, dayCloses: clinicDays.closesAt, rules: clinicRules })
      .from(clinicSlots)
      .leftJoin(clinicDays, eq(clinicDays.date, clinicSlots.date))
      .leftJoin(clinicRules, eq(clinicRules.id, 1))
      .where(where)
      .orderBy(asc(clinicSlots.date), asc(clinicSlots.startTime), asc(clinicSlots.room), asc(clinicSlots.id));
    return rows.map(({ s, dayOpens, dayCloses, rules }) => ({
      ...s,
      window: bookingWindow({
        date: s.date,
        startTime: s.startTime,
        rules: rulesOf(rules),
        day: { opensAt: iso(dayOpens), closesAt: iso(dayCloses) },
        slot: { opensAt: iso(s.opensAt), closesAt: iso(s.closesAt), cancelUntil: iso(s.cancelUntil) },
      }),
    }));
  }

  async function requireSlot(id: number, kind: SlotKind, field?: string): Promise<WindowedSlot> {
    const [slot] = await windowedSlots(eq(clinicSlots.id, id));
    if (!slot || slot.kind !== kind) throw appError(CLINIC_ERRORS.slot_not_found, `${KIND_WORD[kind]} 시간을 찾을 수 없습니다 (ID ${id})`, field ? { field } : {});
    return slot;
  }

  async function mapSlots(rows: readonly WindowedSlot[]): Promise<Slot[]> {
    const [tas, lectureNames] = await Promise.all([
      users.directory(rows.map((r) => r.taId).filter((id): id is number => id !== null)),
      lectures.lectures.names(rows.map((r) => r.lectureId).filter((id): id is number => id !== null)),
    ]);
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      date: r.date,
      startTime: r.startTime,
      endTime: r.endTime,
      capacity: r.capacity,
      reserved: r.reserved,
      room: r.room,
      title: r.title,
      taId: r.taId,
      taName: r.taId === null ? null : (tas.get(r.taId)?.name ?? null),
      lectureId: r.lectureId,
      lectureName: r.lectureId === null ? null : (lectureNames.get(r.lectureId) ?? null),
      reserveType: r.reserveType,
      opensAt: iso(r.opensAt),
      closesAt: iso(r.closesAt),
      cancelUntil: iso(r.cancelUntil),
      window: r.window,
    }));
  }

  /**
   * Participants with their names, the score each resolves and (counsel) the note left after it.
   * `known` names (read with the rows, or already at hand) save looking them up.
   */
  async function mapParticipants(rows: readonly ParticipantRow[], known?: Map<number, { name: string; loginId: string }>): Promise<Participant[]> {
    if (rows.length === 0) return [];
    const withExam = rows.filter((r) => r.examId !== null);
    const consultIds = rows.map((r) => r.consultId).filter((id): id is number => id !== null);
    const [names, scores, notes] = await Promise.all([
      known ?? users.directory(rows.map((r) => r.userId)),
      withExam.length ? exams.clinic.scoresOf({ userIds: withExam.map((r) => r.userId), examIds: withExam.map((r) => r.examId!) }) : [],
      consultIds.length ? records.consults.contentsOf(consultIds) : new Map<number, { content: string }>(),
    ]);
    const scoreBy = new Map(scores.map((s) => [`${s.examId}:${s.userId}`, s]));
    return rows.map((r) => {
      const score = r.examId === null ? undefined : scoreBy.get(`${r.examId}:${r.userId}`);
      const account = names.get(r.userId);
      return {
        id: r.id,
        slotId: r.slotId,
        userId: r.userId,
        name: account?.name ?? '',
        loginId: account?.loginId ?? '',
        source: r.source,
        target: score
          ? { examId: score.examId, title: score.title, lectureId: score.lectureId, lectureName: score.lectureName, sessionTitle: score.sessionTitle, date: score.date, first: score.first, retake: score.retake, maxScore: score.maxScore, cutline: score.cutline, clinic: score.clinic }
          : null,
        todos: r.todos,
        arrivedAt: iso(r.arrivedAt),
        departedAt: iso(r.departedAt),
        hurriedAt: iso(r.hurriedAt),
        hurryCount: r.hurryCount,
        gradedAt: iso(r.gradedAt),
        retakeValue: r.retakeValue,
        memo: r.memo,
        counselType: r.counselType,
        consultId: r.consultId,
        note: r.consultId === null ? null : (notes.get(r.consultId)?.content ?? null),
        createdAt: r.createdAt.toISOString(),
      };
    });
  }

  async function requireParticipant(id: number, kind: SlotKind): Promise<{ p: ParticipantRow; slot: WindowedSlot }> {
    const [p] = await db.select().from(clinicParticipants).where(eq(clinicParticipants.id, id));
    const slot = p ? (await windowedSlots(eq(clinicSlots.id, p.slotId)))[0] : undefined;
    if (!p || !slot || slot.kind !== kind) throw appError(CLINIC_ERRORS.participant_not_found, `${KIND_WORD[kind]} 참여 기록을 찾을 수 없습니다 (ID ${id})`);
    return { p, slot };
  }

  /** The student's participation in a slot, if any. */
  async function findParticipation(opts: { slotId: number; userId: number }): Promise<ParticipantRow | undefined> {
    const [p] = await db.select().from(clinicParticipants).where(and(eq(clinicParticipants.slotId, opts.slotId), eq(clinicParticipants.userId, opts.userId)));
    return p;
  }

  // ─── realtime: the staff board (clinic:<week>) and the seats students see (clinic-seats:<week>) ──
  const seats = (slot: Pick<SlotRow, 'id' | 'date' | 'capacity'>, reserved: number) =>
    realtime.publish(seatsTopic(slot.date), { type: 'seats', data: { slotId: slot.id, reserved, capacity: slot.capacity } });

  return {
    windowedSlots,
    requireSlot,
    mapSlots,
    mapParticipants,
    requireParticipant,
    findParticipation,
    async mapOne(row: ParticipantRow, known?: Map<number, { name: string; loginId: string }>): Promise<Participant> {
      return (await mapParticipants([row], known))[0]!;
    },
    async announceSlot(slot: Slot): Promise<void> {
      await realtime.publish(clinicTopic(slot.date), { type: 'slot', data: slot });
      await seats(slot, slot.reserved);
    },
    async announceSlotRemoved(slot: Pick<SlotRow, 'id' | 'date' | 'capacity'>): Promise<void> {
      await realtime.publish(clinicTopic(slot.date), { type: 'slotRemoved', data: { id: slot.id, date: slot.date } });
      await seats({ ...slot, capacity: 0 }, 0);
    },
    async announceParticipant(opts: { participant: Participant; slot: Pick<SlotRow, 'date'> }): Promise<void> {
      await realtime.publish(clinicTopic(opts.slot.date), { type: 'participant', data: { participant: opts.participant } });
    },
    async announceRemoved(opts: { id: number; slot: Pick<SlotRow, 'id' | 'date'> }): Promise<void> {
      await realtime.publish(clinicTopic(opts.slot.date), { type: 'participantRemoved', data: { id: opts.id, slotId: opts.slot.id } });
    },
    /** The seats taken in a slot, announced right after the count moved (the last step of a booking). */
    announceSeats: (slot: Pick<SlotRow, 'id' | 'date' | 'capacity'>, reserved: number) => seats(slot, reserved),
    async announceDates(dates: readonly string[]): Promise<void> {
      const byWeek = new Map<string, string[]>();
      for (const d of dates) byWeek.set(clinicTopic(d).name, [...(byWeek.get(clinicTopic(d).name) ?? []), d]);
      for (const ds of byWeek.values()) {
        await realtime.publish(clinicTopic(ds[0]!), { type: 'slots', data: { dates: ds } });
        await realtime.publish(seatsTopic(ds[0]!), { type: 'slots', data: { dates: ds } });
      }
    },
    async announceDay(day: DayInfo): Promise<void> {
      await realtime.publish(clinicTopic(day.date), { type: 'day', data: day });
    },
  };
}

export type ClinicRows = ReturnType<typeof createClinicRows>;
