import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';
import { checkPdfInflation, PDF_TOO_PACKED, PdfBudgetError } from '../../../lib/pdf/budget.ts';
import { countOperators } from '../../../lib/pdf/operators.ts';
import type { Gray } from './image.ts';

/**
 * Turning uploaded bytes into greyscale pages. Photos and scans go through sharp (libvips:
 * JPEG shrink-on-load, EXIF orientation). A scanner's PDF holds one picture per page, so that
 * picture is taken as it is (a JPEG straight to sharp, raw pixels inflated); a page that is not
 * one plain picture (vector drawing, CCITT or JBIG2 scans, several strips) is rendered by pdf.js.
 */

/** Pages are decoded to at most this long a side: enough for 8 px/mm on A4, far more than reading needs. */
export const MAX_DECODE_SIDE = 2400;
/** Refuse images beyond this many pixels (a decompression bomb, not a photo). */
const MAX_INPUT_PIXELS = 80_000_000;
/** Pages of one uploaded PDF at most. */
export const MAX_PDF_PAGES = 1000;
const TOO_MANY_PIXELS = '그림이 너무 큽니다 (최대 8천만 화소). 스캔 해상도를 낮추어 다시 올려 주세요';
/**
 * A page that is not one plain picture is drawn by pdf.js only within these: drawing commands
 * (a scan is one `Do` of its picture; our own printed 60-question sheet is 11,501), and the canvas at
 * 200 dpi (A3 is 7.7 million pixels). A page over either is refused without being drawn.
 */
export const PAGE_RENDER_LIMITS = { maxOperators: 50_000, maxPixels: 20_000_000 } as const;
/** A content stream that unpacks to more than this is more commands than a page may have. */
const MAX_CONTENT_BYTES = 4 * 1024 * 1024;
const NOT_A_SCAN = `스캔한 답안지가 아닙니다: 이 쪽은 그림이 아니라 그리기 명령 ${PAGE_RENDER_LIMITS.maxOperators.toLocaleString('ko-KR')}개 이상으로 되어 있습니다. 답안지를 스캐너나 사진으로 올려 주세요`;

export class DecodeError extends Error {}

export async function decodeImage(bytes: Uint8Array, opts: { maxSide?: number } = {}): Promise<Gray> {
  const maxSide = opts.maxSide ?? MAX_DECODE_SIDE;
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .grayscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return toGray(data, info.width, info.height, info.channels);
  } catch (err) {
    throw new DecodeError(`이미지를 읽지 못했습니다 (${err instanceof Error ? err.message.slice(0, 80) : '알 수 없는 오류'})`);
  }
}

function toGray(data: Buffer, width: number, height: number, channels: number): Gray {
  if (channels === 1) return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = data[i * channels]!;
  return { width, height, data: out };
}

/**
 * A page of a PDF: its JPEG (`bytes`), its packed raw pixels (`flate`, inflated only when the page
 * is read, so a batch never holds every page unpacked), or to be rendered by pdf.js.
 */
export type PdfPage = { index: number; bytes?: Uint8Array; flate?: { width: number; height: number; channels: 1 | 3; data: Uint8Array }; render?: true; refused?: string };

/** How many pages a PDF has, and each page's picture when it is one plain picture. */
export async function splitPdf(bytes: Uint8Array): Promise<PdfPage[]> {
  let doc: PDFDocument;
  try {
    // Before pdf-lib inflates its object streams in full: what they unpack to is counted first.
    await checkPdfInflation(bytes);
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (err) {
    if (err instanceof PdfBudgetError) throw new DecodeError(PDF_TOO_PACKED);
    const encrypted = err instanceof Error && /encrypt/i.test(err.message);
    throw new DecodeError(encrypted ? '암호가 걸린 PDF는 읽을 수 없습니다' : 'PDF를 읽지 못했습니다. 파일이 손상되었을 수 있습니다');
  }
  const pages = doc.getPages();
  if (pages.length > MAX_PDF_PAGES) throw new DecodeError(`PDF 한 파일은 ${MAX_PDF_PAGES.toLocaleString('ko-KR')}쪽까지 읽을 수 있습니다. 나누어 올려 주세요`);
  const counted = new Map<PDFRawStream, { operators: number; paints: number }>();
  return pages.map((page, index) => {
    const pic = pagePicture(doc, page.node.Resources());
    if (pic) return { index, ...pic };
    return pageOperators(doc, page, counted) > PAGE_RENDER_LIMITS.maxOperators ? { index, refused: NOT_A_SCAN } : { index, render: true as const };
  });
}

/**
 * Drawing commands pdf.js would run for a page: its content streams, plus each `Do` times the
 * commands of the page's form XObjects (a form drawn 1,000 times runs 1,000 times). Streams are
 * counted once per file (`counted`): 1,000 pages sharing one stream cost one count.
 */
function pageOperators(doc: PDFDocument, page: PDFPage, counted: Map<PDFRawStream, { operators: number; paints: number }>): number {
  const limit = PAGE_RENDER_LIMITS.maxOperators;
  const count = (stream: PDFRawStream) => {
    let n = counted.get(stream);
    if (!n) {
      const content = contentBytes(stream);
      n = content ? countOperators(content, limit) : { operators: limit + 1, paints: 0 };
      counted.set(stream, n);
    }
    return n;
  };
  const contents = page.node.Contents();
  const streams = (contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : []).map((c) => (c instanceof PDFRef ? doc.context.lookup(c) : c));
  let total = 0;
  let paints = 0;
  for (const s of streams) {
    if (!(s instanceof PDFRawStream)) continue;
    const n = count(s);
    total += n.operators;
    paints += n.paints;
    if (total > limit) return total;
  }
  // A form drawn by each `Do` runs its own commands, and the forms it draws in turn (three deep at most).
  const formsCost = (resources: PDFDict | undefined, depth: number): number => {
    const xobjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    let cost = 0;
    for (const [, ref] of xobjects?.entries() ?? []) {
      const obj = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
      if (!(obj instanceof PDFRawStream) || obj.dict.get(PDFName.of('Subtype')) !== PDFName.of('Form')) continue;
      if (depth > 3) return limit + 1;
      const n = count(obj);
      cost += n.operators + (n.paints ? n.paints * formsCost(obj.dict.lookupMaybe(PDFName.of('Resources'), PDFDict), depth + 1) : 0);
      if (cost > limit) return cost;
    }
    return cost;
  };
  const forms = paints ? formsCost(page.node.Resources(), 1) : 0;
  return total + paints * forms;
}

/** A content stream's commands, unpacked no further than MAX_CONTENT_BYTES (null: more than that, or unreadable). */
function contentBytes(stream: PDFRawStream): Uint8Array | null {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  try {
    if (!filter) return stream.contents.byteLength > MAX_CONTENT_BYTES ? null : stream.contents;
    if (filter === PDFName.of('FlateDecode')) return inflateSync(stream.contents, { maxOutputLength: MAX_CONTENT_BYTES });
    const out = decodePDFRawStream(stream).decode();
    return out.byteLength > MAX_CONTENT_BYTES ? null : out;
  } catch {
    return null;
  }
}

function pagePicture(doc: PDFDocument, resources: PDFDict | undefined): Pick<PdfPage, 'bytes' | 'flate'> | null {
  const xobjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!xobjects) return null;
  const images: PDFRawStream[] = [];
  for (const [, ref] of xobjects.entries()) {
    const obj = doc.context.lookup(ref as PDFRef);
    if (obj instanceof PDFRawStream && obj.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) images.push(obj);
  }
  if (images.length !== 1) return null;
  const img = images[0]!;
  const dict = img.dict;
  const filter = dict.lookup(PDFName.of('Filter'));
  const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  const names = filters.map((f) => (f instanceof PDFName ? f.asString() : ''));
  if (names.length === 1 && names[0] === '/DCTDecode') return { bytes: img.contents };
  const width = num(dict.lookup(PDFName.of('Width')));
  const height = num(dict.lookup(PDFName.of('Height')));
  const bpc = num(dict.lookup(PDFName.of('BitsPerComponent')));
  const cs = dict.lookup(PDFName.of('ColorSpace'));
  const channels = cs === PDFName.of('DeviceGray') ? 1 : cs === PDFName.of('DeviceRGB') ? 3 : 0;
  if (names.length === 1 && names[0] === '/FlateDecode' && bpc === 8 && channels && width && height && !dict.lookup(PDFName.of('DecodeParms'))) {
    if (width * height > MAX_INPUT_PIXELS) throw new DecodeError(TOO_MANY_PIXELS);
    // Its own copy of the packed bytes: a view would carry the whole PDF along to every page's task.
    return { flate: { width, height, channels: channels as 1 | 3, data: img.contents.slice() } };
  }
  return null;
}

/** A picture's packed pixels, inflated no further than its own size: a stream that unpacks to more is refused. */
function inflatePicture(f: NonNullable<PdfPage['flate']>): Buffer {
  const size = f.width * f.height * f.channels;
  let data: Buffer;
  try {
    data = inflateSync(f.data, { maxOutputLength: size });
  } catch {
    throw new DecodeError('PDF의 그림을 읽지 못했습니다. 손상되었거나 크기가 맞지 않습니다');
  }
  if (data.length !== size) throw new DecodeError('PDF의 그림을 읽지 못했습니다. 손상되었거나 크기가 맞지 않습니다');
  return data;
}

const num = (v: unknown) => (v instanceof PDFNumber ? v.asNumber() : 0);

/** A page's picture as greyscale (decoded by sharp, so big scans shrink on load). */
export async function decodePdfPage(page: PdfPage, pdfBytes: Uint8Array, opts: { maxSide?: number } = {}): Promise<Gray> {
  if (page.bytes) return decodeImage(page.bytes, opts);
  if (page.flate) {
    const maxSide = opts.maxSide ?? MAX_DECODE_SIDE;
    const { data, info } = await sharp(inflatePicture(page.flate), { raw: { width: page.flate.width, height: page.flate.height, channels: page.flate.channels } })
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .grayscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return toGray(data, info.width, info.height, info.channels);
  }
  if (page.refused) throw new DecodeError(page.refused);
  return (await renderPdfPages(pdfBytes, { dpi: 200, pages: [page.index], maxPixels: PAGE_RENDER_LIMITS.maxPixels }))[0]!;
}

const require = createRequire(import.meta.url);

/** Renders PDF pages with pdf.js (greyscale, `dpi`). Also how the tests turn our own sheet into pixels. */
export async function renderPdfPages(bytes: Uint8Array, opts: { dpi: number; pages?: number[]; maxPixels?: number }): Promise<Gray[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const standardFontDataUrl = path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts/');
  // maxImageSize: pdf.js decodes no picture over the pixel cap.
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, disableFontFace: true, isEvalSupported: false, verbosity: 0, maxImageSize: MAX_INPUT_PIXELS }).promise;
  const maxPixels = opts.maxPixels ?? MAX_INPUT_PIXELS;
  try {
    const wanted = opts.pages ?? Array.from({ length: doc.numPages }, (_, i) => i);
    const out: Gray[] = [];
    for (const index of wanted) {
      const page = await doc.getPage(index + 1);
      const viewport = page.getViewport({ scale: opts.dpi / 72 });
      const width = Math.round(viewport.width);
      const height = Math.round(viewport.height);
      // A page's own size decides the canvas: a page declared metres wide is refused, not drawn.
      if (width * height > maxPixels) throw new DecodeError(maxPixels === MAX_INPUT_PIXELS ? TOO_MANY_PIXELS : `쪽이 너무 큽니다 (200dpi로 ${Math.round(maxPixels / 1_000_000)}백만 화소 초과). A4나 A3 답안지를 올려 주세요`);
      const factory = doc.canvasFactory as { create: (w: number, h: number) => { canvas: unknown; context: CanvasRenderingContext2D }; destroy: (c: unknown) => void };
      const target = factory.create(width, height);
      target.context.fillStyle = '#ffffff';
      target.context.fillRect(0, 0, width, height);
      await page.render({ canvasContext: target.context, viewport }).promise;
      const rgba = target.context.getImageData(0, 0, width, height).data;
      const g = new Uint8Array(width * height);
      for (let i = 0; i < g.length; i++) g[i] = Math.round(0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!);
      factory.destroy(target);
      page.cleanup();
      out.push({ width, height, data: g });
    }
    return out;
  } finally {
    await doc.destroy();
  }
}

/**
 * Encodes a greyscale image as JPEG (the straightened page we keep, the generator's scans and
 * photos). Standard Huffman tables: a file a few percent larger for half the encoding time.
 */
export async function encodeJpeg(img: Gray, quality = 80): Promise<Uint8Array> {
  const buf = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } }).jpeg({ quality, mozjpeg: false, optimiseCoding: false }).toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}
