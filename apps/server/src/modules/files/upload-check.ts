import { FILES_ERRORS } from '@academy/contracts/files';
import { createHash } from 'node:crypto';
import type { AppError } from '../../lib/errors.ts';
import { appError } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import type { FileRow } from './files.rows.ts';
import { checkContent, SNIFF_BYTES } from './files.sniff.ts';

export type ByteCheck = { ok: false; error: AppError } | { ok: true; contentType: string; sha256: string };

/**
 * Checks the bytes an upload left in storage against its row: they are there, their size is the
 * declared one, their first bytes are really the kind of file the name says (never an
 * executable), and their SHA-256 is the one the browser sent. `knownSha256` is the hash a
 * driver computed while joining the parts (saves reading the object again).
 */
export async function checkStoredBytes(storage: Storage, opts: { row: FileRow; sha256: string | null; knownSha256: string | null }): Promise<ByteCheck> {
  const { row } = opts;
  const fail = (error: AppError) => ({ ok: false as const, error });
  const head = await storage.head(row.storageKey);
  if (!head) return fail(appError(FILES_ERRORS.not_uploaded, '파일이 아직 저장소에 올라가지 않았습니다. 업로드를 다시 시도해 주세요'));
  if (head.size !== row.size) return fail(appError(FILES_ERRORS.size_mismatch, `올라간 파일 크기(${head.size}바이트)가 신고한 크기(${row.size}바이트)와 다릅니다`));
  const check = checkContent({ fileName: row.fileName, head: await readHead(storage, row.storageKey) });
  if (!check.ok) return fail(appError(check.error, check.message));
  const actual = opts.knownSha256 ?? (await hashObject(storage, row.storageKey));
  if (opts.sha256 !== null && actual !== opts.sha256.toLowerCase()) {
    return fail(appError(FILES_ERRORS.checksum_mismatch, '파일 체크섬이 맞지 않습니다. 전송 중 파일이 손상되었을 수 있으니 다시 올려 주세요', { field: 'sha256' }));
  }
  return { ok: true, contentType: check.contentType, sha256: actual };
}

async function readHead(storage: Storage, key: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const c of await storage.read({ key, start: 0, end: SNIFF_BYTES - 1 })) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).subarray(0, SNIFF_BYTES);
}

async function hashObject(storage: Storage, key: string): Promise<string> {
  const h = createHash('sha256');
  for await (const c of await storage.read({ key })) h.update(c as Buffer);
  return h.digest('hex');
}

/**
 * The whole stored file, checked against the SHA-256 taken when it was verified: bytes that
 * changed in storage afterwards (a replaced object) are refused, never served or processed.
 */
export async function readVerified(storage: Storage, row: Pick<FileRow, 'storageKey' | 'sha256' | 'id'>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const h = createHash('sha256');
  for await (const c of await storage.read({ key: row.storageKey })) {
    const b = Buffer.from(c as Buffer);
    h.update(b);
    chunks.push(b);
  }
  if (row.sha256 && h.digest('hex') !== row.sha256) {
    throw appError(FILES_ERRORS.content_changed, '저장된 파일이 올린 뒤에 바뀌었습니다. 보안을 위해 열지 않습니다. 파일을 다시 올려 주세요');
  }
  return Buffer.concat(chunks);
}
