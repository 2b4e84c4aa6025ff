import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertSafeKey, contentDisposition, StorageError, type Storage } from './storage.ts';

export type S3StorageOptions = {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Signing time; tests pass their clock. */
  now: () => Date;
  /** Part size of `putFile` uploads (default 16 MB; tests lower it to exercise several parts). */
  putFilePartBytes?: number;
};

/**
 * Any S3-compatible store through the AWS SDK v3. Browsers PUT and GET straight to presigned URLs;
 * the store must allow the web origin by CORS and expose the ETag header (multipart needs it).
 * Unfinished multipart uploads are aborted by the files cleanup; a bucket lifecycle rule
 * (AbortIncompleteMultipartUpload) is a good second net.
 */
export function createS3Storage(opts: S3StorageOptions): Storage {
  const client = new S3Client({
    endpoint: opts.endpoint,
    region: opts.region,
    forcePathStyle: opts.forcePathStyle,
    credentials: opts.accessKeyId && opts.secretAccessKey ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } : undefined,
    // Presigned browser uploads cannot carry the SDK's default CRC32 trailer; the server checks SHA-256 itself.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = opts.bucket;
  // client-s3 and the presigner may pin different @smithy type versions; the call itself is the same.
  const presign = (command: PutObjectCommand | GetObjectCommand | UploadPartCommand, expiresIn: number) =>
    getSignedUrl(client as never, command as never, { expiresIn, signingDate: opts.now() });

  return {
    kind: 's3',
    // The store refuses a PUT over an existing object (conditional write): a presigned URL cannot
    // replace a file after it was checked. AWS S3, MinIO and R2 honour it.
    uploadHeaders: { 'if-none-match': '*' },
    async presignPut({ key, size, contentType, expiresInSec }) {
      assertSafeKey(key);
      return presign(new PutObjectCommand({ Bucket, Key: key, ContentLength: size, ContentType: contentType, IfNoneMatch: '*' }), expiresInSec);
    },
    async presignGet({ key, expiresInSec, fileName, contentType, inline }) {
      assertSafeKey(key);
      return presign(
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentDisposition: contentDisposition({ fileName, inline }),
          ResponseContentType: contentType,
        }),
        expiresInSec,
      );
    },
    async createMultipart({ key, contentType }) {
      assertSafeKey(key);
      const out = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }));
      if (!out.UploadId) throw new Error('S3 did not return an UploadId');
      return out.UploadId;
    },
    async presignPart({ key, uploadId, partNumber, size, expiresInSec }) {
      assertSafeKey(key);
      return presign(new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber: partNumber, ContentLength: size }), expiresInSec);
    },
    async completeMultipart({ key, uploadId, parts }) {
      try {
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: { Parts: [...parts].sort((a, b) => a.partNumber - b.partNumber).map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
          }),
        );
        return { sha256: null };
      } catch (err) {
        if (err instanceof S3ServiceException && err.name === 'NoSuchUpload') throw new StorageError('no_such_upload', '업로드를 찾을 수 없습니다');
        // InvalidPart / InvalidPartOrder, or a store that fails on a missing part file.
        throw new StorageError('invalid_part', '업로드되지 않았거나 ETag가 맞지 않는 조각이 있습니다');
      }
    },
    async abortMultipart({ key, uploadId }) {
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }));
      } catch (err) {
        if (err instanceof S3ServiceException && err.name === 'NoSuchUpload') return;
        throw err;
      }
    },
    async head(key) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: out.ContentLength ?? 0 };
      } catch (err) {
        if (err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey')) return null;
        throw err;
      }
    },
    async read({ key, start, end }) {
      const range = start !== undefined ? `bytes=${start}-${end ?? ''}` : undefined;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range }));
        return out.Body as Readable;
      } catch (err) {
        if (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)) {
          throw new StorageError('not_found', '파일이 저장소에 없습니다');
        }
        throw err;
      }
    },
    async put({ key, body, contentType }) {
      assertSafeKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async putFile({ key, path, contentType }) {
      assertSafeKey(key);
      const { size } = await stat(path);
      // S3 caps one PUT at 5 GB and 10,000 parts per upload; parts grow for very large files.
      const partBytes = Math.max(opts.putFilePartBytes ?? 16 * 1024 * 1024, Math.ceil(size / 9_000));
      if (size <= partBytes) {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: createReadStream(path), ContentLength: size, ContentType: contentType }));
        return;
      }
      const out = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }));
      const UploadId = out.UploadId;
      if (!UploadId) throw new Error('S3 did not return an UploadId');
      try {
        const parts: { PartNumber: number; ETag: string | undefined }[] = [];
        for (let start = 0, n = 1; start < size; start += partBytes, n++) {
          const end = Math.min(size, start + partBytes) - 1;
          const part = await client.send(
            new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber: n, Body: createReadStream(path, { start, end }), ContentLength: end - start + 1 }),
          );
          parts.push({ PartNumber: n, ETag: part.ETag });
        }
        await client.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }));
      } catch (err) {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => {});
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async close() {
      client.destroy();
    },
  };
}
