import type { DailyStatus, Participant, Slot } from '@academy/contracts/clinic';
import { describe, expect, it } from 'vitest';
import { applyToBoard, applyToSlots, scanTarget } from './clinic-live.ts';

const slot = (id: number, startTime: string, over: Partial<Slot> = {}): Slot => ({
  id, kind: 'clinic', date: '2026-11-21', startTime, endTime: '23:00', capacity: 20, reserved: 0, room: 'A', title: '', taId: null, taName: null, lectureId: null, lectureName: null, reserveType: 'self',
  opensAt: null, closesAt: null, cancelUntil: null, window: { opensAt: '', closesAt: '', cancelUntil: '', source: 'rule' }, ...over,
});
const person = (id: number, slotId: number, name: string): Participant => ({
  id, slotId, userId: id, name, loginId: `s${id}`, source: 'self', target: null, todos: [], arrivedAt: null, departedAt: null, hurriedAt: null, hurryCount: 0,
  gradedAt: null, retakeValue: null, memo: '', counselType: null, consultId: null, note: null, createdAt: '',
});
const board = (): DailyStatus => ({
  startDate: '2026-11-21', endDate: '2026-11-21', days: [],
  slots: [{ ...slot(1, '18:00'), participants: [person(10, 1, '최민준')] }, { ...slot(2, '19:30'), participants: [] }],
});

describe('live patches of the day board', () => {
  it('a booking lands in its slot by name; a move leaves the old slot; seats set the count', () => {
    let b = applyToBoard(board(), { type: 'participant', data: { participant: person(11, 1, '강서연') } })!;
    expect(b.slots[0]!.participants.map((p) => p.name)).toEqual(['강서연', '최민준']);
    b = applyToBoard(b, { type: 'participant', data: { participant: { ...person(10, 2, '최민준'), arrivedAt: '2026-11-21T09:00:00Z' } } })!;
    expect(b.slots[0]!.participants.map((p) => p.name)).toEqual(['강서연']);
    expect(b.slots[1]!.participants[0]!.arrivedAt).toBe('2026-11-21T09:00:00Z');
    b = applyToBoard(b, { type: 'seats', data: { slotId: 2, reserved: 1, capacity: 20 } })!;
    expect(b.slots[1]!.reserved).toBe(1);
    b = applyToBoard(b, { type: 'participantRemoved', data: { id: 11, slotId: 1 } })!;
    expect(b.slots[0]!.participants).toEqual([]);
  });

  it('asks for a refetch when a slot it does not hold appears on its day, and ignores other days', () => {
    expect(applyToBoard(board(), { type: 'slot', data: slot(3, '20:00') })).toBeNull();
    expect(applyToBoard(board(), { type: 'slot', data: slot(3, '20:00', { date: '2026-11-22' }) })).toEqual(board());
    expect(applyToBoard(board(), { type: 'slots', data: { dates: ['2026-11-21'] } })).toBeNull();
    const edited = applyToBoard(board(), { type: 'slot', data: slot(2, '17:00', { title: '앞당김' }) })!;
    expect(edited.slots.map((s) => [s.id, s.title, s.participants.length])).toEqual([[2, '앞당김', 0], [1, '', 1]]);
  });
});

describe('live patches of the week view', () => {
  it('keeps slots in time order and counts seats', () => {
    const range = { startDate: '2026-11-16', endDate: '2026-11-22' };
    let list = applyToSlots([slot(1, '18:00')], range, { type: 'slot', data: slot(2, '09:00') })!;
    expect(list.map((s) => s.id)).toEqual([2, 1]);
    list = applyToSlots(list, range, { type: 'seats', data: { slotId: 1, reserved: 7, capacity: 20 } })!;
    expect(list[1]!.reserved).toBe(7);
    expect(applyToSlots(list, range, { type: 'slotRemoved', data: { id: 2, date: '2026-11-21' } })!.map((s) => s.id)).toEqual([1]);
  });
});

describe('the scan box', () => {
  it('marks the arrival, then the departure, in the first slot not yet left; says who is not on the list', () => {
    const b = board();
    b.slots[1]!.participants.push(person(20, 2, '최민준'));
    b.slots[1]!.participants[0] = { ...b.slots[1]!.participants[0]!, userId: 10, loginId: 's10' };
    expect(scanTarget(b, ' S10 ')).toMatchObject({ action: 'arrival', participant: { id: 10 } });
    b.slots[0]!.participants[0] = { ...b.slots[0]!.participants[0]!, arrivedAt: 'x' };
    expect(scanTarget(b, 's10')).toMatchObject({ action: 'departure', participant: { id: 10 } });
    b.slots[0]!.participants[0] = { ...b.slots[0]!.participants[0]!, departedAt: 'y' };
    expect(scanTarget(b, 's10')).toMatchObject({ action: 'arrival', participant: { id: 20 } });
    expect(scanTarget(b, 'nobody')).toEqual({ error: '오늘 명단에 없는 학생입니다: nobody' });
  });
});
