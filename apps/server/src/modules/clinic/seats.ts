import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/sql.ts';
import { clinicSeats, clinicSlots } from './clinic.table.ts';

/**
 * The seat rows of slots (clinic.table.ts): a slot has exactly `capacity` of them. A booking takes
 * a free one with SKIP LOCKED, so when a thousand students press at once each takes a different
 * seat or hears "full" straight away, and nobody queues behind anybody else's transaction.
 *
 * Lock order, kept by every caller: seat rows, then the student's advisory lock, then the slots'
 * `reserved` rows in id order as the very last step. A capacity change locks all its seat rows
 * before its slot row, the same order.
 */
export function createSeats(db: Db) {
  return {
    /** Seat rows for new slots (created or copied). */
    async create(slotIds: readonly number[]): Promise<void> {
      if (slotIds.length === 0) return;
      await db.execute(sql`
        insert into ${clinicSeats} (slot_id, seat_no)
        select s.id, g.n from ${clinicSlots} s cross join lateral generate_series(1, s.capacity) as g(n)
        where s.id = any(${sql.param([...slotIds])}::int[])`);
    },

    /** Locks every seat of a slot (a capacity change), waiting for bookings in flight to finish. */
    async lockAll(slotId: number): Promise<void> {
      await db.select({ seatNo: clinicSeats.seatNo }).from(clinicSeats).where(eq(clinicSeats.slotId, slotId)).for('update');
    },

    /** From `from` seats to `to` (the caller holds lockAll and checked the taken seats fit). */
    async resize(opts: { slotId: number; from: number; to: number }): Promise<void> {
      if (opts.to > opts.from) {
        await db.execute(sql`
          insert into ${clinicSeats} (slot_id, seat_no)
          select ${opts.slotId}::int, m.top + g.n
          from (select coalesce(max(seat_no), 0) as top from ${clinicSeats} where slot_id = ${opts.slotId}) m
          cross join generate_series(1, ${opts.to - opts.from}::int) as g(n)`);
      } else if (opts.to < opts.from) {
        await db.execute(sql`
          delete from ${clinicSeats} where slot_id = ${opts.slotId} and seat_no in (
            select seat_no from ${clinicSeats} where slot_id = ${opts.slotId} and user_id is null order by seat_no desc limit ${opts.from - opts.to})`);
      }
    },

    /** Takes a free seat for the student without waiting on anyone; null when none is free. */
    async claim(opts: { slotId: number; userId: number }): Promise<number | null> {
      const [seat] = await selectRows<{ seatNo: number }>(db, sql`
        update ${clinicSeats} set user_id = ${opts.userId}
        where slot_id = ${opts.slotId} and user_id is null and seat_no = (
          select seat_no from ${clinicSeats} where slot_id = ${opts.slotId} and user_id is null order by seat_no limit 1 for update skip locked)
        returning seat_no as "seatNo"`);
      return seat?.seatNo ?? null;
    },

    async release(opts: { slotId: number; userId: number }): Promise<void> {
      await db.update(clinicSeats).set({ userId: null }).where(and(eq(clinicSeats.slotId, opts.slotId), eq(clinicSeats.userId, opts.userId)));
    },

    /** Moves the count of taken seats; call last in the transaction (it locks the slot row until commit). */
    async count(opts: { slotId: number; delta: 1 | -1 }): Promise<number> {
      const [row] = await db
        .update(clinicSlots)
        .set({ reserved: sql`${clinicSlots.reserved} + ${opts.delta}` })
        .where(eq(clinicSlots.id, opts.slotId))
        .returning({ reserved: clinicSlots.reserved });
      return row!.reserved;
    },
  };
}

export type Seats = ReturnType<typeof createSeats>;
