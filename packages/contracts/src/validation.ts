import { z } from 'zod';
import { normalizePhone } from './format.ts';

/**
 * Korean messages for every zod issue, installed once by server and web (`installKoreanErrors`).
 * The server prefixes the field's Korean name (field-labels.ts), so a message reads "아이디: 필수 입력 항목입니다".
 */
function koreanMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return '필수 입력 항목입니다';
      if (issue.input === null) return '비어 있을 수 없습니다';
      return `형식이 올바르지 않습니다 (${typeLabel(issue.expected)} 필요)`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? '비어 있을 수 없습니다' : `${min}자 이상 입력해 주세요`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${min}개 이상 필요합니다`;
      return `${min} ${issue.inclusive ? '이상' : '초과'}이어야 합니다`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `${max}자 이하로 입력해 주세요`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${max}개 이하만 가능합니다`;
      return `${max} ${issue.inclusive ? '이하' : '미만'}이어야 합니다`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return '이메일 형식이 올바르지 않습니다';
      if (issue.format === 'uuid') return 'UUID 형식이 올바르지 않습니다';
      if (issue.format === 'date') return '날짜 형식(YYYY-MM-DD)이 올바르지 않습니다';
      if (issue.format === 'datetime') return '날짜·시간 형식이 올바르지 않습니다';
      return '형식이 올바르지 않습니다';
    case 'not_multiple_of':
      return `${String(issue.divisor)}의 배수여야 합니다`;
    case 'unrecognized_keys':
      return `알 수 없는 항목입니다: ${issue.keys.join(', ')}`;
    case 'invalid_value':
      // The choices are the request's keys ("participants, lecture, …"), not words a user reads: the
      // form offers them by their labels, and a schema that wants them listed says so in its own message.
      return '허용된 값이 아닙니다. 목록에 있는 값 중에서 골라 주세요';
    case 'invalid_union':
      return '형식이 올바르지 않습니다';
    default:
      return undefined;
  }
}

function typeLabel(t: string): string {
  const labels: Record<string, string> = {
    string: '문자열', number: '숫자', int: '정수', boolean: '참/거짓', object: '객체', array: '배열', date: '날짜',
  };
  return labels[t] ?? t;
}

let installed = false;
export function installKoreanErrors(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: (issue) => koreanMessage(issue) });
}
installKoreanErrors();

/** The largest id the database stores (PostgreSQL integer). */
export const MAX_ID = 2147483647;

/**
 * Ids in a query string, separated by commas ("3,17,42"), each a valid id; the handler splits them.
 */
export const idListParam = z
  .string()
  .max(40_000, '목록이 너무 깁니다')
  .regex(/^\d+(,\d+)*$/, 'ID를 쉼표로 구분해 주세요')
  .refine((v) => v.split(',').every((n) => Number(n) >= 1 && Number(n) <= MAX_ID), { message: `1부터 ${MAX_ID} 사이의 ID만 쓸 수 있습니다` });

/**
 * What no stored text may hold: a NUL byte (PostgreSQL text cannot keep it) or half of a UTF-16
 * surrogate pair (it is not Unicode; JSON columns such as the audit log refuse it).
 * Returns the Korean reason, or null when the text is fine.
 */
export function textProblem(s: string): string | null {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return '제어 문자(NUL)는 입력할 수 없습니다';
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return '올바르지 않은 유니코드 문자가 있습니다';
    } else if (c >= 0xdc00 && c <= 0xdfff) return '올바르지 않은 유니코드 문자가 있습니다';
  }
  return null;
}

/**
 * The one text type of the API: every string a client sends is a `text()`. It refuses what
 * `textProblem` refuses, with the field named by the server ("이름: 제어 문자(NUL)는 …").
 */
export const text = () =>
  z.string().check((ctx) => {
    const problem = textProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });

/** Bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069): "exe.pdf" tricks. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** A file name as shown to people: text without bidirectional controls. */
export const stripBidi = (name: string): string => name.replace(BIDI_CONTROLS, '');

/** The text type of file names: bidirectional controls are removed, so a name reads as it is. */
export const fileNameText = () => text().overwrite(stripBidi);

/** Phone accepted with or without dashes; output is digits only. */
export const phoneSchema = text()
  .trim()
  .transform((v, ctx) => {
    const n = normalizePhone(v);
    if (!n) {
      ctx.addIssue({ code: 'custom', message: '전화번호 형식이 올바르지 않습니다 (예: 010-1234-5678)' });
      return z.NEVER;
    }
    return n;
  })
  .describe('전화번호 (하이픈 유무 무관, 숫자만 저장)');

export const PASSWORD_RULE_TEXT = '비밀번호는 8~64자이며 영문, 숫자, 특수문자 중 2종류 이상을 포함해야 합니다.';

/** Password rule checked on the server: 8–64 chars, at least two of letters / digits / symbols. */
export function isValidPassword(pw: string): boolean {
  if (pw.length < 8 || pw.length > 64) return false;
  const kinds = [/[A-Za-z]/, /\d/, /[^A-Za-z0-9\s]/].filter((r) => r.test(pw)).length;
  return kinds >= 2;
}

export const passwordSchema = text()
  .refine(isValidPassword, { message: PASSWORD_RULE_TEXT })
  .describe(PASSWORD_RULE_TEXT);

export const loginIdSchema = text()
  .trim()
  .min(3, '아이디는 3자 이상이어야 합니다')
  .max(30, '아이디는 30자 이하여야 합니다')
  .regex(/^[a-zA-Z0-9._-]+$/, '아이디는 영문, 숫자, . _ - 만 사용할 수 있습니다')
  .describe('로그인 아이디');

/** Numeric path ids: "12" → 12, with a Korean message for anything else. */
export const idParam = z.coerce
  .number({ message: '숫자 ID가 필요합니다' })
  .int('정수 ID가 필요합니다')
  .positive('1 이상의 ID가 필요합니다')
  .max(MAX_ID, 'ID가 너무 큽니다');

/** An id inside a JSON body (a number, never a string): a positive PostgreSQL integer. */
export const id = z
  .number({ message: '숫자 ID가 필요합니다' })
  .int('정수 ID가 필요합니다')
  .positive('1 이상의 ID가 필요합니다')
  .max(MAX_ID, 'ID가 너무 큽니다');

/** Calendar dates the center can hold: 1900 to 2999 (PostgreSQL refuses year 0). */
export const isoDateSchema = z.iso
  .date()
  .refine((d) => d >= '1900-01-01' && d <= '2999-12-31', { message: '1900년부터 2999년 사이의 날짜여야 합니다' })
  .describe('날짜 (YYYY-MM-DD)');
