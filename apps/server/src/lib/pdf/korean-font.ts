import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);

/**
 * Noto Sans KR (OFL) shipped inside an npm package, read from node_modules: nothing is fetched
 * at run time. The kernel's one Korean font for every PDF the server makes (watermarks, printed
 * sheets, payslips).
 */
let fontBytes: Promise<Buffer> | null = null;
function koreanFont(): Promise<Buffer> {
  fontBytes ??= readFile(require.resolve('@expo-google-fonts/noto-sans-kr/500Medium/NotoSansKR_500Medium.ttf'));
  return fontBytes;
}

/**
 * Embeds the Korean font cut down to the characters the document draws (pass every text the
 * document will draw with it). The cut is made by HarfBuzz (hb-subset, WebAssembly from npm):
 * fontkit's own subsetter drops most Hangul glyph outlines of this font (the text layer survives,
 * the visible glyphs do not), so pdf-lib embeds the already-small font whole. A document carries
 * a few KB of font, not 6 MB.
 */
export async function embedKoreanFont(doc: PDFDocument, text: string): Promise<PDFFont> {
  const chars = [...new Set(text)].join('');
  const subset = await subsetFont(await koreanFont(), chars, { targetFormat: 'truetype' });
  doc.registerFontkit(fontkit);
  // 'calt' swaps a space between Hangul for a contextual space glyph that has no cmap entry, so
  // pdf-lib gives it no width and the PDF shows a 1 em gap: keep the plain space.
  return doc.embedFont(subset, { subset: false, features: { calt: false } });
}
