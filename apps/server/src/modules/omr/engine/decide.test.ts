import { describe, expect, it } from 'vitest';
import { decideField, MARK_AT, pageLevels } from './decide.ts';

const values = ['1', '2', '3', '4', '5'];

describe('decisions against the page', () => {
  it('never reads a blank page as all marked: without marks the mark level stays near printed black', () => {
    // Every bubble of a blank sheet reads about the same faint darkness (outline and digit).
    const blank = Array.from({ length: 300 }, (_, i) => 0.05 + (i % 7) * 0.004);
    const levels = pageLevels(blank, 0.9);
    expect(levels.mark).toBeGreaterThan(0.6);
    const d = decideField({ values, darkness: [0.06, 0.07, 0.05, 0.074, 0.062], levels, kind: 'choice' });
    expect(d).toMatchObject({ marked: [], status: 'blank', flagged: false });
  });

  it('measures a pencil page against its own marks: light pencil still reads as marked', () => {
    const page = [...Array.from({ length: 240 }, () => 0.05), ...Array.from({ length: 60 }, () => 0.45)];
    const levels = pageLevels(page, 0.92);
    expect(levels.mark).toBeCloseTo(0.45, 2);
    expect(decideField({ values, darkness: [0.05, 0.44, 0.05, 0.06, 0.05], levels, kind: 'choice' })).toMatchObject({ marked: ['2'], status: 'ok', flagged: false });
  });

  it('recognises an erasure beside a mark, and sends a bubble near the line to a person', () => {
    const levels = { empty: 0.05, ink: 0.9, mark: 0.75 };
    const erased = decideField({ values, darkness: [0.05, 0.78, 0.16, 0.05, 0.05], levels, kind: 'choice' });
    expect(erased).toMatchObject({ marked: ['2'], flagged: false });
    expect(erased.notes).toContain('erased');
    const near = 0.05 + (MARK_AT + 0.05) * 0.7;
    expect(decideField({ values, darkness: [0.05, near, 0.05, 0.05, 0.05], levels, kind: 'choice' })).toMatchObject({ marked: ['2'], status: 'doubtful', flagged: true });
  });

  it('reads two full marks in a choice row as a double answer, and any double in a digit column goes to a person', () => {
    const levels = { empty: 0.05, ink: 0.9, mark: 0.75 };
    expect(decideField({ values, darkness: [0.76, 0.05, 0.74, 0.05, 0.05], levels, kind: 'choice' })).toMatchObject({ marked: ['1', '3'], status: 'multiple', flagged: false });
    expect(decideField({ values, darkness: [0.76, 0.05, 0.4, 0.05, 0.05], levels, kind: 'choice' }).flagged).toBe(true);
    expect(decideField({ values, darkness: [0.76, 0.05, 0.74, 0.05, 0.05], levels, kind: 'digit' }).flagged).toBe(true);
  });
});
