import { Readable } from 'node:stream';
import { createInflate } from 'node:zlib';

/**
 * What an uploaded PDF may unpack to, checked before pdf-lib or pdf.js open it. pdf-lib inflates
 * every object stream (`/Type /ObjStm`) in full while loading, pdf.js every content stream it
 * draws; a 1.5 MB file of such streams grew a server by 2.5 GB. So every Flate stream that is
 * not a picture is inflated here first, in 64 KB pieces that are counted and dropped, and the
 * file is refused once the total passes its budget: `perInputByte` × the file's size, at least
 * `floorBytes`, at most `maxBytes`. Pictures (`/Subtype /Image`) are not counted: their readers
 * unpack them no further than their declared size (OMR's decode.ts, pdf.js `maxImageSize`).
 */
export const PDF_INFLATE_BUDGET = {
  perInputByte: 20,
  floorBytes: 64 * 1024 * 1024,
  maxBytes: 512 * 1024 * 1024,
} as const;

/** The file unpacks to more than its budget, or its streams are chained deeper than we unpack. */
export class PdfBudgetError extends Error {}

export const PDF_TOO_PACKED = '읽을 수 없는 PDF입니다: 압축을 풀면 지나치게 커지는 내용이 들어 있습니다';

/** Flate filters chained on one stream that are unpacked at most (each multiplies the size). */
const MAX_FLATE_CHAIN = 2;
/** How far back from `stream` its dictionary may start. */
const DICT_WINDOW = 8192;

const latin1 = (b: Uint8Array, from: number, to: number) => Buffer.from(b.buffer, b.byteOffset + from, to - from).toString('latin1');

/** Every stream's dictionary text and its packed bytes (between `stream` and `endstream`). */
function* streams(pdf: Uint8Array): Generator<{ dict: string; data: Uint8Array }> {
  const buf = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  for (let at = buf.indexOf('stream', 0, 'latin1'); at >= 0; at = buf.indexOf('stream', at + 6, 'latin1')) {
    // `endstream` contains `stream`: skip it.
    if (at >= 3 && latin1(pdf, at - 3, at) === 'end') continue;
    let start = at + 6;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    if (start === at + 6) continue;
    const from = Math.max(0, at - DICT_WINDOW);
    const before = latin1(pdf, from, at);
    const objAt = before.lastIndexOf(' obj');
    const dict = before.slice(objAt >= 0 ? objAt : 0);
    if (!dict.includes('<<')) continue;
    const end = buf.indexOf('endstream', start, 'latin1');
    const stop = end >= 0 ? end : buf.length;
    yield { dict, data: pdf.subarray(start, stop) };
    at = stop;
  }
}

/** Bytes a stream unpacks to through `chain` Flate stages, counting no further than `limit`. */
async function inflatedSize(data: Uint8Array, chain: number, limit: number): Promise<number> {
  let source: NodeJS.ReadableStream = Readable.from([Buffer.from(data.buffer, data.byteOffset, data.byteLength)]);
  const stages = Array.from({ length: chain }, () => createInflate({ chunkSize: 64 * 1024, finishFlush: 2 /* Z_SYNC_FLUSH: a stream cut short still counts what it gave */ }));
  for (const stage of stages) source = source.pipe(stage);
  let total = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limit) break;
    }
  } catch {
    // Not Flate after all, or damaged: what it gave is counted; the reader will refuse it if it matters.
  } finally {
    for (const stage of stages) stage.destroy();
  }
  return total;
}

/**
 * A picture with its size given as numbers (readers unpack no more than that); an object stream
 * or a cross-reference stream never is, whatever else its dictionary says.
 */
function isPicture(dict: string): boolean {
  if (!/\/Subtype\s*\/Image\b/.test(dict) || /\/Type\s*\/(?:ObjStm|XRef)\b/.test(dict)) return false;
  return /\/Width\s+\d+(?![\d\s]*R)/.test(dict) && /\/Height\s+\d+(?![\d\s]*R)/.test(dict);
}

/**
 * Refuses (PdfBudgetError, in Korean) a PDF whose non-picture Flate streams unpack to more than
 * its budget. Returns the bytes they unpack to.
 */
export async function checkPdfInflation(pdf: Uint8Array, budget: { perInputByte: number; floorBytes: number; maxBytes: number } = PDF_INFLATE_BUDGET): Promise<number> {
  const limit = Math.min(budget.maxBytes, Math.max(budget.floorBytes, pdf.byteLength * budget.perInputByte));
  let total = 0;
  for (const s of streams(pdf)) {
    const flate = s.dict.match(/\/FlateDecode\b|\/Fl\b/g)?.length ?? 0;
    if (!flate || isPicture(s.dict)) continue;
    if (flate > MAX_FLATE_CHAIN) throw new PdfBudgetError(PDF_TOO_PACKED);
    total += await inflatedSize(s.data, flate, limit - total);
    if (total > limit) throw new PdfBudgetError(PDF_TOO_PACKED);
  }
  return total;
}
