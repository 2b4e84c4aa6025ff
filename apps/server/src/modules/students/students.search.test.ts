import { getChoseong } from 'es-hangul';
import { describe, expect, it } from 'vitest';
import { koreanName, mobile, pick, rng } from '../../db/seed/korean.ts';
import { buildSearchText, buildSearchTokens, searchCondition } from './students.search.ts';

describe('student search tokens', () => {
  const tokens = new Set(buildSearchTokens({ name: '김철수' }));

  it('hold every substring of the name and its 초성, and nothing of the login id or phones (the trigram index has those)', () => {
    expect([...tokens].sort()).toEqual(['ㄱ', 'ㄱㅊ', 'ㄱㅊㅅ', 'ㅅ', 'ㅊ', 'ㅊㅅ', '김', '김철', '김철수', '수', '철', '철수'].sort());
  });

  it('sends names and 초성 to the token index, and the rest (login ids, phone digits, spaces, long needles) to LIKE', () => {
    expect(searchCondition('ㄱㅊ')).toEqual({ kind: 'token', token: 'ㄱㅊ' });
    expect(searchCondition('김')).toEqual({ kind: 'token', token: '김' });
    expect(searchCondition(' 철수 ')).toEqual({ kind: 'token', token: '철수' });
    expect(searchCondition('010-1234')).toEqual({ kind: 'like', pattern: '%0101234%' });
    expect(searchCondition(' KIM ')).toEqual({ kind: 'like', pattern: '%kim%' });
    expect(searchCondition('56')).toEqual({ kind: 'like', pattern: '%56%' });
    expect(searchCondition('김 철수')).toEqual({ kind: 'like', pattern: '%김 철수%' });
    expect(searchCondition('100%_done')).toEqual({ kind: 'like', pattern: '%100\\%\\_done%' });
    expect(searchCondition('김철수김철수김철수김철수김')).toEqual({ kind: 'like', pattern: '%김철수김철수김철수김철수김%' });
    expect(searchCondition('   ')).toBeNull();
  });

  it('a token probe finds exactly the students whose search text holds the needle (generated students and needles)', () => {
    const r = rng(17);
    const students = Array.from({ length: 150 }, (_, i) => ({
      name: i % 25 === 0 ? `Kim ${koreanName(r)}` : koreanName(r),
      loginId: `${pick(r, ['st', 'kim', 'han.bit', 'a_b-c', 'x'])}${String(Math.floor(r() * 100000)).padStart(5, '0')}`,
      phone: i % 7 === 0 ? null : mobile(r),
      parentPhone: i % 3 === 0 ? null : mobile(r),
    }));
    const indexed = students.map((s) => ({ text: buildSearchText(s), tokens: new Set(buildSearchTokens(s)) }));
    // Needles as people type them: pieces of names, 초성, login ids and phones, of every length, plus noise.
    const needles = new Set<string>();
    for (const s of students.slice(0, 60)) {
      for (const word of [s.name, getChoseong(s.name), s.loginId, s.phone ?? '', s.parentPhone ?? '']) {
        for (let k = 0; k < 6 && word; k++) {
          const start = Math.floor(r() * word.length);
          needles.add(word.slice(start, start + 1 + Math.floor(r() * 6)));
        }
      }
    }
    for (const n of ['0', '01', '010', '0101', '1234', 'k', 'ki', 'kim', '.', '_b', 'a_b', 'ㄱ', 'ㄱㄴ', '이', '김민', 'zz9', 'kim 이', '민a']) needles.add(n);
    let probes = 0;
    for (const needle of needles) {
      const c = searchCondition(needle);
      if (c?.kind !== 'token') continue;
      probes++;
      for (const s of indexed) expect(s.tokens.has(c.token), `${needle} in ${s.text}`).toBe(s.text.includes(c.token));
    }
    expect(probes).toBeGreaterThan(50);
  });
});
