import { describe, expect, it } from 'vitest';
import { compareKorean, compareVersions, formatKoreanDate, formatKoreanShortDate, formatKoreanTime, formatPhone, formatWon, normalizePhone, phoneTail, shortName } from './format.ts';

describe('Korean formats', () => {
  it('says timetable times with 오전/오후', () => {
    expect(formatKoreanTime('19:00')).toBe('오후 7:00');
    expect(formatKoreanTime('09:05')).toBe('오전 9:05');
    expect(formatKoreanTime('12:30')).toBe('오후 12:30');
    expect(formatKoreanTime('00:10')).toBe('오전 12:10');
  });

  it('accepts phones with or without dashes and rejects malformed ones', () => {
    expect(normalizePhone('010-1234-5678')).toBe('01012345678');
    expect(normalizePhone('01012345678')).toBe('01012345678');
    expect(normalizePhone(' 010 1234 5678 ')).toBe('01012345678');
    expect(normalizePhone('02-123-4567')).toBe('021234567');
    expect(normalizePhone('031-123-4567')).toBe('0311234567');
    expect(normalizePhone('010-123')).toBeNull();
    expect(normalizePhone('123-4567-8901')).toBeNull();
    expect(normalizePhone('abc')).toBeNull();
  });

  it('shows phones as 010-1234-5678', () => {
    expect(formatPhone('01012345678')).toBe('010-1234-5678');
    expect(formatPhone('0111234567')).toBe('011-123-4567');
    expect(formatPhone('0212345678')).toBe('02-1234-5678');
    expect(formatPhone('021234567')).toBe('02-123-4567');
    expect(formatPhone(null)).toBe('');
    expect(phoneTail('010-1234-5678')).toBe('5678');
  });

  it('shows money and dates the Korean way', () => {
    expect(formatWon(1234000)).toBe('1,234,000원');
    expect(formatWon(0)).toBe('0원');
    // A payslip shows a withheld amount as its negative: nothing withheld is 0원, never -0원 (issue 35 item 17).
    expect(formatWon(-0)).toBe('0원');
    expect(formatWon(-0.4)).toBe('0원');
    expect(formatKoreanDate('2026-11-21')).toBe('2026. 11. 21.(토)');
    expect(formatKoreanDate('2026-11-23', { weekday: false })).toBe('2026. 11. 23.');
    // A chart axis: two-digit year, no weekday, no leading zeros.
    expect(formatKoreanShortDate('2026-06-04')).toBe('26. 6. 4.');
    // An instant is read on the Korean clock: 00:30 KST on the 16th is 15:30 UTC on the 15th.
    expect(formatKoreanDate(new Date('2026-12-15T15:30:00Z'))).toBe('2026. 12. 16.(수)');
    expect(formatKoreanDate('2026-12-15T14:59:00Z')).toBe('2026. 12. 15.(화)');
    expect(formatKoreanTime('2026-12-15T15:30:00Z')).toBe('오전 12:30');
    expect(formatKoreanTime('18:30')).toBe('오후 6:30');
  });

  it('sorts names in 가나다 order', () => {
    expect(['최민준', '김서연', '박지호', '강하늘'].sort(compareKorean)).toEqual(['강하늘', '김서연', '박지호', '최민준']);
  });

  it('compares versions part by part numerically', () => {
    expect(compareVersions('1.83.19', '1.83.19')).toBe(0);
    expect(compareVersions('1.84.0', '1.83.19')).toBe(1);
    expect(compareVersions('1.83.9', '1.83.19')).toBe(-1);
    expect(compareVersions('1.10', '1.9')).toBe(1);
    expect(compareVersions('2', '1.99.99')).toBe(1);
    expect(compareVersions('1.83', '1.83.0')).toBe(0);
  });

  it('shortens a name at a word boundary, never inside a word (issue 35 item 15)', () => {
    expect(shortName('고2 화학Ⅰ 개념반', 8)).toBe('고2 화학Ⅰ…');
    expect(shortName('고2 수학', 8)).toBe('고2 수학');
    expect(shortName('고2 수학 정규반', 9)).toBe('고2 수학 정규반');
    expect(shortName('고등수학심화특강반', 5)).toBe('고등수학심…');
    expect(shortName('  고1   영어  ', 8)).toBe('고1 영어');
  });
});
