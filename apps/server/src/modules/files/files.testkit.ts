import { createHash } from 'node:crypto';
import fontkit from '@pdf-lib/fontkit';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';
import type { TestApp } from '../../../test/harness.ts';
import { makePng } from './files.seed.ts';

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

export const PNG_SAMPLE = makePng(40, 30);

/**
 * How many glyphs with a visible outline the PDF's embedded TrueType programs (FontFile2) hold.
 * A text layer can be right while the visible glyphs are gone (a broken subset keeps the
 * character map but empties the outlines), so this reads the embedded font programs themselves.
 */
export async function drawableGlyphCount(pdf: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(pdf);
  const fonts = doc.context
    .enumerateIndirectObjects()
    .map(([, obj]) => (obj instanceof PDFDict ? obj.lookup(PDFName.of('FontFile2')) : undefined))
    .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
    .map((s) => (fontkit as unknown as { create: (b: Buffer) => FontkitFont }).create(Buffer.from(decodePDFRawStream(s).decode())));
  let n = 0;
  for (const f of fonts) {
    for (let gid = 1; gid < f.numGlyphs; gid++) {
      try {
        if (f.getGlyph(gid).path.commands.length > 0) n++;
      } catch {
        // a truncated glyph record: not drawable
      }
    }
  }
  return n;
}
type FontkitFont = { numGlyphs: number; getGlyph: (gid: number) => { path: { commands: unknown[] } } };

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
