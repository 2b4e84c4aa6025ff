import { describe, expect, it } from 'vitest';
import { advertisingBody, estimateCost, eucKrByteLength, fillVariables, isAdQuietHour, messageKind, nextAdWindowStart, recipientLabel, variablesIn } from './sms.ts';

describe('SMS byte rules', () => {
  it('counts EUC-KR bytes as carriers do: ASCII 1, Hangul 2', () => {
    expect(eucKrByteLength('abc 123')).toBe(7);
    expect(eucKrByteLength('안녕하세요')).toBe(10);
    expect(eucKrByteLength('[학원] 7시')).toBe(10);
  });

  it('is an SMS up to 90 bytes and an LMS from 91', () => {
    expect(messageKind('가'.repeat(45))).toBe('SMS');
    expect(messageKind(`${'가'.repeat(45)}a`)).toBe('LMS');
  });
});

describe('advertising (정보통신망법 제50조)', () => {
  it('puts (광고) and the sender first and the opt-out notice last, once', () => {
    expect(advertisingBody({ body: '겨울 특강 모집', senderName: '한빛수학학원', optOutNotice: '무료수신거부 080-123-4567' })).toBe('(광고)한빛수학학원 겨울 특강 모집\n무료수신거부 080-123-4567');
    expect(advertisingBody({ body: '(광고) 특강', senderName: '한빛', optOutNotice: '무료수신거부 080' })).toBe('(광고)한빛 특강\n무료수신거부 080');
  });

  it('knows the quiet hours in Korea time, and the morning after', () => {
    expect(isAdQuietHour(new Date('2026-11-20T11:59:00Z'))).toBe(false); // 20:59 KST
    expect(isAdQuietHour(new Date('2026-11-20T12:00:00Z'))).toBe(true); // 21:00 KST
    expect(isAdQuietHour(new Date('2026-11-20T22:59:00Z'))).toBe(true); // 07:59 KST next day
    expect(isAdQuietHour(new Date('2026-11-20T23:00:00Z'))).toBe(false); // 08:00 KST
    expect(nextAdWindowStart(new Date('2026-11-20T13:30:00Z')).toISOString()).toBe('2026-11-20T23:00:00.000Z');
    expect(nextAdWindowStart(new Date('2026-11-20T16:00:00Z')).toISOString()).toBe('2026-11-20T23:00:00.000Z');
    const day = new Date('2026-11-20T03:00:00Z');
    expect(nextAdWindowStart(day)).toBe(day);
  });
});

describe('variables and cost', () => {
  it('fills known variables and leaves the rest as written', () => {
    expect(fillVariables('#{이름} #{점수}점 #{모름}', { 이름: '최민준', 점수: '92' })).toBe('최민준 92점 #{모름}');
    expect(variablesIn('#{이름} #{이름} #{링크}')).toEqual(['이름', '링크']);
  });

  it('estimates the cost by kind, keeping a provider\'s fraction of a won', () => {
    expect(estimateCost({ sms: 10, lms: 3 }, { sms: 8.4, lms: 25.5, alimtalk: 7 })).toBe(160.5);
  });
});

describe('recipientLabel', () => {
  it('names the person and their role once, and a typed number as 직접 입력 once', () => {
    expect(recipientLabel({ name: '김민준', audience: 'parent' })).toBe('김민준 학부모');
    expect(recipientLabel({ name: null, audience: 'other' })).toBe('직접 입력');
    expect(recipientLabel({ name: null, audience: 'parent' })).toBe('학부모');
    expect(recipientLabel({ name: '원장', audience: 'other' })).toBe('원장');
    expect(recipientLabel({ name: undefined, audience: null })).toBe('직접 입력');
  });
});
