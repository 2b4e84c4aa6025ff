import { addDays, kstToday } from '@academy/contracts/dates';
import type { WorkRecord, WorkStatus } from '@academy/contracts/payroll';
import { nightMinutes } from './compute.ts';
import type { WorkRecordRow } from './payroll.table.ts';

/** Times are kept to the minute: the seconds of a clock-in or clock-out are dropped. */
export const toMinute = (d: Date) => new Date(Math.floor(d.getTime() / 60_000) * 60_000);

/** "2026-03-13" → "2026-03". */
export const monthOf = (isoDate: string) => isoDate.slice(0, 7);

/**
 * A work day ends at 06:00 the next morning (the end of the night window), so a shift past
 * midnight can still be clocked out by the TA; a record open after that is 퇴근 누락.
 */
export function workDayEndsAt(workDate: string): Date {
  return new Date(`${addDays(workDate, 1)}T06:00:00+09:00`);
}

export function statusAt(row: Pick<WorkRecordRow, 'status' | 'workDate'>, now: Date): WorkStatus {
  if (row.status === 'open' && now >= workDayEndsAt(row.workDate)) return 'missing_out';
  return row.status;
}

/** The pay months a record's minutes fall in: the month of its clock-in day and of its clock-out day. */
export function monthsOfRecord(r: { startedAt: Date; endedAt: Date | null }): string[] {
  const months = [monthOf(kstToday(r.startedAt))];
  if (r.endedAt) months.push(monthOf(kstToday(new Date(r.endedAt.getTime() - 1))));
  return [...new Set(months)];
}

export type RecordNames = { taName: (id: number) => string; wageTypeName: (id: number) => string; closed: ReadonlySet<string> };

export function toWorkRecord(row: WorkRecordRow, names: RecordNames, now: Date): WorkRecord {
  const minutes = row.endedAt ? Math.round((row.endedAt.getTime() - row.startedAt.getTime()) / 60_000) : null;
  return {
    id: row.id,
    taId: row.taId,
    taName: names.taName(row.taId),
    wageTypeId: row.wageTypeId,
    wageTypeName: names.wageTypeName(row.wageTypeId),
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    workDate: row.workDate,
    status: statusAt(row, now),
    minutes,
    nightMinutes: row.endedAt ? nightMinutes(row.startedAt, row.endedAt) : null,
    corrected: row.corrected,
    correctionReason: row.correctionReason,
    monthClosed: monthsOfRecord(row).some((m) => names.closed.has(m)),
  };
}
