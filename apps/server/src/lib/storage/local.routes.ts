import type { ErrorSpec } from '@academy/contracts/errors';
import { STORAGE_URL_ERRORS as E } from '@academy/contracts/files';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LOCAL_BLOB_PREFIX, UploadBodyError, type LocalStorage } from './local.ts';
import { contentDisposition, StorageError } from './storage.ts';

/**
 * The local driver's signed URLs, answered by the server itself:
 *   PUT  /api/files/blob/<key>?op=put&size=&exp=&sig=                       one whole object
 *   PUT  /api/files/blob/<key>?op=part&uploadId=&partNumber=&size=&exp=&sig= one part (reply header ETag)
 *   GET  /api/files/blob/<key>?op=get&name=&type=&inline=&exp=&sig=         download (Range supported)
 * The signature (HMAC-SHA256 over method, op, key, expiry and the signed fields) is the only
 * authorisation, as with S3 presigned URLs, so the routes are declared open. They carry raw bytes,
 * not JSON, so they are plain routes rather than contract endpoints; the query is checked by
 * `storage.verify` (a bad one is a bad signature, 403).
 * Errors are S3-like (STORAGE_URL_ERRORS): 403 for a bad or expired signature, 400/413 for a
 * wrong body size, 409 when the upload is no longer open: `acceptsWrite` (the files module) says
 * whether the key's file still waits for its bytes, and a whole object is never replaced, so a
 * URL writes once and nothing changes a file after its check.
 */
export function registerLocalBlobRoutes(app: FastifyInstance, storage: LocalStorage, opts: { acceptsWrite: (key: string) => Promise<boolean> }): void {
  app.register(async (scope) => {
    // Bodies are streamed to disk as they arrive, whatever their type: no parser may buffer them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));

    const refuse = (reply: FastifyReply, error: ErrorSpec, message: string) => reply.code(error.status).send({ code: error.code, message });

    scope.put(`${LOCAL_BLOB_PREFIX}*`, { config: { permission: 'open' }, schema: { hide: true } }, async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      const v = storage.verify({ method: 'PUT', key, query: req.query as Record<string, string> });
      if (!v.ok) {
        req.raw.resume();
        return v.reason === 'expired'
          ? refuse(reply, E.url_expired, '업로드 주소가 만료되었습니다. 다시 시도해 주세요')
          : refuse(reply, E.url_invalid, '업로드 주소의 서명이 올바르지 않습니다');
      }
      const s = v.signed;
      if ((s.op === 'put' || s.op === 'part') && !(await opts.acceptsWrite(key))) {
        req.raw.resume();
        return refuse(reply, E.upload_closed, '이미 완료되었거나 닫힌 업로드입니다. 새로 올리려면 처음부터 다시 시작해 주세요');
      }
      const declared = req.headers['content-length'] === undefined ? null : Number(req.headers['content-length']);
      const expected = s.op === 'put' || s.op === 'part' ? s.size : 0;
      if (declared !== null && declared !== expected) {
        req.raw.resume();
        return declared > expected
          ? refuse(reply, E.too_large, `파일 크기가 신고한 크기(${expected}바이트)보다 큽니다`)
          : refuse(reply, E.size_mismatch, `파일 크기가 신고한 크기(${expected}바이트)와 다릅니다`);
      }
      try {
        if (s.op === 'put') {
          await storage.receiveObject({ key, size: s.size, body: req.raw });
          return reply.code(200).send();
        }
        if (s.op === 'part') {
          const etag = await storage.receivePart({ key, uploadId: s.uploadId, partNumber: s.partNumber, size: s.size, body: req.raw });
          return reply.code(200).header('etag', `"${etag}"`).send();
        }
      } catch (err) {
        if (err instanceof UploadBodyError) {
          if (err.reason === 'too_large') return refuse(reply, E.too_large, '파일 크기가 신고한 크기보다 큽니다');
          if (err.reason === 'too_short') return refuse(reply, E.size_mismatch, '파일 크기가 신고한 크기와 다릅니다');
          return refuse(reply, E.upload_interrupted, '업로드가 중간에 끊겼습니다. 다시 시도해 주세요');
        }
        if (err instanceof StorageError && err.reason === 'exists') return refuse(reply, E.upload_closed, '이미 올라간 파일입니다. 새로 올리려면 처음부터 다시 시작해 주세요');
        if (err instanceof StorageError) return refuse(reply, E.upload_not_found, '업로드를 찾을 수 없습니다. 취소되었거나 만료되었습니다');
        throw err;
      }
      return refuse(reply, E.url_invalid, '업로드 주소의 서명이 올바르지 않습니다');
    });

    scope.get(`${LOCAL_BLOB_PREFIX}*`, { config: { permission: 'open' }, schema: { hide: true } }, async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      const v = storage.verify({ method: 'GET', key, query: req.query as Record<string, string> });
      if (!v.ok) {
        return v.reason === 'expired'
          ? refuse(reply, E.url_expired, '다운로드 주소가 만료되었습니다. 다시 열어 주세요')
          : refuse(reply, E.url_invalid, '다운로드 주소의 서명이 올바르지 않습니다');
      }
      if (v.signed.op !== 'get') return refuse(reply, E.url_invalid, '다운로드 주소의 서명이 올바르지 않습니다');
      const head = await storage.head(key);
      if (!head) return refuse(reply, E.not_found, '파일을 찾을 수 없습니다');
      const range = parseRange(req.headers.range, head.size);
      reply
        .header('content-type', v.signed.contentType || 'application/octet-stream')
        .header('content-disposition', contentDisposition({ fileName: v.signed.fileName || 'file', inline: v.signed.inline }))
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff');
      if (range === 'invalid') return reply.code(416).header('content-range', `bytes */${head.size}`).send();
      if (range) {
        reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${head.size}`).header('content-length', range.end - range.start + 1);
        return reply.send(await storage.read({ key, start: range.start, end: range.end }));
      }
      reply.header('content-length', head.size);
      return reply.send(head.size === 0 ? '' : await storage.read({ key }));
    });
  });
}

function parseRange(h: string | undefined, size: number): { start: number; end: number } | 'invalid' | null {
  if (!h) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(h.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}
