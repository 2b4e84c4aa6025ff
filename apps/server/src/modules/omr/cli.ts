/**
 * `npm run omr -- --template t.json --out answers.json <images or folders…>` — reads OMR sheets
 * described by an OMRChecker template (or one of our own layouts, `{"version":1,…}`) without the
 * web: JPEG/PNG photos and scans, and every page of a PDF. Prints one line per image and writes
 * `{ "<image as given>": { "<field label>": "<marked values in bubble order, '' when blank>" } }`.
 * Paths are taken from where npm was run (INIT_CWD).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { omrLayout, type OmrLayout } from '@academy/contracts/omr';
import { decodeImage, decodePdfPage, splitPdf } from './engine/decode.ts';
import type { Gray } from './engine/image.ts';
import { importOmrChecker } from './engine/omrchecker.ts';
import { readPage } from './engine/read-sheet.ts';

const IMAGE = /\.(jpe?g|png|pdf)$/i;
const cwd = process.env.INIT_CWD ?? process.cwd();

function usage(message?: string): never {
  if (message) console.error(message);
  console.error('사용법: npm run omr -- --template template.json [--out answers.json] <이미지나 폴더…>');
  process.exit(2);
}

async function main() {
  const args = process.argv.slice(2);
  let template: string | null = null;
  let out: string | null = null;
  const inputs: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--template') template = args[++i] ?? usage('--template 다음에 파일을 주세요');
    else if (a === '--out') out = args[++i] ?? usage('--out 다음에 파일을 주세요');
    else if (a === '--help' || a === '-h') usage();
    else inputs.push(a);
  }
  if (!template) usage('--template이 필요합니다');
  if (!inputs.length) usage('읽을 이미지나 폴더를 주세요');

  const templatePath = path.resolve(cwd, template);
  const raw = JSON.parse(await readFile(templatePath, 'utf8')) as unknown;
  let layout: OmrLayout;
  let markerImage: Gray | undefined;
  if ((raw as { version?: unknown }).version === 1) {
    layout = omrLayout.parse(raw);
  } else {
    const imported = importOmrChecker(raw);
    layout = imported.layout;
    if (imported.markerPath) markerImage = await decodeImage(await readFile(path.resolve(path.dirname(templatePath), imported.markerPath)));
  }

  const files: { given: string; full: string }[] = [];
  for (const input of inputs) {
    const full = path.resolve(cwd, input);
    if ((await stat(full)).isDirectory()) {
      for (const f of (await readdir(full, { recursive: true })).sort()) {
        if (IMAGE.test(f) && !f.includes('omr_marker')) files.push({ given: path.join(input, f), full: path.join(full, f) });
      }
    } else files.push({ given: input, full });
  }

  const answers: Record<string, Record<string, string>> = {};
  let doubtful = 0;
  for (const f of files) {
    const bytes = new Uint8Array(await readFile(f.full));
    const pages = /\.pdf$/i.test(f.full) ? await Promise.all((await splitPdf(bytes)).map(async (p) => ({ key: `${f.given}#${p.index + 1}`, img: await decodePdfPage(p, bytes) }))) : [{ key: f.given, img: await decodeImage(bytes) }];
    for (const { key, img } of pages) {
      const read = readPage(img, layout, { markerImage });
      const row: Record<string, string> = {};
      if (!read.ok) {
        for (const field of layout.fields) row[field.id] = '';
        console.log(`${key}: 읽지 못함 — ${read.reason}`);
      } else {
        for (const r of read.fields) row[r.id] = r.marked.join('');
        const flagged = read.fields.filter((r) => r.flagged).map((r) => r.id);
        doubtful += flagged.length;
        console.log(`${key}: ${read.fields.length}개 필드${flagged.length ? `, 확인 필요 ${flagged.join(' ')}` : ''}`);
      }
      answers[key] = row;
    }
  }
  const text = JSON.stringify(answers, null, 2);
  if (out) {
    await writeFile(path.resolve(cwd, out), text + '\n');
    console.log(`${Object.keys(answers).length}장 → ${out}${doubtful ? ` (확인이 필요한 필드 ${doubtful}개)` : ''}`);
  } else console.log(text);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
