import type { Interval } from './videos.table.ts';

/**
 * Watched intervals: sorted, non-overlapping [from, to] pairs in seconds of the video. Pure
 * functions, so the rules (clamping, merging, counting, crediting) are tested on their own.
 */

/** Pieces closer than this are one: a player reports time every ~250 ms, not continuously. */
const JOIN_GAP_SEC = 0.5;
const round = (x: number) => Math.round(x * 10) / 10;

/** Clamps to [0, duration], drops empty pieces, sorts and merges (touching or nearly so). */
export function normalize(list: readonly Interval[], durationSec: number): Interval[] {
  const clamped = list
    .map(([a, b]): Interval => [round(Math.max(0, Math.min(a, durationSec))), round(Math.max(0, Math.min(b, durationSec)))])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  const out: Interval[] = [];
  for (const [a, b] of clamped) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + JOIN_GAP_SEC) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

export const totalLength = (list: readonly Interval[]) => round(list.reduce((sum, [a, b]) => sum + (b - a), 0));

/** The parts of `list` that `covered` does not cover (both normalized). */
export function subtract(list: readonly Interval[], covered: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const [a0, b] of list) {
    let a = a0;
    for (const [c, d] of covered) {
      if (d <= a || c >= b) continue;
      if (c > a) out.push([a, c]);
      a = Math.max(a, d);
      if (a >= b) break;
    }
    if (a < b) out.push([a, b]);
  }
  return out;
}

/**
 * Adds what was played to what was already counted, but counts at most `budgetSec` new seconds
 * (earliest first): the rest is what a player could not really have played in the time that
 * passed. Returns the new union and how many seconds it gained.
 */
export function credit(opts: { counted: readonly Interval[]; played: readonly Interval[]; durationSec: number; budgetSec: number }): { intervals: Interval[]; gainedSec: number } {
  const counted = normalize(opts.counted, opts.durationSec);
  const fresh = subtract(normalize(opts.played, opts.durationSec), counted);
  let left = Math.max(0, opts.budgetSec);
  const taken: Interval[] = [];
  for (const [a, b] of fresh) {
    if (left <= 0) break;
    const len = Math.min(b - a, left);
    taken.push([a, a + len]);
    left -= len;
  }
  const intervals = normalize([...counted, ...taken], opts.durationSec);
  return { intervals, gainedSec: Math.max(0, round(totalLength(intervals) - totalLength(counted))) };
}
