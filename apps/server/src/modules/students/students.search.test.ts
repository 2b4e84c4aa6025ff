import { describe, expect, it } from 'vitest';
import { buildSearchTokens, searchCondition } from './students.search.ts';

describe('student search tokens', () => {
  const tokens = new Set(buildSearchTokens({ name: '김철수', loginId: 'Kim01', phone: '01012345678', parentPhone: null }));

  it('hold every substring of name, 초성 and login id, and phone digits from 3 on', () => {
    for (const t of ['김', '철수', '김철수', 'ㄱ', 'ㅊㅅ', 'ㄱㅊㅅ', 'kim', 'm01', '5678', '010', '01012345678']) expect(tokens.has(t)).toBe(true);
    expect(tokens.has('56')).toBe(false);
    expect(tokens.has('Kim')).toBe(false);
  });

  it('sends short, spaced or long needles to LIKE and the rest to the token index', () => {
    expect(searchCondition('ㄱㅊ')).toEqual({ kind: 'token', token: 'ㄱㅊ' });
    expect(searchCondition('010-1234')).toEqual({ kind: 'token', token: '0101234' });
    expect(searchCondition(' KIM ')).toEqual({ kind: 'token', token: 'kim' });
    expect(searchCondition('56')).toEqual({ kind: 'like', pattern: '%56%' });
    expect(searchCondition('김 철수')).toEqual({ kind: 'like', pattern: '%김 철수%' });
    expect(searchCondition('100%_done')).toEqual({ kind: 'token', token: '100%_done' });
    expect(searchCondition('a_very_long_login')).toEqual({ kind: 'like', pattern: '%a\\_very\\_long\\_login%' });
    expect(searchCondition('   ')).toBeNull();
  });
});
