import { describe, expect, it } from 'vitest';
import { credit, normalize, subtract, totalLength } from './intervals.ts';

describe('watched intervals', () => {
  it('merges overlapping, touching and nearly touching pieces, clamped to the video', () => {
    expect(normalize([[30, 40], [0, 10], [9, 20], [20.3, 25], [590, 700]], 600)).toEqual([[0, 25], [30, 40], [590, 600]]);
    expect(totalLength([[0, 25], [30, 40], [590, 600]])).toBe(45);
    expect(normalize([[5, 5], [8, 3]], 600)).toEqual([]);
  });

  it('subtracts what is already counted', () => {
    expect(subtract([[0, 100]], [[10, 20], [50, 60]])).toEqual([[0, 10], [20, 50], [60, 100]]);
    expect(subtract([[10, 20]], [[0, 30]])).toEqual([]);
  });

  it('counts a replayed interval once', () => {
    const first = credit({ counted: [], played: [[0, 10]], durationSec: 600, budgetSec: 100 });
    const again = credit({ counted: first.intervals, played: [[0, 10], [0, 10]], durationSec: 600, budgetSec: 100 });
    expect(first.gainedSec).toBe(10);
    expect(again).toEqual({ intervals: [[0, 10]], gainedSec: 0 });
  });

  it('never counts more new seconds than the budget, earliest first', () => {
    const r = credit({ counted: [[0, 10]], played: [[0, 600]], durationSec: 600, budgetSec: 25 });
    expect(r).toEqual({ intervals: [[0, 35]], gainedSec: 25 });
    const gaps = credit({ counted: [[10, 20]], played: [[0, 30]], durationSec: 600, budgetSec: 15 });
    expect(gaps).toEqual({ intervals: [[0, 25]], gainedSec: 15 });
  });
});
