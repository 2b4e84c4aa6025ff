import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerLocalBlobRoutes } from './local.routes.ts';
import { createLocalStorage, type LocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import { StorageError, type Storage } from './storage.ts';
import { startS3TestServer, type S3TestServer } from './storage.testkit.ts';

type Driver = {
  storage: Storage;
  /** Absolute URL for a signed URL (the local driver's are relative to the API server). */
  abs: (url: string) => string;
  partsGone: (uploadId: string) => boolean;
  clock: { offsetMs: number };
  close: () => Promise<void>;
};

async function localDriver(): Promise<Driver> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'storage-local-'));
  const clock = { offsetMs: 0 };
  const storage: LocalStorage = createLocalStorage({ root, secret: 'x'.repeat(40), now: () => new Date(Date.now() + clock.offsetMs) });
  const app: FastifyInstance = Fastify();
  // The files module answers whether a key's upload is still open; here every key is.
  registerLocalBlobRoutes(app, storage, { acceptsWrite: async () => true });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return {
    storage,
    abs: (u) => `http://127.0.0.1:${port}${u}`,
    partsGone: (uploadId) => !existsSync(path.join(root, 'multipart', uploadId)),
    clock,
    close: async () => {
      await app.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

async function s3Driver(): Promise<Driver> {
  const server: S3TestServer = await startS3TestServer();
  const clock = { offsetMs: 0 };
  const storage = createS3Storage({ ...server.config, now: () => new Date(Date.now() + clock.offsetMs), putFilePartBytes: 5 * 1024 * 1024 });
  return {
    storage,
    abs: (u) => u,
    partsGone: (uploadId) => !existsSync(server.uploadDir(uploadId)),
    clock,
    close: async () => {
      await storage.close();
      await server.close();
    },
  };
}

const bytes = (n: number, seed = 1) => {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 31 + seed * 7) & 0xff;
  return b;
};
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const readAll = async (s: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
};

describe.each([
  ['local', localDriver],
  ['s3', s3Driver],
] as const)('storage driver: %s', (name, make) => {
  // s3rver 3.7 (the S3 server these tests start) checks expiry but does not verify SigV4 signatures
  // ("Signature version 4 calculation is unimplemented" in its source) and crashes on a missing
  // part at complete; real S3 refuses both. Those cases would test the fake, not the driver.
  const realS3Only = name === 's3';
  let d: Driver;
  beforeAll(async () => {
    d = await make();
  });
  afterAll(async () => {
    await d.close();
  });

  it('single upload through a signed PUT URL, then a signed GET with the Korean download name', async () => {
    const body = bytes(200_000);
    const url = await d.storage.presignPut({ key: 'files/t/single', size: body.length, contentType: 'application/pdf', expiresInSec: 60 });
    const put = await fetch(d.abs(url), { method: 'PUT', body, headers: { 'content-type': 'application/pdf' } });
    expect(put.status).toBe(200);
    expect(await d.storage.head('files/t/single')).toEqual({ size: body.length });
    const get = await fetch(d.abs(await d.storage.presignGet({ key: 'files/t/single', expiresInSec: 60, fileName: '3주차 자료.pdf', contentType: 'application/pdf', inline: false })));
    expect(get.status).toBe(200);
    expect(get.headers.get('content-disposition')).toContain("filename*=UTF-8''3%EC%A3%BC%EC%B0%A8");
    expect(sha(Buffer.from(await get.arrayBuffer()))).toBe(sha(body));
    const head = await readAll(await d.storage.read({ key: 'files/t/single', start: 0, end: 9 }));
    expect(head.equals(body.subarray(0, 10))).toBe(true);
  });

  it('multipart upload: parts in any order, joined in order', async () => {
    const partSize = 5 * 1024 * 1024;
    const body = bytes(partSize * 2 + 1234, 3);
    const key = 'files/t/multi';
    const uploadId = await d.storage.createMultipart({ key, contentType: 'video/mp4', partSize });
    const chunks = [body.subarray(0, partSize), body.subarray(partSize, partSize * 2), body.subarray(partSize * 2)];
    const etags: { partNumber: number; etag: string }[] = [];
    for (const n of [3, 1, 2]) {
      const chunk = chunks[n - 1]!;
      const url = await d.storage.presignPart({ key, uploadId, partNumber: n, size: chunk.length, expiresInSec: 60 });
      const res = await fetch(d.abs(url), { method: 'PUT', body: chunk });
      expect(res.status).toBe(200);
      etags.push({ partNumber: n, etag: res.headers.get('etag')! });
    }
    const joined = await d.storage.completeMultipart({ key, uploadId, parts: etags });
    expect(await d.storage.head(key)).toEqual({ size: body.length });
    expect(sha(await readAll(await d.storage.read({ key })))).toBe(sha(body));
    // The local driver hashes while it joins; S3 leaves it to a read.
    expect(joined.sha256).toBe(name === 'local' ? sha(body) : null);
    expect(d.partsGone(uploadId)).toBe(true);
  });

  it.skipIf(realS3Only)('a part that was never uploaded is refused at complete and nothing is stored', async () => {
    const key = 'files/t/missing-part';
    const uploadId = await d.storage.createMultipart({ key, contentType: 'application/zip', partSize: 5 * 1024 * 1024 });
    const part = bytes(5 * 1024 * 1024);
    const res = await fetch(d.abs(await d.storage.presignPart({ key, uploadId, partNumber: 1, size: part.length, expiresInSec: 60 })), { method: 'PUT', body: part });
    const etag = res.headers.get('etag')!;
    await expect(d.storage.completeMultipart({ key, uploadId, parts: [{ partNumber: 1, etag }, { partNumber: 2, etag }] })).rejects.toBeInstanceOf(StorageError);
    expect(await d.storage.head(key)).toBeNull();
    await d.storage.abortMultipart({ key, uploadId });
  });

  it('abort removes every stored part', async () => {
    const key = 'files/t/aborted';
    const uploadId = await d.storage.createMultipart({ key, contentType: 'application/zip', partSize: 5 * 1024 * 1024 });
    const part = bytes(1024);
    const res = await fetch(d.abs(await d.storage.presignPart({ key, uploadId, partNumber: 1, size: part.length, expiresInSec: 60 })), { method: 'PUT', body: part });
    expect(res.status).toBe(200);
    expect(d.partsGone(uploadId)).toBe(false);
    await d.storage.abortMultipart({ key, uploadId });
    expect(d.partsGone(uploadId)).toBe(true);
    expect(await d.storage.head(key)).toBeNull();
    await d.storage.abortMultipart({ key, uploadId });
  });

  it('an expired URL is refused and stores nothing', async () => {
    d.clock.offsetMs = -10 * 60_000; // signed ten minutes ago, valid for one
    const url = await d.storage.presignPut({ key: 'files/t/expired', size: 10, contentType: 'application/pdf', expiresInSec: 60 });
    d.clock.offsetMs = 0;
    const res = await fetch(d.abs(url), { method: 'PUT', body: bytes(10) });
    expect(res.status).toBe(403);
    expect(await d.storage.head('files/t/expired')).toBeNull();
  });

  it.skipIf(realS3Only)('a tampered signature, key or size is refused and stores nothing', async () => {
    const url = d.abs(await d.storage.presignPut({ key: 'files/t/tamper', size: 10, contentType: 'application/pdf', expiresInSec: 60 }));
    const u = new URL(url);
    const sigName = u.searchParams.has('sig') ? 'sig' : 'X-Amz-Signature';
    const sig = u.searchParams.get(sigName)!;
    u.searchParams.set(sigName, (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    expect((await fetch(u, { method: 'PUT', body: bytes(10) })).status).toBe(403);
    const otherKey = url.replace('files/t/tamper', 'files/t/tamper2');
    expect((await fetch(otherKey, { method: 'PUT', body: bytes(10) })).status).toBe(403);
    // The signed size is part of the signature: a bigger body is refused.
    expect((await fetch(url, { method: 'PUT', body: bytes(11) })).status).toBeGreaterThanOrEqual(400);
    expect(await d.storage.head('files/t/tamper')).toBeNull();
    expect(await d.storage.head('files/t/tamper2')).toBeNull();
  });

  it('putFile stores a file the server made (in parts on s3); a signed GET answers a Range with 206 and Content-Range', async () => {
    const body = bytes(11 * 1024 * 1024 + 77, 5);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'storage-putfile-'));
    await writeFile(path.join(dir, 'video.mp4'), body);
    await d.storage.putFile({ key: 'videos/t/stream.mp4', path: path.join(dir, 'video.mp4'), contentType: 'video/mp4' });
    await rm(dir, { recursive: true, force: true });
    expect(await d.storage.head('videos/t/stream.mp4')).toEqual({ size: body.length });
    const url = d.abs(await d.storage.presignGet({ key: 'videos/t/stream.mp4', expiresInSec: 60, fileName: 'stream.mp4', contentType: 'video/mp4', inline: true }));
    const first = await fetch(url, { headers: { range: 'bytes=0-99' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-99/${body.length}`);
    expect(Buffer.from(await first.arrayBuffer()).equals(body.subarray(0, 100))).toBe(true);
    // Where a player seeks: from the middle to the end.
    const from = 6 * 1024 * 1024;
    const tail = await fetch(url, { headers: { range: `bytes=${from}-` } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${from}-${body.length - 1}/${body.length}`);
    expect(sha(Buffer.from(await tail.arrayBuffer()))).toBe(sha(body.subarray(from)));
  });

  it.skipIf(realS3Only)('a PUT URL writes once: a second body never replaces the first', async () => {
    const first = bytes(64, 1);
    const url = d.abs(await d.storage.presignPut({ key: 'files/t/once', size: 64, contentType: 'application/pdf', expiresInSec: 60 }));
    const headers = { 'content-type': 'application/pdf', ...d.storage.uploadHeaders };
    expect((await fetch(url, { method: 'PUT', body: first, headers })).status).toBe(200);
    const again = await fetch(url, { method: 'PUT', body: bytes(64, 2), headers });
    expect(again.status).toBe(409);
    expect((await readAll(await d.storage.read({ key: 'files/t/once' }))).equals(first)).toBe(true);
  });

  it.skipIf(realS3Only)('a GET URL cannot be used to PUT', async () => {
    await d.storage.put({ key: 'files/t/readonly', body: bytes(5), contentType: 'application/pdf' });
    const url = d.abs(await d.storage.presignGet({ key: 'files/t/readonly', expiresInSec: 60, fileName: 'a.pdf', contentType: 'application/pdf', inline: true }));
    expect((await fetch(url, { method: 'PUT', body: bytes(5, 9) })).status).toBe(403);
    expect((await readAll(await d.storage.read({ key: 'files/t/readonly' }))).equals(bytes(5))).toBe(true);
  });
});

describe('local driver: the storage root', () => {
  it('refuses keys that would escape the root', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'storage-root-'));
    const s = createLocalStorage({ root, secret: 'y'.repeat(40), now: () => new Date() });
    await expect(s.head('../etc/passwd')).rejects.toThrow();
    await expect(s.put({ key: 'files/../../x', body: bytes(1), contentType: 'text/plain' })).rejects.toThrow();
    await expect(s.presignPut({ key: '/abs/path', size: 1, contentType: 'text/plain', expiresInSec: 1 })).rejects.toThrow();
    expect(s.verify({ method: 'GET', key: 'files/../../../etc/passwd', query: { op: 'get', exp: '9999999999', sig: 'a'.repeat(64) } }).ok).toBe(false);
    expect(await readdir(root)).toEqual([]);
    await rm(root, { recursive: true, force: true });
  });
});

describe('local driver: multipart parts written in place', () => {
  const partSize = 1024 * 1024;
  let d: Driver;
  beforeAll(async () => {
    d = await localDriver();
  });
  afterAll(async () => {
    await d.close();
  });

  async function putPart(key: string, uploadId: string, partNumber: number, body: Buffer<ArrayBuffer>) {
    const url = await d.storage.presignPart({ key, uploadId, partNumber, size: body.length, expiresInSec: 60 });
    const res = await fetch(d.abs(url), { method: 'PUT', body });
    return { status: res.status, etag: res.headers.get('etag') ?? '' };
  }

  it('parts sent in order: the SHA-256 taken as they land is the whole file\'s', async () => {
    const key = 'files/t/in-order';
    const body = bytes(partSize * 3 + 10, 4);
    const uploadId = await d.storage.createMultipart({ key, contentType: 'application/zip', partSize });
    const parts = [];
    for (let n = 1; n <= 4; n++) parts.push({ partNumber: n, etag: (await putPart(key, uploadId, n, body.subarray((n - 1) * partSize, n * partSize))).etag });
    expect((await d.storage.completeMultipart({ key, uploadId, parts })).sha256).toBe(sha(body));
    expect(sha(await readAll(await d.storage.read({ key })))).toBe(sha(body));
  });

  it('a part sent again replaces the first body: the old etag is refused, the object and its hash are the new bytes', async () => {
    const key = 'files/t/resent';
    const uploadId = await d.storage.createMultipart({ key, contentType: 'application/zip', partSize });
    const one = bytes(partSize, 1);
    const two = bytes(partSize / 2, 2);
    const first = await putPart(key, uploadId, 1, one);
    const p2 = await putPart(key, uploadId, 2, two);
    const oneAgain = bytes(partSize, 9);
    const second = await putPart(key, uploadId, 1, oneAgain);
    expect(second.etag).not.toBe(first.etag);
    await expect(d.storage.completeMultipart({ key, uploadId, parts: [{ partNumber: 1, etag: first.etag }, { partNumber: 2, etag: p2.etag }] })).rejects.toBeInstanceOf(StorageError);
    // Refused completion leaves the upload open.
    const joined = await d.storage.completeMultipart({ key, uploadId, parts: [{ partNumber: 1, etag: second.etag }, { partNumber: 2, etag: p2.etag }] });
    const expected = Buffer.concat([oneAgain, two]);
    expect(joined.sha256).toBe(sha(expected));
    expect((await readAll(await d.storage.read({ key }))).equals(expected)).toBe(true);
  });

  it('two bodies for one part at once: one after the other, never mixed; only the etag of the last one completes', async () => {
    const key = 'files/t/racing';
    const uploadId = await d.storage.createMultipart({ key, contentType: 'application/zip', partSize });
    const a = bytes(partSize, 5);
    const b = bytes(partSize, 6);
    const [ra, rb] = await Promise.all([putPart(key, uploadId, 1, a), putPart(key, uploadId, 1, b)]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    const accepted = [];
    for (const [etag, body] of [[ra.etag, a], [rb.etag, b]] as const) {
      const done = await d.storage.completeMultipart({ key, uploadId, parts: [{ partNumber: 1, etag }] }).then(() => true, (e: unknown) => (e instanceof StorageError ? false : Promise.reject(e)));
      if (done) accepted.push(body);
    }
    expect(accepted).toHaveLength(1);
    expect((await readAll(await d.storage.read({ key }))).equals(accepted[0]!)).toBe(true);
  });

  it('after completion a part URL writes nothing: the checked object never changes', async () => {
    const key = 'files/t/closed';
    const uploadId = await d.storage.createMultipart({ key, contentType: 'application/zip', partSize });
    const body = bytes(1000, 7);
    const p1 = await putPart(key, uploadId, 1, body);
    await d.storage.completeMultipart({ key, uploadId, parts: [{ partNumber: 1, etag: p1.etag }] });
    const late = await putPart(key, uploadId, 1, bytes(1000, 8));
    expect(late.status).toBeGreaterThanOrEqual(400);
    expect((await readAll(await d.storage.read({ key }))).equals(body)).toBe(true);
  });
});
