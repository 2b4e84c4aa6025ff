import { kstToday } from '@academy/contracts/dates';

/**
 * Times of work records on the Korean clock, whatever the browser's zone: the center's day is
 * Korea's (Asia/Seoul has no daylight saving, so a fixed +9 h is exact).
 */
const KST_MS = 9 * 3_600_000;

/** "18:05" for an instant. */
export function kstTime(iso: string): string {
  return new Date(Date.parse(iso) + KST_MS).toISOString().slice(11, 16);
}

/** "2026-03-13" for an instant. */
export const kstDate = (iso: string) => kstToday(new Date(iso));

/** "2026-03-13" + "18:05" → the instant as ISO with the +09:00 offset the API takes. */
export function kstInstant(date: string, time: string): string {
  return `${date}T${time}:00+09:00`;
}

/** This month in Korea: "2026-11". */
export const thisMonth = () => kstToday(new Date()).slice(0, 7);
