import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, open, readFile, readdir, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createAssemblies } from './local.assembly.ts';
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
  /**
   * Stores one part at its place in the upload's file; returns its etag: 32 random hex digits that
   * name this body (clients treat ETags as opaque; S3's happen to be MD5s, which cost a full pass of
   * CPU here). A new body for the same part waits for the one being written and then replaces it.
   */
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
 * Files in a folder (DATA_DIR/storage). objects/<key> holds finished objects; tmp/ holds single
 * bodies while they arrive, so an object appears only once it is whole (rename is atomic on one
 * file system). multipart/<uploadId> holds an unfinished upload: `data`, the file being assembled,
 * each part written straight to its offset ((partNumber − 1) × partSize) as it arrives, and
 * `<n>.etag` for every part whose body arrived whole. Completing hashes `data` once (SHA-256, no
 * copy) and renames it into objects/, so the bytes are written once.
 *
 * One server process owns a storage root: the writes of one part, and a completion, are put in
 * order in memory (a second body for a part waits for the first; completion waits for the parts
 * being written and closes the upload to new ones), so no body is ever written into a file that
 * was already checked.
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

  /** Streams a body of exactly `size` bytes into `out`; a longer, shorter or broken body throws UploadBodyError. */
  async function writeBody(body: Readable, out: NodeJS.WritableStream, size: number): Promise<void> {
    let seen = 0;
    try {
      const counter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          seen += chunk.length;
          if (seen > size) return cb(new UploadBodyError('too_large'));
          cb(null, chunk);
        },
      });
      await pipeline(body, counter, out);
    } catch (err) {
      if (err instanceof UploadBodyError) throw err;
      throw new UploadBodyError('aborted');
    }
    if (seen !== size) throw new UploadBodyError('too_short');
  }

  /** A whole PUT body, stored under `target` only when complete, never replacing an object. */
  async function receiveWhole(body: Readable, target: string, size: number): Promise<void> {
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomBytes(16).toString('hex'));
    try {
      await writeBody(body, createWriteStream(tmp, { highWaterMark: 1024 * 1024 }), size);
      await mkdir(path.dirname(target), { recursive: true });
      // link() fails when the target exists: of two bodies racing for one URL, one wins whole.
      await link(tmp, target).catch((e: NodeJS.ErrnoException) => {
        throw e.code === 'EEXIST' ? new StorageError('exists', '이미 올라간 파일입니다') : e;
      });
    } finally {
      await rm(tmp, { force: true });
    }
  }

  const assemblies = createAssemblies({ dataPath: (uploadId) => path.join(uploadDir(uploadId), 'data') });
  const closedError = () => new StorageError('no_such_upload', '업로드를 찾을 수 없습니다');

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
    async createMultipart({ key, contentType, partSize }) {
      assertSafeKey(key);
      if (!Number.isSafeInteger(partSize) || partSize <= 0) throw new Error(`bad part size: ${partSize}`);
      const uploadId = randomBytes(16).toString('hex');
      const dir = uploadDir(uploadId);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'data'), '');
      await writeFile(path.join(dir, 'meta.json'), JSON.stringify({ key, contentType, partSize }));
      return uploadId;
    },
    async presignPart({ key, uploadId, partNumber, size, expiresInSec }) {
      return url('PUT', { op: 'part', key, uploadId, partNumber, size }, expiresInSec);
    },
    async completeMultipart({ key, uploadId, parts }) {
      const dir = uploadDir(uploadId);
      const meta = await readMeta(dir);
      if (!meta || meta.key !== key) throw new StorageError('no_such_upload', '업로드를 찾을 수 없습니다');
      const { reopen } = await assemblies.close(uploadId, meta.partSize);
      let sha256: string;
      try {
        // The parts are laid out at multiples of partSize: the object is parts 1..n, each but the last whole.
        const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
        let length = 0;
        for (const [i, p] of ordered.entries()) {
          if (p.partNumber !== i + 1) throw new StorageError('invalid_part', `${i + 1}번 조각이 목록에 없습니다`);
          const stored = await readPartRecord(dir, p.partNumber);
          if (!stored) throw new StorageError('invalid_part', `${p.partNumber}번 조각이 업로드되지 않았습니다`);
          if (stored.etag !== p.etag.replace(/"/g, '')) throw new StorageError('invalid_part', `${p.partNumber}번 조각의 ETag가 맞지 않습니다`);
          if (i < ordered.length - 1 && stored.size !== meta.partSize) throw new StorageError('invalid_part', `${p.partNumber}번 조각의 크기가 맞지 않습니다`);
          length += stored.size;
        }
        const data = path.join(dir, 'data');
        // Bytes of parts beyond the list (sent but not named) are cut off.
        await truncate(data, length);
        sha256 = assemblies.hashOf(uploadId, ordered.map((p) => ({ partNumber: p.partNumber, etag: p.etag.replace(/"/g, '') }))) ?? (await hashFile(data));
        const target = objectPath(key);
        await mkdir(path.dirname(target), { recursive: true });
        // On disk before "complete" answers: a crash after it must not lose a file the client was told is stored.
        await syncFile(data);
        await rename(data, target);
        await syncFile(path.dirname(target));
      } catch (err) {
        reopen();
        throw err;
      }
      await rm(dir, { recursive: true, force: true });
      assemblies.forget(uploadId);
      return { sha256 };
    },
    async abortMultipart({ uploadId }) {
      const dir = uploadDir(uploadId);
      const meta = await readMeta(dir);
      if (meta) await assemblies.close(uploadId, meta.partSize);
      await rm(dir, { recursive: true, force: true });
      assemblies.forget(uploadId);
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
      await receiveWhole(body, objectPath(key), size);
    },
    async receivePart({ key, uploadId, partNumber, size, body }) {
      const dir = uploadDir(uploadId);
      const meta = await readMeta(dir);
      if (!meta || meta.key !== key) throw new StorageError('no_such_upload', '업로드를 찾을 수 없습니다');
      if (!Number.isSafeInteger(partNumber) || partNumber < 1 || size > meta.partSize) throw new StorageError('invalid_part', '조각 번호나 크기가 올바르지 않습니다');
      return assemblies.writePart({ uploadId, partNumber, size, partSize: meta.partSize, closedError, write: async () => {
        const record = path.join(dir, `${partNumber}.etag`);
        // The old body's record goes first: a body that breaks off leaves the part missing, not stale.
        await rm(record, { force: true });
        // 'r+': only into the upload's existing file (never one created after completion or abort).
        await writeBody(body, createWriteStream(path.join(dir, 'data'), { flags: 'r+', start: (partNumber - 1) * meta.partSize, highWaterMark: 1024 * 1024 }), size);
        const etag = randomBytes(16).toString('hex');
        await writeFile(record, `${etag} ${size}`);
        return etag;
      } });
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

  async function readMeta(dir: string): Promise<{ key: string; contentType: string; partSize: number } | null> {
    try {
      const meta = JSON.parse(await readFile(path.join(dir, 'meta.json'), 'utf8')) as { key: string; contentType: string; partSize?: number };
      // An upload begun before parts were written in place has no part size: it must be started again.
      return Number.isSafeInteger(meta.partSize) && meta.partSize! > 0 ? { ...meta, partSize: meta.partSize! } : null;
    } catch {
      return null;
    }
  }

  async function hashFile(file: string): Promise<string> {
    const sha = createHash('sha256');
    for await (const chunk of createReadStream(file, { highWaterMark: 4 * 1024 * 1024 })) sha.update(chunk as Buffer);
    return sha.digest('hex');
  }

  async function readPartRecord(dir: string, partNumber: number): Promise<{ etag: string; size: number } | null> {
    const text = await readFile(path.join(dir, `${partNumber}.etag`), 'utf8').catch(() => null);
    const m = text === null ? null : /^([a-f0-9]{32}) (\d+)$/.exec(text);
    return m ? { etag: m[1]!, size: Number(m[2]) } : null;
  }
}

/** fsync of a file, or of a folder (so a rename into it survives a crash). */
async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
