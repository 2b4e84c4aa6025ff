import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { StorageConfig } from '../../config.ts';

export const S3_TEST_BUCKET = 'academy-test';

export type S3TestServer = {
  config: Extract<StorageConfig, { driver: 's3' }>;
  /** Where the server keeps the parts of an unfinished multipart upload (to prove they are gone). */
  uploadDir: (uploadId: string) => string;
  close: () => Promise<void>;
};

/**
 * A real S3 API server (s3rver) on loopback for the s3 driver's tests. s3rver 3.7 implements
 * create/upload-part/complete but not AbortMultipartUpload; this adds that one S3 call (DELETE
 * /<bucket>/<key>?uploadId=…, 204, parts removed) in front of it, as S3 specifies it.
 */
export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: S3_TEST_BUCKET }] });
  const store = (server as unknown as { store: { getResourcePath: (b: string, k: string | undefined, r: string) => string } }).store;
  const uploadDir = (uploadId: string) => path.join(store.getResourcePath(S3_TEST_BUCKET, undefined, 'uploads'), uploadId);
  const koa = server as unknown as { middleware: ((ctx: KoaCtx, next: () => Promise<void>) => Promise<void>)[] };
  koa.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method === 'DELETE' && typeof uploadId === 'string' && /^[a-f0-9]+$/.test(uploadId)) {
      await rm(uploadDir(uploadId), { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    await next();
  });
  const address = (await server.run()) as { port: number };
  return {
    config: {
      driver: 's3',
      endpoint: `http://127.0.0.1:${address.port}`,
      bucket: S3_TEST_BUCKET,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    uploadDir,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

type KoaCtx = { method: string; query: Record<string, unknown>; status: number };
