import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { eucKrByteLength, messageKind } from './sms.ts';
import { idParam, isValidPassword, PASSWORD_RULE_TEXT, passwordSchema, phoneSchema } from './validation.ts';

describe('shared validation', () => {
  it('states the password rule as a whole sentence, so a hint can follow it (issue 35 item 17)', () => {
    expect(PASSWORD_RULE_TEXT).toMatch(/니다\.$/);
  });

  it('speaks Korean', () => {
    const r = z.object({ name: z.string().min(1), age: z.number() }).safeParse({ name: '', age: 'x' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual(['비어 있을 수 없습니다', '형식이 올바르지 않습니다 (숫자 필요)']);
    expect(z.object({ a: z.string() }).safeParse({}).error!.issues[0]!.message).toBe('필수 입력 항목입니다');
  });

  it('normalises phones and rejects bad ones with a Korean message', () => {
    expect(phoneSchema.parse('010-1234-5678')).toBe('01012345678');
    expect(phoneSchema.safeParse('12345').error!.issues[0]!.message).toContain('전화번호 형식');
  });

  it('checks the password rule', () => {
    expect(isValidPassword('abcd1234')).toBe(true);
    expect(isValidPassword('abcd!@#$')).toBe(true);
    expect(isValidPassword('abcdefgh')).toBe(false);
    expect(isValidPassword('1234567')).toBe(false);
    expect(passwordSchema.safeParse('short').success).toBe(false);
  });

  it('coerces numeric ids', () => {
    expect(idParam.parse('12')).toBe(12);
    expect(idParam.safeParse('abc').success).toBe(false);
    expect(idParam.safeParse('0').success).toBe(false);
  });

  it('counts EUC-KR bytes: SMS up to 90, LMS beyond', () => {
    expect(eucKrByteLength('abc')).toBe(3);
    expect(eucKrByteLength('안녕하세요')).toBe(10);
    expect(messageKind('가'.repeat(45))).toBe('SMS');
    expect(messageKind('가'.repeat(46))).toBe('LMS');
  });
});
