/** SMS up to 90 bytes in EUC-KR, LMS above that up to 2,000 bytes (PRODUCT.md "SMS"). */
export const SMS_MAX_BYTES = 90;
export const LMS_MAX_BYTES = 2000;

/**
 * Byte length as carriers count it in EUC-KR: ASCII is 1 byte, Hangul and every other
 * character 2 (characters outside EUC-KR are replaced by carriers, still 2 bytes).
 */
export function eucKrByteLength(text: string): number {
  let n = 0;
  for (const ch of text) n += (ch.codePointAt(0) ?? 0) <= 0x7f ? 1 : 2;
  return n;
}

export function messageKind(body: string): 'SMS' | 'LMS' {
  return eucKrByteLength(body) <= SMS_MAX_BYTES ? 'SMS' : 'LMS';
}
