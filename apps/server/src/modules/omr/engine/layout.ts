import type { Question } from '@academy/contracts/grading';
import { CANDIDATE_NUMBER_LENGTH, type OmrField, type OmrLayout } from '@academy/contracts/omr';

/**
 * Our own answer sheet, as data: A4 portrait in millimetres. The same description drives the
 * printed PDF (sheet-pdf.ts) and the reader (read-sheet.ts), so moving a bubble here moves it on
 * paper and in reading at once.
 *
 * Page plan: corner markers 7 mm from the paper's edge; the title at the top; on the left the
 * student block (printed name, the 8-digit 수험번호 as digit columns, the QR code of a pre-filled
 * sheet); on the right the questions: choice rows (①–⑤) in up to three columns of twenty, then
 * numeric answers (수능-style 주관식: hundreds, tens and units columns of 0–9) in blocks below.
 */
export const A4 = { width: 210, height: 297 } as const;

export const SHEET = {
  marker: { size: 7, inset: 7 },
  orientation: { size: 3.5, gap: 3.2 },
  bubble: { width: 4.4, height: 3.2 },
  id: { x: 17.5, headerY: 52, firstRowY: 62, colPitch: 5.6, rowPitch: 4.4 },
  qr: { x: 15, y: 112, size: 24 },
  choice: { top: 40, columnsX: [68, 112, 156], labelWidth: 9, pitch: 5.8, rowPitch: 5.2, groupGap: 2, maxRows: 20 },
  numeric: { width: 22, height: 58, colPitch: 5.2, rowPitch: 4.4, firstRowOffset: 12 },
  questionArea: { left: 66, right: 198, bottom: 283 },
  leftArea: { left: 12, right: 62, top: 150 },
} as const;

export const MAX_SHEET_QUESTIONS = 60;
export const NUMERIC_DIGITS = 3;

/** Whether a short answer can be marked with digit bubbles: every accepted answer is a whole number 0–999. */
export function isNumericQuestion(q: Question): boolean {
  return q.kind === 'short' && q.answer.every((a) => /^\d{1,3}$/.test(a.trim()));
}

export type ExamLayout = { layout: OmrLayout; omitted: number[]; title: { x: number; y: number }; numericBlocks: { no: number; x: number; y: number }[]; choiceColumns: { x: number; y: number }[] };

export class LayoutError extends Error {}

/**
 * Lays out an exam's questions. Short answers that are not whole numbers up to 999 cannot be
 * marked with bubbles: they are left off the sheet and listed in `omitted` (typed in by hand).
 */
export function buildExamLayout(questions: readonly Question[]): ExamLayout {
  if (questions.length > MAX_SHEET_QUESTIONS) throw new LayoutError(`한 장의 답안지에는 ${MAX_SHEET_QUESTIONS}문항까지 넣을 수 있습니다 (이 시험은 ${questions.length}문항)`);
  const { marker, orientation, bubble, id, choice, numeric, questionArea, leftArea } = SHEET;
  const fields: OmrField[] = [];
  const omitted: number[] = [];

  const m = marker.inset + marker.size / 2;
  const centers = [
    { x: m, y: m },
    { x: A4.width - m, y: m },
    { x: A4.width - m, y: A4.height - m },
    { x: m, y: A4.height - m },
  ];

  for (let c = 0; c < CANDIDATE_NUMBER_LENGTH; c++) {
    fields.push({
      id: `id${c + 1}`,
      kind: 'digit',
      role: { type: 'id', index: c },
      values: digits(),
      bubbles: digits().map((_, r) => ({ x: id.x + c * id.colPitch, y: id.firstRowY + r * id.rowPitch })),
    });
  }

  const choices = questions.filter((q) => q.kind === 'choice');
  const numerics = questions.filter((q) => q.kind === 'short' && isNumericQuestion(q));
  for (const q of questions) if (q.kind === 'short' && !isNumericQuestion(q)) omitted.push(q.no);

  const columns = Math.max(1, Math.ceil(choices.length / choice.maxRows));
  const rows = Math.ceil(choices.length / columns);
  const choiceColumns: { x: number; y: number }[] = [];
  choices.forEach((q, i) => {
    const col = Math.floor(i / rows);
    const row = i % rows;
    const x0 = choice.columnsX[col]!;
    if (row === 0) choiceColumns.push({ x: x0, y: choice.top });
    const y = choice.top + row * choice.rowPitch + Math.floor(row / 5) * choice.groupGap;
    fields.push({
      id: `q${q.no}`,
      kind: 'choice',
      role: { type: 'question', no: q.no },
      values: ['1', '2', '3', '4', '5'],
      bubbles: [0, 1, 2, 3, 4].map((k) => ({ x: x0 + choice.labelWidth + k * choice.pitch, y })),
    });
  });

  // Numeric blocks fill, in order: the columns the choices left free, the width below the choices,
  // then the left column under the student block.
  const choiceBottom = choices.length ? choice.top + rows * choice.rowPitch + Math.floor((rows - 1) / 5) * choice.groupGap + 2 : choice.top - 8;
  const slots: { x: number; y: number }[] = [];
  const fill = (area: { left: number; right: number; top: number; bottom: number }) => {
    for (let y = area.top; y + numeric.height <= area.bottom; y += numeric.height) {
      for (let x = area.left; x + numeric.width <= area.right; x += numeric.width) slots.push({ x, y });
    }
  };
  if (choices.length && columns < 3) fill({ left: choice.columnsX[columns]! - 2, right: questionArea.right, top: choice.top - 8, bottom: choiceBottom });
  fill({ left: questionArea.left, right: questionArea.right, top: choiceBottom + 4, bottom: questionArea.bottom });
  fill({ left: leftArea.left, right: leftArea.right, top: leftArea.top, bottom: questionArea.bottom });
  if (numerics.length > slots.length) {
    throw new LayoutError(`이 시험의 숫자 주관식 ${numerics.length}문항이 한 장에 들어가지 않습니다 (객관식 ${choices.length}문항과 함께라면 ${slots.length}문항까지)`);
  }
  const numericBlocks: ExamLayout['numericBlocks'] = [];
  numerics.forEach((q, i) => {
    const slot = slots[i]!;
    numericBlocks.push({ no: q.no, ...slot });
    for (let d = 0; d < NUMERIC_DIGITS; d++) {
      const x = slot.x + 5 + d * numeric.colPitch;
      fields.push({
        id: `q${q.no}_${d + 1}`,
        kind: 'digit',
        role: { type: 'question', no: q.no, digit: d, digits: NUMERIC_DIGITS },
        values: digits(),
        bubbles: digits().map((_, r) => ({ x, y: slot.y + numeric.firstRowOffset + r * numeric.rowPitch })),
      });
    }
  });

  const layout: OmrLayout = {
    version: 1,
    unit: 'mm',
    page: { width: A4.width, height: A4.height },
    anchor: {
      kind: 'squares',
      size: marker.size,
      centers,
      orientation: { x: centers[0]!.x + marker.size / 2 + orientation.gap + orientation.size / 2, y: centers[0]!.y, size: orientation.size },
    },
    bubble: { width: bubble.width, height: bubble.height, shape: 'ellipse' },
    fields,
    qr: { x: SHEET.qr.x, y: SHEET.qr.y, size: SHEET.qr.size },
  };
  return { layout, omitted, title: { x: 26, y: 12 }, numericBlocks, choiceColumns };
}

function digits(): string[] {
  return ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
}
