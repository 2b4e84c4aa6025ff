import { degrees, PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { checkPdfInflation, PdfBudgetError } from '../../lib/pdf/budget.ts';
import { embedKoreanFont } from '../../lib/pdf/korean-font.ts';

export type WatermarkText = { name: string; phoneTail: string; date: string };

export class WatermarkError extends Error {}

/**
 * What the server opens to watermark: the original's bytes at most (a larger lecture PDF is
 * refused at upload, see uploads.service), a picture's pixels at most (read from its header
 * before decoding), what a PDF's streams unpack to (lib/pdf/budget.ts, counted before pdf-lib
 * opens it), and the whole memory and time of the worker process that does it.
 */
export const WATERMARK_LIMITS = {
  maxBytes: 200 * 1024 * 1024,
  maxImagePixels: 50_000_000,
  memoryMb: 1536,
  timeoutMs: 120_000,
} as const;

/** A task of the watermark worker (watermark.worker.ts). */
export type WatermarkTask = { family: 'pdf' | 'png' | 'jpeg'; bytes: Uint8Array; text: WatermarkText };

export function watermarkLine(t: WatermarkText): string {
  return `${t.name} · ${t.phoneTail} · ${t.date}`;
}

/**
 * Returns a new PDF whose every page carries the mark diagonally (three times, so cropping one
 * out is not enough) plus a small line at the bottom. The input bytes are not modified.
 */
export async function watermarkPdf(opts: { pdf: Uint8Array; text: WatermarkText }): Promise<Uint8Array> {
  let doc: PDFDocument;
  try {
    await checkPdfInflation(opts.pdf);
    doc = await PDFDocument.load(opts.pdf, { updateMetadata: false });
  } catch (err) {
    if (err instanceof PdfBudgetError) throw new WatermarkError(err.message);
    const encrypted = err instanceof Error && /encrypt/i.test(err.message);
    throw new WatermarkError(encrypted ? '암호가 걸린 PDF에는 워터마크를 넣을 수 없습니다' : 'PDF를 읽지 못했습니다. 파일이 손상되었을 수 있습니다');
  }
  const font = await embedKoreanFont(doc, stampChars(opts.text));
  const pages = doc.getPages();
  if (pages.length === 0) throw new WatermarkError('페이지가 없는 PDF입니다');
  for (const page of pages) stamp({ page, font, text: opts.text });
  return doc.save({ useObjectStreams: true });
}

/** A PNG or JPEG becomes a one-page PDF the size of the image, with the same mark. */
export async function watermarkImage(opts: { image: Uint8Array; family: 'png' | 'jpeg'; text: WatermarkText }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  let img;
  try {
    img = opts.family === 'png' ? await doc.embedPng(opts.image) : await doc.embedJpg(opts.image);
  } catch {
    throw new WatermarkError('이미지를 읽지 못했습니다. 파일이 손상되었을 수 있습니다');
  }
  // Fit within A4-ish bounds at 72 dpi so a phone photo does not become a 4 m wide page.
  const scale = Math.min(1, 1190 / Math.max(img.width, img.height));
  const w = img.width * scale;
  const h = img.height * scale;
  const page = doc.addPage([w, h]);
  page.drawImage(img, { x: 0, y: 0, width: w, height: h });
  const font = await embedKoreanFont(doc, stampChars(opts.text));
  stamp({ page, font, text: opts.text });
  return doc.save({ useObjectStreams: true });
}

const FOOTER = ' 열람용 · 무단 배포 금지';
const stampChars = (t: WatermarkText) => watermarkLine(t) + FOOTER;

function stamp(opts: { page: PDFPage; font: PDFFont; text: WatermarkText }): void {
  const { page, font } = opts;
  const line = watermarkLine(opts.text);
  const box = page.getCropBox();
  const { x: bx, y: by, width, height } = box;
  const angle = Math.atan2(height, width);
  const diagonal = Math.hypot(width, height);
  // Each copy spans 24% of the diagonal and copies sit 30% apart: three marks that never overlap.
  const size = Math.max(10, Math.min(44, (diagonal * 0.24) / Math.max(1, font.widthOfTextAtSize(line, 1))));
  const textWidth = font.widthOfTextAtSize(line, size);
  const color = rgb(0.45, 0.45, 0.45);
  for (const f of [0.2, 0.5, 0.8]) {
    // Centre of the text at fraction f along the page's diagonal.
    const cx = bx + width * f;
    const cy = by + height * f;
    page.drawText(line, {
      x: cx - (Math.cos(angle) * textWidth) / 2 + (Math.sin(angle) * size) / 3,
      y: cy - (Math.sin(angle) * textWidth) / 2 - (Math.cos(angle) * size) / 3,
      size,
      font,
      color,
      opacity: 0.22,
      rotate: degrees((angle * 180) / Math.PI),
    });
  }
  const small = Math.max(6, Math.min(9, width / 70));
  page.drawText(line + FOOTER, { x: bx + 12, y: by + 8, size: small, font, color, opacity: 0.6 });
}
