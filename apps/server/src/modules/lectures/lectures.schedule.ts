import { addDays, DAY_LABELS, dayOfWeek, daysBetween } from '@academy/contracts/dates';
import type { ScheduleSlot } from '@academy/contracts/lectures';
import { holidayOn } from './holidays.ts';

export type PlannedSession = { date: string; startTime: string; endTime: string };

/**
 * Every session the timetable yields between start and end (inclusive), in time order. Public
 * holidays (holidays.ts) are left out unless the lecture keeps them (`keepHolidays`).
 */
export function planSessions(opts: { schedule: readonly ScheduleSlot[]; startDate: string; endDate: string; keepHolidays?: boolean }): PlannedSession[] {
  const out: PlannedSession[] = [];
  if (opts.schedule.length === 0) return out;
  const span = daysBetween(opts.startDate, opts.endDate);
  for (let i = 0; i <= span; i++) {
    const date = addDays(opts.startDate, i);
    if (!opts.keepHolidays && holidayOn(date)) continue;
    const dow = dayOfWeek(date);
    for (const s of opts.schedule) if (s.dayOfWeek === dow) out.push({ date, startTime: s.startTime, endTime: s.endTime });
  }
  return out.sort(byTime);
}

export const byTime = (a: { date: string; startTime: string }, b: { date: string; startTime: string }) =>
  a.date === b.date ? a.startTime.localeCompare(b.startTime) : a.date.localeCompare(b.date);

/**
 * Title of a regular session: the week it falls in ("3주차"), counted from the Monday of the
 * week of the first session. A lecture meeting several times a week adds the day ("3주차 수").
 */
export function sessionTitle(opts: { firstDate: string; date: string; sessionsPerWeek: number }): string {
  const firstMonday = addDays(opts.firstDate, 1 - dayOfWeek(opts.firstDate));
  const week = Math.floor(daysBetween(firstMonday, opts.date) / 7) + 1;
  return opts.sessionsPerWeek > 1 ? `${week}주차 ${DAY_LABELS[dayOfWeek(opts.date)]}` : `${week}주차`;
}

export function sortSchedule(s: readonly ScheduleSlot[]): ScheduleSlot[] {
  return [...s].sort((a, b) => a.dayOfWeek - b.dayOfWeek || a.startTime.localeCompare(b.startTime));
}
