/**
 * OMR: the answer sheet a center prints for an exam and reads back from a scanner's PDF or a phone
 * photo. A *layout* is data (one JSON description drives both printing and reading); a *batch* is
 * one upload of files for an exam; a *sheet* is one page read from it, with the answers it holds,
 * the fill of every bubble and the questions a person must confirm before they become scores.
 */
import { z } from 'zod';

// ─── layouts ────────────────────────────────────────────────────────────────────────────────────

const point = z.object({ x: z.number(), y: z.number() });
export type OmrPoint = z.infer<typeof point>;

/**
 * One atomic field: a row of choice bubbles (①–⑤), one digit column (0–9) of a numeric answer or
 * of the 수험번호, or any field of an imported template. `bubbles[i]` is the centre of the bubble
 * whose value is `values[i]`.
 */
export const omrField = z.object({
  id: z.string().min(1).max(80).describe('필드 이름 (q1, q12_2, id3 …)'),
  kind: z.enum(['choice', 'digit', 'other']),
  /** What the field answers: a question (its digit position for numeric answers), a digit of the 수험번호, or nothing we grade. */
  role: z.discriminatedUnion('type', [
    z.object({ type: z.literal('question'), no: z.number().int().min(1), digit: z.number().int().min(0).max(5).optional().describe('숫자 답의 자리 (0: 가장 높은 자리)'), digits: z.number().int().min(1).max(6).optional() }),
    z.object({ type: z.literal('id'), index: z.number().int().min(0).max(11) }),
    z.object({ type: z.literal('other') }),
  ]),
  values: z.array(z.string().max(20)).min(1).max(40),
  bubbles: z.array(point).min(1).max(40),
});
export type OmrField = z.infer<typeof omrField>;

/**
 * How the reader finds the page: our own corner markers (solid squares, plus a small orientation
 * square beside the top-left one), OMRChecker's marker image in the four corners, the paper's own
 * edges, or nothing (the image is the page, as a flatbed scan cut to the sheet).
 */
export const omrAnchor = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('squares'),
    size: z.number().positive().describe('표식 한 변'),
    centers: z.array(point).length(4).describe('왼쪽 위, 오른쪽 위, 오른쪽 아래, 왼쪽 아래 표식의 중심'),
    orientation: point.extend({ size: z.number().positive() }).describe('방향 표식 (왼쪽 위 표식 옆의 작은 사각형)'),
  }),
  z.object({ kind: z.literal('markerImage'), widthRatio: z.number().positive().describe('페이지 너비 ÷ 표식 너비 (OMRChecker sheetToMarkerWidthRatio)'), alsoCropPage: z.boolean() }),
  z.object({ kind: z.literal('page') }),
  z.object({ kind: z.literal('none') }),
]);
export type OmrAnchor = z.infer<typeof omrAnchor>;

export const omrLayout = z.object({
  version: z.literal(1),
  unit: z.enum(['mm', 'px']).describe('좌표 단위 (우리 답안지는 mm, 가져온 템플릿은 그 템플릿의 px)'),
  page: z.object({ width: z.number().positive(), height: z.number().positive() }),
  anchor: omrAnchor,
  bubble: z.object({ width: z.number().positive(), height: z.number().positive(), shape: z.enum(['ellipse', 'rect']) }),
  fields: z.array(omrField).max(2000),
  /** Where the pre-filled sheet's QR code sits (its top-left corner and side). */
  qr: point.extend({ size: z.number().positive() }).nullable(),
});
export type OmrLayout = z.infer<typeof omrLayout>;

/** A 수험번호 is 8 digits: 7 the product draws and a check digit (weights 3,1,3,1… like EAN) that catches a single wrong digit. */
export const CANDIDATE_NUMBER_LENGTH = 8;

export function candidateCheckDigit(first7: string): number {
  let sum = 0;
  for (let i = 0; i < first7.length; i++) sum += Number(first7[i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

export function isValidCandidateNumber(n: string): boolean {
  return /^\d{8}$/.test(n) && candidateCheckDigit(n.slice(0, 7)) === Number(n[7]);
}

/** What a pre-filled sheet's QR code carries: the exam and the student. */
export const QR_PREFIX = 'ACOMR1';
export const qrPayload = (o: { examId: number; userId: number }) => `${QR_PREFIX}:${o.examId}:${o.userId}`;
export function parseQrPayload(text: string): { examId: number; userId: number } | null {
  const m = /^ACOMR1:(\d{1,9}):(\d{1,9})$/.exec(text.trim());
  return m ? { examId: Number(m[1]), userId: Number(m[2]) } : null;
}
