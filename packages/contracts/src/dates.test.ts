import { describe, expect, it } from 'vitest';
import { greetingFor, hasStarted, kstHour, kstToday } from './dates.ts';

describe('the Korean clock', () => {
  it('reads the hour and the date in Asia/Seoul whatever the instant’s zone', () => {
    // 2026-12-01 19:24 UTC is 2026-12-02 04:24 in Seoul.
    const at = new Date('2026-12-01T19:24:00Z');
    expect(kstHour(at)).toBe(4);
    expect(kstToday(at)).toBe('2026-12-02');
  });

  it('greets 새벽 apart from 아침 (issue 35 item 15: 좋은 아침이에요 at 04:24)', () => {
    expect(greetingFor(kstHour(new Date('2026-12-01T19:24:00Z')))).not.toBe('좋은 아침이에요');
    expect(greetingFor(0)).toBe('늦은 시간까지 수고가 많아요');
    expect(greetingFor(4)).toBe('늦은 시간까지 수고가 많아요');
    expect(greetingFor(5)).toBe('좋은 아침이에요');
    expect(greetingFor(11)).toBe('좋은 아침이에요');
    expect(greetingFor(12)).toBe('오늘도 힘내세요');
    expect(greetingFor(18)).toBe('오늘 하루도 수고했어요');
    expect(greetingFor(23)).toBe('오늘 하루도 수고했어요');
  });

  it('counts a session as held from its start on the Korean clock, not from its date (issue 35 item 15)', () => {
    const at0424 = new Date('2026-12-01T19:24:00Z'); // 2026-12-02 04:24 in Seoul
    expect(hasStarted({ date: '2026-12-02', startTime: '20:00' }, at0424)).toBe(false);
    expect(hasStarted({ date: '2026-12-02', startTime: '04:24' }, at0424)).toBe(true);
    expect(hasStarted({ date: '2026-12-01', startTime: '23:00' }, at0424)).toBe(true);
    expect(hasStarted({ date: '2026-12-03', startTime: '00:00' }, at0424)).toBe(false);
  });
});
