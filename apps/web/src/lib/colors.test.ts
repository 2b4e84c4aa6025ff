import { describe, expect, it } from 'vitest';
import { textOn } from './colors.ts';

describe('text on a coloured background', () => {
  it('picks the colour with more contrast', () => {
    expect(textOn('#1b5e20')).toBe('#ffffff');
    expect(textOn('#ffeb3b')).toBe('#000000');
    expect(textOn('#4caf50')).toBe('#000000');
    expect(textOn('#e53935')).toBe('#000000');
    expect(textOn('#1565c0')).toBe('#ffffff');
  });
});
