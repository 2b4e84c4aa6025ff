import type { OmrLayout } from '@academy/contracts/omr';
import { candidateNumber, type IdRead, questionAnswers, type QuestionRead } from './answers.ts';
import type { PageLevels } from './decide.ts';
import { decodeImage, decodePdfPage, encodeJpeg, type PdfPage, splitPdf } from './decode.ts';
import { readPage, type FieldRead } from './read-sheet.ts';

/**
 * The two jobs a worker thread does for a batch, as plain data in and out (so they cross the
 * thread boundary as structured clones): split an upload into pages, and read one page.
 */
export type SplitResult = {
  pages: PdfPage[];
  /** The upload's bytes, back from the worker they were moved to, when a page must be rendered from them. */
  pdf?: Uint8Array;
};

export type PageSource = { kind: 'image'; bytes: Uint8Array } | { kind: 'pdf'; page: PdfPage; pdf?: Uint8Array };

export type PageResult =
  | {
      ok: true;
      /** The straightened page as JPEG (kept with the score). */
      jpeg: Uint8Array;
      scale: number;
      fields: FieldRead[];
      levels: PageLevels;
      qr: string | null;
      questions: QuestionRead[];
      id: IdRead;
    }
  | { ok: false; reason: string };

const isPdf = (b: Uint8Array) => b.length > 4 && b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46;

export async function splitUpload(bytes: Uint8Array): Promise<SplitResult> {
  if (!isPdf(bytes)) return { pages: [{ index: 0, bytes }] };
  const pages = await splitPdf(bytes);
  return pages.some((p) => p.render) ? { pages, pdf: bytes } : { pages };
}

export async function readSource(source: PageSource, layout: OmrLayout): Promise<PageResult> {
  try {
    const img = source.kind === 'image' ? await decodeImage(source.bytes) : await decodePdfPage(source.page, source.pdf ?? new Uint8Array());
    const read = readPage(img, layout);
    if (!read.ok) return { ok: false, reason: read.reason };
    return {
      ok: true,
      jpeg: await encodeJpeg(read.straightened, 82),
      scale: read.scale,
      fields: read.fields,
      levels: read.levels,
      qr: read.qr,
      questions: questionAnswers(layout, read.fields),
      id: candidateNumber(layout, read.fields),
    };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message.slice(0, 200) : '이 쪽을 읽지 못했습니다' };
  }
}
