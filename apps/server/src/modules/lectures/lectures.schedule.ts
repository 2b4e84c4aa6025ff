import { badRequest } from '../../lib/errors.ts';
import type { ScheduleSlot } from './lectures.table.ts';

export const DAY_LABELS = ['', '월', '화', '수', '목', '금', '토', '일'] as const;
const DAY_MS = 86_400_000;
const KST_OFFSET_MS = 9 * 3_600_000;

/** The calendar date in Korea (the center's clock) for an instant: "2026-11-21". */
export function kstToday(now: Date): string {
  return new Date(now.getTime() + KST_OFFSET_MS).toISOString().slice(0, 10);
}

export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from a to b (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** 1 = 월 … 7 = 일. */
export function dayOfWeek(isoDate: string): number {
  const d = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** "D-12", "D-day", "D+3" as Korean students count down to an exam. */
export function ddayLabel(opts: { today: string; date: string }): string {
  const left = daysBetween(opts.today, opts.date);
  if (left === 0) return 'D-day';
  return left > 0 ? `D-${left}` : `D+${-left}`;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Refuses a timetable a center could not run: a slot that ends before it starts, or two slots of
 * the same day that overlap. The message names the field and the slots.
 */
export function validateSchedule(slots: ScheduleSlot[]): void {
  slots.forEach((s, i) => {
    if (minutes(s.endTime) <= minutes(s.startTime)) {
      throw badRequest('lectures.schedule_invalid', `schedule.${i}: 종료 시각(${s.endTime})이 시작 시각(${s.startTime})보다 늦어야 합니다`);
    }
  });
  for (let i = 0; i < slots.length; i++) {
    for (let j = i + 1; j < slots.length; j++) {
      const a = slots[i]!;
      const b = slots[j]!;
      if (a.dayOfWeek !== b.dayOfWeek) continue;
      if (minutes(a.startTime) < minutes(b.endTime) && minutes(b.startTime) < minutes(a.endTime)) {
        throw badRequest(
          'lectures.schedule_overlap',
          `schedule: ${DAY_LABELS[a.dayOfWeek]}요일 ${a.startTime}-${a.endTime}과 ${b.startTime}-${b.endTime} 시간이 겹칩니다`,
        );
      }
    }
  }
}

export type PlannedSession = { date: string; startTime: string; endTime: string };

/** Every session the timetable yields between start and end (inclusive), in time order. */
export function planSessions(opts: { schedule: ScheduleSlot[]; startDate: string; endDate: string }): PlannedSession[] {
  const out: PlannedSession[] = [];
  if (opts.schedule.length === 0) return out;
  const span = daysBetween(opts.startDate, opts.endDate);
  for (let i = 0; i <= span; i++) {
    const date = addDays(opts.startDate, i);
    const dow = dayOfWeek(date);
    for (const s of opts.schedule) if (s.dayOfWeek === dow) out.push({ date, startTime: s.startTime, endTime: s.endTime });
  }
  return out.sort((a, b) => (a.date === b.date ? a.startTime.localeCompare(b.startTime) : a.date.localeCompare(b.date)));
}

/**
 * Title of a regular session: the week it falls in ("3주차"), counted from the Monday of the
 * week of the first session. A lecture meeting several times a week adds the day ("3주차 수").
 */
export function sessionTitle(opts: { firstDate: string; date: string; sessionsPerWeek: number }): string {
  const firstMonday = addDays(opts.firstDate, 1 - dayOfWeek(opts.firstDate));
  const week = Math.floor(daysBetween(firstMonday, opts.date) / 7) + 1;
  return opts.sessionsPerWeek > 1 ? `${week}주차 ${DAY_LABELS[dayOfWeek(opts.date)]}` : `${week}주차`;
}
