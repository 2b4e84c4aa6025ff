import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, StorageError, type Storage } from './storage.ts';

/** Where the local driver answers its signed URLs (local.routes.ts; registered by the files module). */
export const LOCAL_BLOB_PREFIX = '/api/files/blob/';

export type SignedOp =
  | { op: 'put'; key: string; size: number }
  | { op: 'part'; key: string; uploadId: string; partNumber: number; size: number }
  | { op: 'get'; key: string; fileName: string; contentType: string; inline: boolean };

export type VerifyResult = { ok: true; signed: SignedOp } | { ok: false; reason: 'expired' | 'bad_signature' | 'malformed' };

export type LocalStorage = Storage & {
  kind: 'local';
  root: string;
  /** Checks method, key, expiry and signature of a request to a signed URL (constant-time compare). */
  verify: (opts: { method: string; key: string; query: Record<string, string | undefined> }) => VerifyResult;
  /**
   * Stores a PUT body of exactly `size` bytes; a short, long or broken body leaves nothing behind.
   * Never replaces an object (StorageError 'exists'): a signed PUT URL writes once.
   */
  receiveObject: (opts: { key: string; size: number; body: Readable }) => Promise<void>;
  /** Stores one part; returns its etag (MD5 hex, as S3 does). */
  receivePart: (opts: { key: string; uploadId: string; partNumber: number; size: number; body: Readable }) => Promise<string>;
  /** Removes temporary files older than the given age (an interrupted PUT that never finished). */
  sweepTemp: (olderThanMs: number) => Promise<number>;
};

/** The local driver: its signed URLs are answered by this server (local.routes.ts). */
export const isLocalStorage = (s: Storage): s is LocalStorage => s.kind === 'local';

export class UploadBodyError extends Error {
  readonly reason: 'too_large' | 'too_short' | 'aborted';
  constructor(reason: UploadBodyError['reason']) {
    super(reason);
    this.reason = reason;
  }
}

/**
 * Files in a folder (DATA_DIR/storage). objects/<key> holds finished objects; multipart/<uploadId>
 * holds the parts of an unfinished upload; tmp/ holds bodies while they arrive, so an object or
 * part appears only once it is whole (rename is atomic on one file system).
 */
export function createLocalStorage(opts: { root: string; secret: string; now: () => Date }): LocalStorage {
  const root = path.resolve(opts.root);
  const objectsDir = path.join(root, 'objects');
  const multipartDir = path.join(root, 'multipart');
  const tmpDir = path.join(root, 'tmp');
  const hmacKey = createHash('sha256').update(`storage-url:${opts.secret}`).digest();

  function inside(base: string, ...parts: string[]): string {
    const p = path.resolve(base, ...parts);
    if (p !== base && !p.startsWith(base + path.sep)) throw new Error('path escapes the storage root');
    return p;
  }
  const objectPath = (key: string) => {
    assertSafeKey(key);
    return inside(objectsDir, key);
  };
  const uploadDir = (uploadId: string) => {
    if (!/^[a-f0-9]{32}$/.test(uploadId)) throw new StorageError('no_such_upload', '업로드를 찾을 수 없습니다');
    return inside(multipartDir, uploadId);
  };

  function sign(fields: string[]): string {
    return createHmac('sha256', hmacKey).update(fields.join('\n')).digest('hex');
  }
  function expiresAt(expiresInSec: number): number {
    return Math.floor(opts.now().getTime() / 1000) + expiresInSec;
  }
  function fieldsOf(method: string, s: SignedOp, exp: number): string[] {
    switch (s.op) {
      case 'put': return [method, s.op, s.key, String(exp), String(s.size)];
      case 'part': return [method, s.op, s.key, String(exp), s.uploadId, String(s.partNumber), String(s.size)];
      case 'get': return [method, s.op, s.key, String(exp), s.fileName, s.contentType, s.inline ? '1' : '0'];
    }
  }
  function url(method: string, s: SignedOp, expiresInSec: number): string {
    assertSafeKey(s.key);
    const exp = expiresAt(expiresInSec);
    const q = new URLSearchParams({ op: s.op, exp: String(exp) });
    if (s.op === 'put') q.set('size', String(s.size));
    if (s.op === 'part') {
      q.set('uploadId', s.uploadId);
      q.set('partNumber', String(s.partNumber));
      q.set('size', String(s.size));
    }
    if (s.op === 'get') {
      q.set('name', s.fileName);
      q.set('type', s.contentType);
      q.set('inline', s.inline ? '1' : '0');
    }
    q.set('sig', sign(fieldsOf(method, s, exp)));
    return `${LOCAL_BLOB_PREFIX}${s.key}?${q.toString()}`;
  }

  async function receive(body: Readable, target: string, maxBytes: number, exactBytes: number, opts: { replace: boolean } = { replace: true }): Promise<{ size: number; md5: string }> {
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomBytes(16).toString('hex'));
    const md5 = createHash('md5');
    let size = 0;
    try {
      const counter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          size += chunk.length;
          if (size > maxBytes) return cb(new UploadBodyError('too_large'));
          md5.update(chunk);
          cb(null, chunk);
        },
      });
      await pipeline(body, counter, createWriteStream(tmp, { highWaterMark: 1024 * 1024 }));
      if (size !== exactBytes) throw new UploadBodyError('too_short');
      await mkdir(path.dirname(target), { recursive: true });
      if (opts.replace) await rename(tmp, target);
      else {
        // link() fails when the target exists: of two bodies racing for one URL, one wins whole.
        await link(tmp, target).catch((e: NodeJS.ErrnoException) => {
          throw e.code === 'EEXIST' ? new StorageError('exists', '이미 올라간 파일입니다') : e;
        });
        await rm(tmp, { force: true });
      }
      return { size, md5: md5.digest('hex') };
    } catch (err) {
      await rm(tmp, { force: true });
      if (err instanceof UploadBodyError || err instanceof StorageError) throw err;
      throw new UploadBodyError('aborted');
    }
  }

  return {
    kind: 'local',
    root,
    uploadHeaders: {},

    async presignPut({ key, size, expiresInSec }) {
      return url('PUT', { op: 'put', key, size }, expiresInSec);
    },
    async presignGet({ key, expiresInSec, fileName, contentType, inline }) {
      return url('GET', { op: 'get', key, fileName, contentType, inline }, expiresInSec);
    },
    async createMultipart({ key, contentType }) {
      assertSafeKey(key);
      const uploadId = randomBytes(16).toString('hex');
      const dir = uploadDir(uploadId);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'meta.json'), JSON.stringify({ key, contentType }));
      return uploadId;
    },
    async presignPart({ key, uploadId, partNumber, size, expiresInSec }) {
      return url('PUT', { op: 'part', key, uploadId, partNumber, size }, expiresInSec);
    },
    async completeMultipart({ key, uploadId, parts }) {
      const dir = uploadDir(uploadId);
      const meta = await readMeta(dir);
      if (!meta || meta.key !== key) throw new StorageError('no_such_upload', '업로드를 찾을 수 없습니다');
      const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
      for (const p of ordered) {
        const etag = await readFile(path.join(dir, `${p.partNumber}.etag`), 'utf8').catch(() => null);
        if (etag === null) throw new StorageError('invalid_part', `${p.partNumber}번 조각이 업로드되지 않았습니다`);
        if (etag !== p.etag.replace(/"/g, '')) throw new StorageError('invalid_part', `${p.partNumber}번 조각의 ETag가 맞지 않습니다`);
      }
      await mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, randomBytes(16).toString('hex'));
      const sha = createHash('sha256');
      try {
        const out = createWriteStream(tmp, { highWaterMark: 4 * 1024 * 1024 });
        await pipeline(async function* () {
          for (const p of ordered) {
            for await (const chunk of createReadStream(path.join(dir, `${p.partNumber}.part`), { highWaterMark: 4 * 1024 * 1024 })) {
              sha.update(chunk as Buffer);
              yield chunk as Buffer;
            }
          }
        }, out);
        const target = objectPath(key);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(tmp, target);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      await rm(dir, { recursive: true, force: true });
      return { sha256: sha.digest('hex') };
    },
    async abortMultipart({ uploadId }) {
      await rm(uploadDir(uploadId), { recursive: true, force: true });
    },
    async head(key) {
      const s = await stat(objectPath(key)).catch(() => null);
      return s?.isFile() ? { size: s.size } : null;
    },
    async read({ key, start, end }) {
      const p = objectPath(key);
      const s = await stat(p).catch(() => null);
      if (!s?.isFile()) throw new StorageError('not_found', '파일이 저장소에 없습니다');
      return createReadStream(p, { start, end, highWaterMark: 1024 * 1024 });
    },
    async put({ key, body }) {
      const target = objectPath(key);
      await mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, randomBytes(16).toString('hex'));
      await writeFile(tmp, body);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tmp, target);
    },
    async putFile({ key, path: source }) {
      const target = objectPath(key);
      await mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, randomBytes(16).toString('hex'));
      try {
        await copyFile(source, tmp);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(tmp, target);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async delete(key) {
      await rm(objectPath(key), { force: true });
    },
    async close() {},

    verify({ method, key, query }) {
      try {
        assertSafeKey(key);
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const exp = Number(query.exp);
      const sig = query.sig ?? '';
      if (!Number.isInteger(exp) || !/^[a-f0-9]{64}$/.test(sig)) return { ok: false, reason: 'malformed' };
      let signed: SignedOp;
      if (query.op === 'put' && method === 'PUT') signed = { op: 'put', key, size: Number(query.size) };
      else if (query.op === 'part' && method === 'PUT') {
        signed = { op: 'part', key, uploadId: query.uploadId ?? '', partNumber: Number(query.partNumber), size: Number(query.size) };
      } else if (query.op === 'get' && (method === 'GET' || method === 'HEAD')) {
        signed = { op: 'get', key, fileName: query.name ?? '', contentType: query.type ?? '', inline: query.inline === '1' };
      } else return { ok: false, reason: 'bad_signature' };
      const expected = Buffer.from(sign(fieldsOf(method === 'HEAD' ? 'GET' : method, signed, exp)), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) return { ok: false, reason: 'bad_signature' };
      // Expiry only after the signature: an attacker cannot learn anything from a forged expiry.
      if (exp * 1000 < opts.now().getTime()) return { ok: false, reason: 'expired' };
      return { ok: true, signed };
    },
    async receiveObject({ key, size, body }) {
      if (await stat(objectPath(key)).catch(() => null)) {
        body.resume();
        throw new StorageError('exists', '이미 올라간 파일입니다');
      }
      await receive(body, objectPath(key), size, size, { replace: false });
    },
    async receivePart({ key, uploadId, partNumber, size, body }) {
      const dir = uploadDir(uploadId);
      const meta = await readMeta(dir);
      if (!meta || meta.key !== key) throw new StorageError('no_such_upload', '업로드를 찾을 수 없습니다');
      const { md5 } = await receive(body, path.join(dir, `${partNumber}.part`), size, size);
      await writeFile(path.join(dir, `${partNumber}.etag`), md5);
      return md5;
    },
    async sweepTemp(olderThanMs) {
      const names = await readdir(tmpDir).catch(() => [] as string[]);
      let removed = 0;
      for (const n of names) {
        const p = path.join(tmpDir, n);
        const s = await stat(p).catch(() => null);
        if (s && opts.now().getTime() - s.mtimeMs > olderThanMs) {
          await rm(p, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };

  async function readMeta(dir: string): Promise<{ key: string; contentType: string } | null> {
    try {
      return JSON.parse(await readFile(path.join(dir, 'meta.json'), 'utf8')) as { key: string; contentType: string };
    } catch {
      return null;
    }
  }
}
