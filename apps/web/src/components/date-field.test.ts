import { describe, expect, it } from 'vitest';
import { AdapterDayjsKo, DATE_TIME_FORMAT, TIME_FORMAT } from './date-field.tsx';

describe('AdapterDayjsKo', () => {
  const adapter = new AdapterDayjsKo({ locale: 'ko' });
  it('reads 오후 as the afternoon (dayjs alone gave an invalid date)', () => {
    expect(adapter.parse('오후 7:00', TIME_FORMAT)?.format('HH:mm')).toBe('19:00');
    expect(adapter.parse('오후 12:30', TIME_FORMAT)?.format('HH:mm')).toBe('12:30');
    expect(adapter.parse('오전 12:30', TIME_FORMAT)?.format('HH:mm')).toBe('00:30');
    expect(adapter.parse('오전 8:00', TIME_FORMAT)?.format('HH:mm')).toBe('08:00');
    expect(adapter.parse('2026. 12. 2.(수) 오후 11:00', DATE_TIME_FORMAT)?.format('YYYY-MM-DDTHH:mm')).toBe('2026-12-02T23:00');
  });
});
