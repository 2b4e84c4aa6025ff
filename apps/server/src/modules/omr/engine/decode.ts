import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, type PDFRef } from 'pdf-lib';
import sharp from 'sharp';
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
export type PdfPage = { index: number; bytes?: Uint8Array; flate?: { width: number; height: number; channels: 1 | 3; data: Uint8Array }; render?: true };

/** How many pages a PDF has, and each page's picture when it is one plain picture. */
export async function splitPdf(bytes: Uint8Array): Promise<PdfPage[]> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (err) {
    const encrypted = err instanceof Error && /encrypt/i.test(err.message);
    throw new DecodeError(encrypted ? '암호가 걸린 PDF는 읽을 수 없습니다' : 'PDF를 읽지 못했습니다. 파일이 손상되었을 수 있습니다');
  }
  const pages = doc.getPages();
  if (pages.length > MAX_PDF_PAGES) throw new DecodeError(`PDF 한 파일은 ${MAX_PDF_PAGES.toLocaleString('ko-KR')}쪽까지 읽을 수 있습니다. 나누어 올려 주세요`);
  return pages.map((page, index) => {
    const pic = pagePicture(doc, page.node.Resources());
    return pic ? { index, ...pic } : { index, render: true as const };
  });
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
  return (await renderPdfPages(pdfBytes, { dpi: 200, pages: [page.index] }))[0]!;
}

const require = createRequire(import.meta.url);

/** Renders PDF pages with pdf.js (greyscale, `dpi`). Also how the tests turn our own sheet into pixels. */
export async function renderPdfPages(bytes: Uint8Array, opts: { dpi: number; pages?: number[] }): Promise<Gray[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const standardFontDataUrl = path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts/');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, disableFontFace: true, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const wanted = opts.pages ?? Array.from({ length: doc.numPages }, (_, i) => i);
    const out: Gray[] = [];
    for (const index of wanted) {
      const page = await doc.getPage(index + 1);
      const viewport = page.getViewport({ scale: opts.dpi / 72 });
      const width = Math.round(viewport.width);
      const height = Math.round(viewport.height);
      // A page's own size decides the canvas: a page declared metres wide is refused, not drawn.
      if (width * height > MAX_INPUT_PIXELS) throw new DecodeError(TOO_MANY_PIXELS);
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
