import { FILE_TYPES, FILES_ERRORS, fileExtension, type ContentFamily } from '@academy/contracts/files';
import type { ErrorSpec } from '@academy/contracts/errors';

/** How many leading bytes the sniffer needs. */
export const SNIFF_BYTES = 4096;

export type SniffResult = { kind: 'known'; family: ContentFamily } | { kind: 'executable'; what: string } | { kind: 'unknown' };

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** What the bytes really are, from their magic numbers; the name a user gave is never trusted. */
export function sniff(b: Uint8Array): SniffResult {
  if (startsWith(b, [0x4d, 0x5a])) return { kind: 'executable', what: 'Windows 실행 파일(EXE/DLL)' };
  if (startsWith(b, [0x7f, 0x45, 0x4c, 0x46])) return { kind: 'executable', what: 'Linux 실행 파일(ELF)' };
  for (const sig of [[0xfe, 0xed, 0xfa, 0xce], [0xfe, 0xed, 0xfa, 0xcf], [0xce, 0xfa, 0xed, 0xfe], [0xcf, 0xfa, 0xed, 0xfe], [0xca, 0xfe, 0xba, 0xbe]]) {
    if (startsWith(b, sig)) return { kind: 'executable', what: 'macOS 실행 파일(Mach-O)' };
  }
  if (startsWith(b, [0x23, 0x21])) return { kind: 'executable', what: '스크립트(#!)' };

  // A PDF header may follow a few bytes of junk; readers accept it within the first 1 KB.
  if (ascii(b, 0, Math.min(b.length, 1024)).includes('%PDF-')) return { kind: 'known', family: 'pdf' };
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'known', family: 'png' };
  if (startsWith(b, [0xff, 0xd8, 0xff])) return { kind: 'known', family: 'jpeg' };
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return { kind: 'known', family: 'gif' };
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return { kind: 'known', family: 'webp' };
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06])) return { kind: 'known', family: 'zip' };
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { kind: 'known', family: 'ole' };
  if (ascii(b, 4, 8) === 'ftyp') return { kind: 'known', family: 'mp4' };
  if (ascii(b, 0, 3) === 'ID3' || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0)) return { kind: 'known', family: 'mp3' };
  if (looksLikeText(b)) return { kind: 'known', family: 'text' };
  return { kind: 'unknown' };
}

function looksLikeText(b: Uint8Array): boolean {
  if (b.length === 0) return true;
  if (b.includes(0)) return false;
  // The sample may end in the middle of a multi-byte character: drop up to 3 trailing bytes.
  for (let cut = 0; cut <= 3 && cut < b.length; cut++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(0, b.length - cut));
      return true;
    } catch {
      // try a shorter sample
    }
  }
  return false;
}

export type TypeCheck = { ok: true; family: ContentFamily; contentType: string } | { ok: false; error: ErrorSpec; message: string };

/** The file's name must have an accepted extension and its bytes must really be that kind of file. */
export function checkContent(opts: { fileName: string; head: Uint8Array }): TypeCheck {
  const ext = fileExtension(opts.fileName);
  const expected = FILE_TYPES[ext];
  const found = sniff(opts.head);
  if (found.kind === 'executable') {
    return { ok: false, error: FILES_ERRORS.executable, message: `실행 파일(${found.what})은 올릴 수 없습니다. 파일 이름이 .${ext}여도 내용이 실행 파일입니다` };
  }
  if (!expected) return { ok: false, error: FILES_ERRORS.type_not_allowed, message: `파일 이름: 올릴 수 없는 파일 형식입니다 (.${ext || '확장자 없음'})` };
  if (found.kind === 'unknown' || found.family !== expected.family) {
    return { ok: false, error: FILES_ERRORS.type_mismatch, message: `파일 내용이 확장자(.${ext})와 맞지 않습니다. 파일이 손상되었거나 이름만 바뀐 파일입니다` };
  }
  return { ok: true, family: expected.family, contentType: expected.contentType };
}
