import { describe, expect, it } from 'vitest';
import { fillText } from './fill-text.ts';

describe('fillText', () => {
  it('names each choice bubble and gives its fill in percent', () => {
    expect(fillText({ kind: 'choice', values: ['1', '2', '3', '4', '5'] }, [0, 0.01, 1, 0.012, -0.02])).toBe('① 0% ② 1% ③ 100% ④ 1% ⑤ 0%');
  });
  it('names a digit column by its digits', () => {
    expect(fillText({ kind: 'digit', values: ['0', '1', '2'] }, [0.04, 0.97, 0])).toBe('0 4% 1 97% 2 0%');
  });
  it('numbers the bubbles from 1 when the field is unknown', () => {
    expect(fillText(undefined, [0.5, 0])).toBe('1 50% 2 0%');
  });
});
