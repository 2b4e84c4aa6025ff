import { describe, expect, it } from 'vitest';
import { intervalsOf, lengthOf, sameIntervals, union } from './watched.ts';

const ranges = (list: [number, number][]) => ({ length: list.length, start: (i: number) => list[i]![0], end: (i: number) => list[i]![1] });

describe('watched intervals on the page', () => {
  it('reads TimeRanges, dropping empty and broken ones', () => {
    expect(intervalsOf(ranges([[0, 10.04], [20, 20], [30, Number.NaN]]))).toEqual([[0, 10]]);
    expect(intervalsOf(null)).toEqual([]);
  });

  it('keeps a union across stream reloads, so nothing played is forgotten', () => {
    const before = union([[0, 30]]);
    const afterReload = union(before, intervalsOf(ranges([[25, 50], [100, 110]])));
    expect(afterReload).toEqual([[0, 50], [100, 110]]);
    expect(lengthOf(afterReload)).toBe(60);
    expect(sameIntervals(afterReload, [[0, 50], [100, 110]])).toBe(true);
    expect(sameIntervals(afterReload, [[0, 50]])).toBe(false);
  });
});
