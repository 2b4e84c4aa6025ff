import { Readable } from 'node:stream';
import { createDeflate, deflateSync } from 'node:zlib';

/**
 * Hostile PDFs for tests, written byte by byte (never downloaded): an object stream that
 * inflates to 300 MB, and 1,000 vector pages sharing one content stream of 200,000 commands.
 */
const MB = 1024 * 1024;

/** A PDF from numbered objects (object i + 1 is `objects[i]`), with a classic cross-reference table. */
export function pdfOf(objects: Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(at);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(obj);
    at += obj.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`));
  return Buffer.concat(parts);
}

export const stream = (dict: string, data: Buffer) => Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);

/** Deflates `total` bytes of `piece` repeated, without ever holding them (the bomb stays a bomb for the test process too). */
async function deflateRepeated(head: string, piece: string, total: number, tail: string): Promise<Buffer> {
  const chunk = Buffer.from(piece.repeat(Math.ceil(MB / piece.length)));
  const source = Readable.from(
    (function* () {
      yield Buffer.from(head);
      for (let n = 0; n < total; n += chunk.length) yield chunk;
      yield Buffer.from(tail);
    })(),
  );
  const out: Buffer[] = [];
  for await (const c of source.pipe(createDeflate({ level: 9 }))) out.push(c as Buffer);
  return Buffer.concat(out);
}

/** Object stream bomb: one page, and an object stream whose one object is an array of 150 million zeros (300 MB inflated). */
export async function objectStreamBomb(): Promise<Buffer> {
  const packed = await deflateRepeated('5 0 [', '0 ', 300 * MB, ']');
  return pdfOf([
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'),
    stream(`/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode`, packed),
  ]);
}

/** 1,000 vector pages sharing one content stream of 200,000 drawing commands (100,000 `re f`). */
export function vectorPages(): Buffer {
  const pages = 1000;
  const content = deflateSync(Buffer.from('0 0 1 1 re f\n'.repeat(100_000)), { level: 9 });
  const kids = Array.from({ length: pages }, (_, i) => `${i + 4} 0 R`).join(' ');
  return pdfOf([
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`),
    stream('/Filter /FlateDecode', content),
    ...Array.from({ length: pages }, () => Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R >>')),
  ]);
}

