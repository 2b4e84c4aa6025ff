import { addDays, daysBetween } from '@academy/contracts/dates';
import { type BookingRules, CLINIC_ERRORS, type DayInfo, type Slot, type SlotBody, type SlotKind, type TaCount } from '@academy/contracts/clinic';
import { compareKorean } from '@academy/contracts/format';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import { selectRows } from '../../db/sql.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { appError } from '../../lib/errors.ts';
import type { ClinicDeps } from './clinic.deps.ts';
import { type Actor, type ClinicRows, mapDay, rulesOf, type SlotRow } from './clinic.rows.ts';
import { clinicDays, clinicParticipants, clinicRules, clinicSlots } from './clinic.table.ts';
import { createSeats } from './seats.ts';

const WORD: Record<SlotKind, string> = { clinic: '클리닉', counsel: '상담' };
const pickSlot = (s: SlotRow) => ({
  date: s.date, startTime: s.startTime, endTime: s.endTime, capacity: s.capacity, room: s.room, title: s.title, taId: s.taId, lectureId: s.lectureId, reserveType: s.reserveType,
  opensAt: s.opensAt?.toISOString() ?? null, closesAt: s.closesAt?.toISOString() ?? null, cancelUntil: s.cancelUntil?.toISOString() ?? null,
});
const toDate = (v: string | null) => (v === null ? null : new Date(v));

/**
 * Slots as staff keep them: the week's list, create, edit, delete, the assigned TA and the TAs'
 * counts, copy by day, the day records (memo, that day's booking window) and the center's rule.
 */
export function createSlotService(deps: ClinicDeps & { rows: ClinicRows }) {
  const { ctx, users, lectures, rows } = deps;
  const { db, audit } = ctx;
  const seats = createSeats(db);

  async function requireStaff(taId: number | null): Promise<void> {
    if (taId === null) return;
    const account = (await users.directory([taId])).get(taId);
    if (!account || account.userType === 'STUDENT') throw appError(CLINIC_ERRORS.not_staff, '담당자는 조교나 관리자여야 합니다', { field: 'taId' });
  }

  async function checkBody(b: SlotBody): Promise<void> {
    await requireStaff(b.taId);
    if (b.lectureId !== null) await lectures.lectures.requireIds({ ids: [b.lectureId], field: 'lectureId' });
  }

  async function getSlot(id: number, kind: SlotKind): Promise<Slot> {
    return (await rows.mapSlots([await rows.requireSlot(id, kind)]))[0]!;
  }

  const duplicate = (kind: SlotKind) => appError(CLINIC_ERRORS.slot_exists, `같은 날 같은 시간·장소의 ${WORD[kind]} 시간이 이미 있습니다`, { field: 'startTime' });

  return {
    getSlot,

    async list(opts: { kind: SlotKind; startDate: string; endDate: string }): Promise<Slot[]> {
      return rows.mapSlots(await rows.windowedSlots(and(eq(clinicSlots.kind, opts.kind), between(clinicSlots.date, opts.startDate, opts.endDate))));
    },

    async create(opts: { kind: SlotKind; body: SlotBody; actor: Actor }): Promise<Slot> {
      await checkBody(opts.body);
      const b = opts.body;
      try {
        const id = await db.transaction(async () => {
          const [row] = await db
            .insert(clinicSlots)
            .values({ ...b, kind: opts.kind, opensAt: toDate(b.opensAt), closesAt: toDate(b.closesAt), cancelUntil: toDate(b.cancelUntil), createdBy: opts.actor.id, createdAt: ctx.now(), updatedAt: ctx.now() })
            .returning();
          await seats.create([row!.id]);
          await audit.record({ actorId: opts.actor.id, action: `${opts.kind}.slot.create`, entity: 'clinic_slot', entityId: row!.id, after: pickSlot(row!) });
          await rows.announceSlot(await getSlot(row!.id, opts.kind));
          return row!.id;
        });
        return await getSlot(id, opts.kind);
      } catch (e) {
        if (isUniqueViolation(e)) throw duplicate(opts.kind);
        throw e;
      }
    },

    /**
     * Edits a slot. Its capacity cannot go below the students already in it, and a new time must not
     * overlap another slot any of its students holds.
     */
    async update(opts: { id: number; kind: SlotKind; body: SlotBody; actor: Actor }): Promise<Slot> {
      await checkBody(opts.body);
      const b = opts.body;
      try {
        await db.transaction(async () => {
          // Seat rows before the slot row: the order bookings take them in (seats.ts).
          await seats.lockAll(opts.id);
          const [before] = await db.select().from(clinicSlots).where(eq(clinicSlots.id, opts.id)).for('update');
          if (!before || before.kind !== opts.kind) throw appError(CLINIC_ERRORS.slot_not_found, `${WORD[opts.kind]} 시간을 찾을 수 없습니다 (ID ${opts.id})`);
          if (b.capacity < before.reserved) {
            throw appError(CLINIC_ERRORS.capacity_below_reserved, `이미 ${before.reserved}명이 있어 정원을 ${b.capacity}명으로 줄일 수 없습니다`, { field: 'capacity' });
          }
          if (before.reserved > 0 && (b.date !== before.date || b.startTime !== before.startTime || b.endTime !== before.endTime)) {
            const clashes = await selectRows<{ userId: number }>(db, sql`
              select distinct mine.user_id as "userId"
              from ${clinicParticipants} mine
              join ${clinicParticipants} other on other.user_id = mine.user_id and other.slot_id <> mine.slot_id
              join ${clinicSlots} s on s.id = other.slot_id
              where mine.slot_id = ${opts.id} and s.date = ${b.date} and s.start_time < ${b.endTime} and s.end_time > ${b.startTime}`);
            if (clashes.length) {
              const names = await users.directory(clashes.map((c) => c.userId));
              throw appError(CLINIC_ERRORS.overlap, `이 시간에 다른 일정이 있는 학생이 있습니다: ${clashes.map((c) => names.get(c.userId)?.name ?? `ID ${c.userId}`).join(', ')}`, { field: 'startTime' });
            }
          }
          const [after] = await db
            .update(clinicSlots)
            .set({ ...b, opensAt: toDate(b.opensAt), closesAt: toDate(b.closesAt), cancelUntil: toDate(b.cancelUntil), updatedAt: ctx.now() })
            .where(eq(clinicSlots.id, opts.id))
            .returning();
          await seats.resize({ slotId: opts.id, from: before.capacity, to: b.capacity });
          await audit.record({ actorId: opts.actor.id, action: `${opts.kind}.slot.update`, entity: 'clinic_slot', entityId: opts.id, before: pickSlot(before), after: pickSlot(after!) });
          if (before.date !== after!.date) await rows.announceSlotRemoved(before);
          await rows.announceSlot(await getSlot(opts.id, opts.kind));
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw duplicate(opts.kind);
        throw e;
      }
      return getSlot(opts.id, opts.kind);
    },

    async remove(opts: { id: number; kind: SlotKind; actor: Actor }): Promise<{ id: number }> {
      const slot = await rows.requireSlot(opts.id, opts.kind);
      return db.transaction(async () => {
        await seats.lockAll(opts.id);
        const [gone] = await db.delete(clinicSlots).where(and(eq(clinicSlots.id, opts.id), eq(clinicSlots.reserved, 0))).returning();
        if (!gone) throw appError(CLINIC_ERRORS.has_participants, `예약한 학생이 있어 지울 수 없습니다. 학생을 다른 시간으로 옮기거나 취소한 뒤 지워 주세요`);
        await audit.record({ actorId: opts.actor.id, action: `${opts.kind}.slot.delete`, entity: 'clinic_slot', entityId: opts.id, before: pickSlot(gone) });
        await rows.announceSlotRemoved(slot);
        return { id: opts.id };
      });
    },

    async assignTa(opts: { id: number; taId: number | null; actor: Actor }): Promise<Slot> {
      await requireStaff(opts.taId);
      const slot = await rows.requireSlot(opts.id, 'clinic');
      await db.transaction(async () => {
        await db.update(clinicSlots).set({ taId: opts.taId, updatedAt: ctx.now() }).where(eq(clinicSlots.id, opts.id));
        await audit.record({ actorId: opts.actor.id, action: 'clinic.slot.ta', entity: 'clinic_slot', entityId: opts.id, before: { taId: slot.taId }, after: { taId: opts.taId } });
        await rows.announceSlot(await getSlot(opts.id, 'clinic'));
      });
      return getSlot(opts.id, 'clinic');
    },

    /** Per TA over a range: slots, seats, students in them, arrived and graded; every TA is listed, then the slots nobody holds. */
    async taCounts(opts: { startDate: string; endDate: string }): Promise<TaCount[]> {
      const counted = await selectRows<Omit<TaCount, 'name'>>(db, sql`
        select s.ta_id as "taId", count(*)::int as "slots", sum(s.capacity)::int as "capacity", sum(s.reserved)::int as "reserved",
               coalesce(sum(p.arrived), 0)::int as "arrived", coalesce(sum(p.graded), 0)::int as "graded"
        from ${clinicSlots} s
        left join (
          select slot_id, count(arrived_at)::int as arrived, count(graded_at)::int as graded from ${clinicParticipants} group by slot_id
        ) p on p.slot_id = s.id
        where s.kind = 'clinic' and s.date between ${opts.startDate} and ${opts.endDate}
        group by s.ta_id`);
      const tas = await users.idsOf('TA');
      const ids = [...new Set([...tas, ...counted.map((c) => c.taId).filter((id): id is number => id !== null)])];
      const names = await users.directory(ids);
      const by = new Map(counted.map((c) => [c.taId, c]));
      const zero = { slots: 0, capacity: 0, reserved: 0, arrived: 0, graded: 0 };
      const list = ids.map((id) => ({ ...zero, ...by.get(id), taId: id, name: names.get(id)?.name ?? `ID ${id}` })).sort((a, b) => compareKorean(a.name, b.name));
      const nobody = by.get(null);
      return nobody ? [...list, { ...nobody, taId: null, name: '담당 없음' }] : list;
    },

    /**
     * Copies a day's clinic slots to other days and/or the same weekday of the next weeks, with
     * their own booking times moved by as many days. A slot already there (same time and room) is
     * skipped. Students are not copied.
     */
    async copyByDay(opts: { fromDate: string; toDates: string[]; weeks: number; actor: Actor }): Promise<{ created: number; skipped: number; dates: string[] }> {
      const dates = [...new Set([...opts.toDates, ...Array.from({ length: opts.weeks }, (_, i) => addDays(opts.fromDate, 7 * (i + 1)))])].filter((d) => d !== opts.fromDate).sort();
      const source = await db.select().from(clinicSlots).where(and(eq(clinicSlots.kind, 'clinic'), eq(clinicSlots.date, opts.fromDate))).orderBy(asc(clinicSlots.startTime));
      if (source.length === 0) throw appError(CLINIC_ERRORS.slot_not_found, `${opts.fromDate}에는 복사할 클리닉 시간이 없습니다`, { field: 'fromDate' });
      return db.transaction(async () => {
        const shift = (d: Date | null, days: number) => (d === null ? null : new Date(d.getTime() + days * 86_400_000));
        const values = dates.flatMap((date) => {
          const days = daysBetween(opts.fromDate, date);
          return source.map((s) => ({
            kind: 'clinic' as const, date, startTime: s.startTime, endTime: s.endTime, capacity: s.capacity, room: s.room, title: s.title, taId: s.taId, lectureId: s.lectureId, reserveType: s.reserveType,
            opensAt: shift(s.opensAt, days), closesAt: shift(s.closesAt, days), cancelUntil: shift(s.cancelUntil, days), createdBy: opts.actor.id, createdAt: ctx.now(), updatedAt: ctx.now(),
          }));
        });
        const made = await db.insert(clinicSlots).values(values).onConflictDoNothing().returning({ id: clinicSlots.id, date: clinicSlots.date });
        await seats.create(made.map((m) => m.id));
        const result = { created: made.length, skipped: values.length - made.length, dates };
        await audit.record({ actorId: opts.actor.id, action: 'clinic.slot.copy', entity: 'clinic_day', entityId: opts.fromDate, after: result });
        if (made.length) await rows.announceDates([...new Set(made.map((m) => m.date))]);
        return result;
      });
    },

    async days(opts: { startDate: string; endDate: string }): Promise<DayInfo[]> {
      const found = await db.select().from(clinicDays).where(between(clinicDays.date, opts.startDate, opts.endDate)).orderBy(asc(clinicDays.date));
      return found.map(mapDay);
    },

    async setDay(opts: { date: string; memo: string; opensAt: string | null; closesAt: string | null; actor: Actor }): Promise<DayInfo> {
      return db.transaction(async () => {
        const [before] = await db.select().from(clinicDays).where(eq(clinicDays.date, opts.date));
        const values = { memo: opts.memo, opensAt: toDate(opts.opensAt), closesAt: toDate(opts.closesAt), updatedBy: opts.actor.id, updatedAt: ctx.now() };
        const [row] = await db.insert(clinicDays).values({ date: opts.date, ...values }).onConflictDoUpdate({ target: clinicDays.date, set: values }).returning();
        const day = mapDay(row!);
        await audit.record({ actorId: opts.actor.id, action: 'clinic.day', entity: 'clinic_day', entityId: opts.date, before: before ? mapDay(before) : null, after: day });
        await rows.announceDay(day);
        return day;
      });
    },

    async rules(): Promise<BookingRules> {
      const [row] = await db.select().from(clinicRules).where(eq(clinicRules.id, 1));
      return rulesOf(row);
    },

    async setRules(opts: { rules: BookingRules; actor: Actor }): Promise<BookingRules> {
      return db.transaction(async () => {
        const [before] = await db.select().from(clinicRules).where(eq(clinicRules.id, 1));
        const values = { ...opts.rules, updatedBy: opts.actor.id, updatedAt: ctx.now() };
        await db.insert(clinicRules).values({ id: 1, ...values }).onConflictDoUpdate({ target: clinicRules.id, set: values });
        await audit.record({ actorId: opts.actor.id, action: 'clinic.rules', entity: 'clinic_rules', entityId: 1, before: rulesOf(before), after: opts.rules });
        return opts.rules;
      });
    },
  };
}

export type SlotService = ReturnType<typeof createSlotService>;
