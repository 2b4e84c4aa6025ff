/**
 * What the player really played, kept on this page: the union of the media element's `played`
 * ranges over the page's life (a new stream URL resets `played`, the union does not). Pure
 * functions; the server keeps its own union across visits and decides what counts.
 */
export type Interval = [number, number];

const round = (x: number) => Math.round(x * 10) / 10;

/** TimeRanges (a <video>'s, or the YouTube/Vimeo elements' own) as intervals. */
export function intervalsOf(ranges: { length: number; start: (i: number) => number; end: (i: number) => number } | null | undefined): Interval[] {
  const out: Interval[] = [];
  for (let i = 0; i < (ranges?.length ?? 0); i++) {
    const a = ranges!.start(i);
    const b = ranges!.end(i);
    if (Number.isFinite(a) && Number.isFinite(b) && b > a) out.push([round(a), round(b)]);
  }
  return out;
}

/** Sorted, merged union. */
export function union(...lists: Interval[][]): Interval[] {
  const all = lists.flat().filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const out: Interval[] = [];
  for (const [a, b] of all) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

export const lengthOf = (list: Interval[]) => list.reduce((s, [a, b]) => s + b - a, 0);

/** Same intervals (nothing new to report). */
export const sameIntervals = (a: Interval[], b: Interval[]) => a.length === b.length && a.every(([x, y], i) => x === b[i]![0] && y === b[i]![1]);
