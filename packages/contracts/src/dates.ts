/**
 * Calendar dates as the center keeps them: ISO strings ("2026-11-21") on the Korean clock, weeks
 * starting on Monday. Pure functions, shared by server and web.
 */
const DAY_MS = 86_400_000;
const KST_OFFSET_MS = 9 * 3_600_000;

/** Day names by dayOfWeek (1 = 월 … 7 = 일); index 0 is unused. */
export const DAY_LABELS = ['', '월', '화', '수', '목', '금', '토', '일'] as const;

/** The calendar date in Korea for an instant: "2026-11-21". */
export function kstToday(now: Date): string {
  return new Date(now.getTime() + KST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The hour on the Korean clock for an instant (0–23), whatever the device's own time zone. */
export function kstHour(now: Date): number {
  return new Date(now.getTime() + KST_OFFSET_MS).getUTCHours();
}

/**
 * The portal's greeting for an hour on the Korean clock: 새벽 (0–4시) is not 아침 (issue 35 item 15:
 * "좋은 아침이에요" was shown at 04:24).
 */
export function greetingFor(hour: number): string {
  if (hour < 5) return '늦은 시간까지 수고가 많아요';
  if (hour < 12) return '좋은 아침이에요';
  if (hour < 18) return '오늘도 힘내세요';
  return '오늘 하루도 수고했어요';
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

/** "19:00" → 1140. */
export function minutesOf(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/**
 * Whether a session has begun at `now` on the Korean clock: an earlier day, or today from its start
 * time on. A session later today has not happened yet (issue 35 item 15: "지난 5회 중 출석 2회"
 * counted this evening's class at 04:24).
 */
export function hasStarted(session: { date: string; startTime: string }, now: Date): boolean {
  const today = kstToday(now);
  if (session.date !== today) return session.date < today;
  const at = new Date(now.getTime() + KST_OFFSET_MS);
  return minutesOf(session.startTime) <= at.getUTCHours() * 60 + at.getUTCMinutes();
}

const KST_WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'] as const;

/** An instant on the Korean clock, as the UI writes it: "2026. 11. 21.(토) 14:05". */
export function formatKoreanDateTime(instant: Date | string): string {
  const d = new Date(new Date(instant).getTime() + KST_OFFSET_MS);
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCFullYear()}. ${d.getUTCMonth() + 1}. ${d.getUTCDate()}.(${KST_WEEKDAYS[d.getUTCDay()]}) ${hh}:${mm}`;
}
