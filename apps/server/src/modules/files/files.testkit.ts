import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import type { TestApp } from '../../../test/harness.ts';

export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A real PDF with `pages` pages of text (the kind of handout a teacher uploads). */
export async function makePdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const p = doc.addPage([595, 842]);
    p.drawText(`Unit ${i + 1}: quadratic functions`, { x: 60, y: 760, size: 18, font });
    for (let l = 0; l < 30; l++) p.drawText(`Problem ${l + 1}. Solve x^2 - ${l + 2}x + ${l} = 0.`, { x: 60, y: 720 - l * 22, size: 11, font });
  }
  return Buffer.from(await doc.save());
}

/** A valid RGB PNG of the given size (a photographed worksheet, in miniature). */
export function makePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set([(x * 5) & 0xff, (y * 3) & 0xff, 200], y * (width * 3 + 1) + 1 + x * 3);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

export const PNG_SAMPLE = makePng(40, 30);

/** True when the PDF embeds a TrueType font program (FontFile2), not just a font name. */
export async function embedsTrueTypeFont(pdf: Uint8Array): Promise<boolean> {
  const doc = await PDFDocument.load(pdf);
  return doc.context.enumerateIndirectObjects().some(([, obj]) => obj instanceof PDFDict && obj.has(PDFName.of('FontFile2')));
}

/** A Windows executable header: what a renamed .exe starts with. */
export const FAKE_EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)]);

/** Sends bytes to a signed URL: the local driver's are answered by the app itself, the s3 driver's by the store. */
export async function sendToUrl(t: TestApp, opts: { url: string; method: 'PUT' | 'GET'; body?: Buffer; headers?: Record<string, string> }): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  if (opts.url.startsWith('/')) {
    const res = await t.app.inject({ method: opts.method, url: opts.url, payload: opts.body, headers: { 'content-type': 'application/octet-stream', ...opts.headers } });
    return { status: res.statusCode, headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])), body: res.rawPayload };
  }
  const res = await fetch(opts.url, { method: opts.method, body: opts.body ? new Uint8Array(opts.body) : undefined, headers: opts.headers });
  return { status: res.status, headers: Object.fromEntries(res.headers.entries()), body: Buffer.from(await res.arrayBuffer()) };
}
