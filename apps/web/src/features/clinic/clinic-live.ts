import type { ClinicEvent, DailyStatus, Participant, SeatsEvent, Slot, SlotWithParticipants } from '@academy/contracts/clinic';
import { compareKorean } from '@academy/contracts/format';

/**
 * How the live events of the clinic topics patch the cached screens (pure, so they are tested
 * alone). An event about something the cache does not hold asks for a refetch instead (`null`).
 */

const byName = (a: Participant, b: Participant) => compareKorean(a.name, b.name);
const byTime = (a: Slot, b: Slot) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime) || a.room.localeCompare(b.room) || a.id - b.id;

/** The day's board (daily-status). */
export function applyToBoard(board: DailyStatus, e: ClinicEvent | SeatsEvent): DailyStatus | null {
  const inRange = (date: string) => date >= board.startDate && date <= board.endDate;
  switch (e.type) {
    case 'seats':
      return { ...board, slots: applySeats(board.slots, e) };
    case 'participant': {
      // Placed in its slot (and taken out of any other it was in: a move); a slot this board does
      // not show (moved to another day) only loses it.
      const p = e.data.participant;
      return {
        ...board,
        slots: board.slots.map((s): SlotWithParticipants => {
          const others = s.participants.filter((x) => x.id !== p.id);
          if (s.id !== p.slotId) return others.length === s.participants.length ? s : { ...s, participants: others };
          return { ...s, participants: [...others, p].sort(byName) };
        }),
      };
    }
    case 'participantRemoved': {
      const { id, slotId } = e.data;
      return { ...board, slots: board.slots.map((s) => (s.id === slotId ? { ...s, participants: s.participants.filter((x) => x.id !== id) } : s)) };
    }
    case 'slot': {
      const slot = e.data;
      const known = board.slots.find((s) => s.id === slot.id);
      if (!known) return inRange(slot.date) ? null : board;
      if (!inRange(slot.date)) return { ...board, slots: board.slots.filter((s) => s.id !== slot.id) };
      return { ...board, slots: board.slots.map((s) => (s.id === slot.id ? { ...slot, participants: s.participants } : s)).sort(byTime) };
    }
    case 'slotRemoved':
      return { ...board, slots: board.slots.filter((s) => s.id !== e.data.id) };
    case 'slots':
      return e.data.dates.some(inRange) ? null : board;
    case 'day': {
      if (!inRange(e.data.date)) return board;
      return { ...board, days: [...board.days.filter((d) => d.date !== e.data.date), e.data].sort((a, b) => a.date.localeCompare(b.date)) };
    }
    default:
      return board;
  }
}

/** The week view (a slot list): seats come from the seats topic. */
export function applyToSlots(slots: Slot[], range: { startDate: string; endDate: string }, e: ClinicEvent | SeatsEvent): Slot[] | null {
  const inRange = (date: string) => date >= range.startDate && date <= range.endDate;
  switch (e.type) {
    case 'seats':
      return applySeats(slots, e);
    case 'slot': {
      const rest = slots.filter((s) => s.id !== e.data.id);
      return inRange(e.data.date) ? [...rest, e.data].sort(byTime) : rest;
    }
    case 'slotRemoved':
      return slots.filter((s) => s.id !== e.data.id);
    case 'slots':
      return e.data.dates.some(inRange) ? null : slots;
    default:
      return slots;
  }
}

/** Seat counts (a student's open slots, the week view, the board's bars). */
export function applySeats<S extends { id: number; reserved: number; capacity: number }>(slots: S[], e: Extract<SeatsEvent, { type: 'seats' }>): S[] {
  return slots.map((s) => (s.id === e.data.slotId ? { ...s, reserved: e.data.reserved, capacity: e.data.capacity } : s));
}

/**
 * What a scan (or a typed id) on the board does: the student's first slot of the day not yet left
 * gets the arrival when they are not there yet, else the departure.
 */
export function scanTarget(board: DailyStatus, input: string): { participant: Participant; action: 'arrival' | 'departure' } | { error: string } {
  const q = input.trim();
  if (!q) return { error: '아이디를 입력해 주세요' };
  const mine = board.slots.flatMap((s) => s.participants.filter((p) => p.loginId.toLowerCase() === q.toLowerCase() || p.name === q));
  if (mine.length === 0) return { error: `오늘 명단에 없는 학생입니다: ${q}` };
  const open = mine.find((p) => !p.departedAt);
  if (!open) return { error: `${mine[0]!.name} 학생은 이미 하원했습니다` };
  return { participant: open, action: open.arrivedAt ? 'departure' : 'arrival' };
}
