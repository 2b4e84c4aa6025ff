import { CANDIDATE_NUMBER_LENGTH, qrPayload } from '@academy/contracts/omr';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { embedKoreanFont } from '../../../lib/pdf/korean-font.ts';
import { A4, type ExamLayout, NUMERIC_DIGITS, SHEET } from './layout.ts';

/** One printed page: blank (the student marks their 수험번호) or pre-filled for one participant. */
export type SheetPage = { kind: 'blank' } | { kind: 'student'; userId: number; name: string; candidateNumber: string };

export type SheetHeading = { title: string; lecture: string; date: string; examId: number };

const MM = 72 / 25.4;
const INK = rgb(0, 0, 0);
/** Bubble outlines and the digits inside are grey so an empty bubble stays light to the reader. */
const OUTLINE = rgb(0.35, 0.35, 0.35);
const INSIDE = rgb(0.62, 0.62, 0.62);
const TEXT = rgb(0.15, 0.15, 0.15);
const MUTED = rgb(0.4, 0.4, 0.4);

const GUIDE = ['컴퓨터용 사인펜이나 진한 연필로 칸을 꽉 채워 칠하세요.', '고칠 때는 깨끗이 지우고 다시 칠하세요.', '네 모서리의 검은 사각형을 가리거나 접지 마세요.'];

/**
 * Renders the exam's sheets as one A4 PDF, one page per entry of `pages`. Everything is drawn from
 * the layout: markers, bubbles and the QR code sit exactly where the reader looks for them.
 */
export async function renderSheetsPdf(opts: { layout: ExamLayout; heading: SheetHeading; pages: readonly SheetPage[] }): Promise<Uint8Array> {
  const { layout, heading, pages } = opts;
  const doc = await PDFDocument.create();
  doc.setTitle(`${heading.title} OMR 답안지`);
  doc.setProducer('academy-crm');
  const names = pages.map((p) => (p.kind === 'student' ? p.name + p.candidateNumber : '')).join('');
  const font = await embedKoreanFont(doc, [heading.title, heading.lecture, heading.date, names, GUIDE.join(''), '수험번호이름번호객관식주관식번답안지 OMR ·–()0123456789①②③④⑤QR코드로 학생을 찾습니다칠하세요'].join(''));
  for (const p of pages) {
    const page = doc.addPage([A4.width * MM, A4.height * MM]);
    const draw = pen(page, font);
    drawFrame(draw, layout, heading);
    drawStudentBlock(draw, layout, p, heading.examId);
    drawQuestions(draw, layout);
  }
  return doc.save({ useObjectStreams: true });
}

type Pen = ReturnType<typeof pen>;

/** Drawing in the layout's millimetres with y going down, as the layout is written. */
function pen(page: PDFPage, font: PDFFont) {
  const H = A4.height;
  return {
    rect: (o: { x: number; y: number; w: number; h: number; fill?: ReturnType<typeof rgb>; border?: ReturnType<typeof rgb>; borderWidth?: number }) =>
      page.drawRectangle({ x: o.x * MM, y: (H - o.y - o.h) * MM, width: o.w * MM, height: o.h * MM, color: o.fill, borderColor: o.border, borderWidth: o.border ? (o.borderWidth ?? 0.5) : undefined }),
    ellipse: (o: { cx: number; cy: number; w: number; h: number }) =>
      page.drawEllipse({ x: o.cx * MM, y: (H - o.cy) * MM, xScale: (o.w / 2) * MM, yScale: (o.h / 2) * MM, borderColor: OUTLINE, borderWidth: 0.55 }),
    text: (o: { s: string; x: number; y: number; size: number; color?: ReturnType<typeof rgb>; align?: 'left' | 'center' | 'right' }) => {
      const width = font.widthOfTextAtSize(o.s, o.size) / MM;
      const x = o.align === 'center' ? o.x - width / 2 : o.align === 'right' ? o.x - width : o.x;
      // y is the text's vertical middle: pdf-lib places the baseline.
      page.drawText(o.s, { x: x * MM, y: (H - o.y) * MM - (o.size * 0.36), size: o.size, font, color: o.color ?? TEXT });
    },
    line: (o: { x1: number; y1: number; x2: number; y2: number; width?: number }) =>
      page.drawLine({ start: { x: o.x1 * MM, y: (H - o.y1) * MM }, end: { x: o.x2 * MM, y: (H - o.y2) * MM }, thickness: o.width ?? 0.4, color: MUTED }),
  };
}

function drawFrame(draw: Pen, exam: ExamLayout, heading: SheetHeading) {
  const anchor = exam.layout.anchor;
  if (anchor.kind !== 'squares') return;
  for (const c of anchor.centers) draw.rect({ x: c.x - anchor.size / 2, y: c.y - anchor.size / 2, w: anchor.size, h: anchor.size, fill: INK });
  const o = anchor.orientation;
  draw.rect({ x: o.x - o.size / 2, y: o.y - o.size / 2, w: o.size, h: o.size, fill: INK });
  draw.text({ s: heading.title, x: exam.title.x, y: exam.title.y - 1, size: 14 });
  draw.text({ s: `${heading.lecture} · ${heading.date}`, x: exam.title.x, y: exam.title.y + 6, size: 9, color: MUTED });
  draw.text({ s: 'OMR 답안지', x: 190, y: exam.title.y - 1, size: 9, color: MUTED, align: 'right' });
  draw.line({ x1: 12, y1: 26, x2: 198, y2: 26, width: 0.6 });
}

function drawStudentBlock(draw: Pen, exam: ExamLayout, page: SheetPage, examId: number) {
  const { id, qr, bubble } = SHEET;
  draw.text({ s: '이름', x: 13, y: 34, size: 8, color: MUTED });
  draw.rect({ x: 22, y: 29.5, w: 40, h: 9, border: MUTED });
  if (page.kind === 'student') draw.text({ s: page.name, x: 24, y: 34, size: 11 });

  draw.text({ s: '수험번호', x: 13, y: 45, size: 8, color: MUTED });
  const idFields = exam.layout.fields.filter((f) => f.role.type === 'id');
  idFields.forEach((f, c) => {
    const x = id.x + c * id.colPitch;
    draw.rect({ x: x - 2.5, y: id.headerY - 3, w: 5, h: 6, border: MUTED, borderWidth: 0.4 });
    if (page.kind === 'student') draw.text({ s: page.candidateNumber[c] ?? '', x, y: id.headerY, size: 9, align: 'center' });
    f.bubbles.forEach((b, r) => drawBubble(draw, { ...b, label: f.values[r]!, w: bubble.width, h: bubble.height }));
  });
  draw.rect({ x: 13, y: id.headerY - 5, w: CANDIDATE_NUMBER_LENGTH * id.colPitch + 3.2, h: id.firstRowY + 9 * id.rowPitch + 3.5 - (id.headerY - 5), border: MUTED, borderWidth: 0.4 });

  if (page.kind === 'student' && exam.layout.qr) {
    const q = exam.layout.qr;
    drawQr(draw, qrPayload({ examId, userId: page.userId }), q);
    draw.text({ s: 'QR 코드로 학생을 찾습니다', x: q.x + q.size + 2, y: q.y + q.size / 2, size: 6.5, color: MUTED });
  }
  GUIDE.forEach((line, i) => draw.text({ s: line, x: 13, y: qr.y + qr.size + 6 + i * 4, size: 6.2, color: MUTED }));
}

function drawQuestions(draw: Pen, exam: ExamLayout) {
  const { bubble, choice, numeric } = SHEET;
  for (const col of exam.choiceColumns) {
    draw.text({ s: '번호', x: col.x + 3.5, y: col.y - 5, size: 6.5, color: MUTED, align: 'center' });
    ['①', '②', '③', '④', '⑤'].forEach((s, k) => draw.text({ s, x: col.x + choice.labelWidth + k * choice.pitch, y: col.y - 5, size: 7, color: MUTED, align: 'center' }));
  }
  for (const f of exam.layout.fields) {
    if (f.role.type !== 'question' || f.kind !== 'choice') continue;
    const y = f.bubbles[0]!.y;
    draw.text({ s: String(f.role.no), x: f.bubbles[0]!.x - choice.labelWidth + 6, y, size: 8, align: 'right' });
    f.bubbles.forEach((b, k) => drawBubble(draw, { ...b, label: f.values[k]!, w: bubble.width, h: bubble.height }));
  }
  for (const block of exam.numericBlocks) {
    draw.text({ s: `${block.no}번`, x: block.x + 10.2, y: block.y + 2, size: 7.5, align: 'center' });
    for (let d = 0; d < NUMERIC_DIGITS; d++) draw.rect({ x: block.x + 5 + d * numeric.colPitch - 2.4, y: block.y + 4.2, w: 4.8, h: 5, border: MUTED, borderWidth: 0.4 });
    for (const f of exam.layout.fields) {
      if (f.role.type !== 'question' || f.role.no !== block.no) continue;
      f.bubbles.forEach((b, r) => drawBubble(draw, { ...b, label: f.values[r]!, w: bubble.width, h: bubble.height }));
    }
    draw.rect({ x: block.x + 1.5, y: block.y - 1, w: numeric.width - 3, h: numeric.height - 4, border: MUTED, borderWidth: 0.3 });
  }
}

function drawBubble(draw: Pen, b: { x: number; y: number; label: string; w: number; h: number }) {
  draw.ellipse({ cx: b.x, cy: b.y, w: b.w, h: b.h });
  draw.text({ s: b.label, x: b.x, y: b.y, size: 5.2, color: INSIDE, align: 'center' });
}

/** The QR code drawn as rectangles (runs of dark modules merged), sized to `box` with its quiet zone inside. */
function drawQr(draw: Pen, text: string, box: { x: number; y: number; size: number }) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = box.size / (n + quiet * 2);
  for (let r = 0; r < n; r++) {
    let start = -1;
    for (let c = 0; c <= n; c++) {
      const dark = c < n && qr.modules.get(r, c);
      if (dark && start < 0) start = c;
      if (!dark && start >= 0) {
        draw.rect({ x: box.x + (quiet + start) * cell, y: box.y + (quiet + r) * cell, w: (c - start) * cell + 0.01, h: cell + 0.01, fill: INK });
        start = -1;
      }
    }
  }
}
