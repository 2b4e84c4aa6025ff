import {
  type AnyEndpoint,
  type BodyOf,
  isFileReply,
  isMultipart,
  type MultipartBody,
  type ParamsOf,
  type QueryOf,
  type ReplyIn,
} from '@academy/contracts/endpoint';
import fastifyMultipart from '@fastify/multipart';
import { errorCodes } from '@academy/contracts/errors';
import { stripBidi } from '@academy/contracts/validation';
import { fieldMessage } from '@academy/contracts/field-labels';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, appError } from '../lib/errors.ts';
import type { AuthUser } from '../plugins/auth.ts';

/** Multipart limits of every upload route; each lowers the file size to its endpoint's own (readMultipart). */
const MULTIPART_LIMITS = { fileSize: 20 * 1024 * 1024, files: 5, fields: 20, parts: 30 };

export const UPLOAD_ERRORS = errorCodes('upload', { required: 400, too_large: 413, one_file: 400, failed: 400 });

/** An uploaded file, read whole (uploads through the server are small: Excel sheets, photos). */
export type Upload = { buffer: Buffer; fileName: string; contentType: string };

/** A file to send back: the route answers with it as an attachment named `fileName`. */
export type FileResult = { body: Buffer; fileName: string; contentType?: string };

type UserOf<E extends AnyEndpoint> = E['permission'] extends 'open' ? AuthUser | null : AuthUser;

export type RouteInput<E extends AnyEndpoint> = {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  /** The signed-in caller; never null unless the endpoint is open. */
  user: UserOf<E>;
  /** Present when the endpoint takes a multipart body. */
  upload: E['body'] extends MultipartBody ? Upload : undefined;
  req: FastifyRequest;
  reply: FastifyReply;
};

type Result<E extends AnyEndpoint> = E['reply'] extends { kind: 'file' } ? FileResult | FastifyReply : ReplyIn<E>;

/**
 * Registers the route of an endpoint declared in `@academy/contracts`: its path under /api, its
 * permission, and its schemas for validation, serialization and the OpenAPI document all come
 * from that one declaration. The handler gets parsed input and returns the reply (or a file).
 * Keep it thin: call a service and return what it gives.
 */
export function route<E extends AnyEndpoint>(app: FastifyInstance, e: E, handler: (input: RouteInput<E>) => Promise<Result<E>> | Result<E>): void {
  const multipart = isMultipart(e.body) ? e.body : null;
  const file = isFileReply(e.reply) ? e.reply : null;
  const hasParams = Object.keys(e.params.shape).length > 0;
  // Only an upload route reads multipart bodies, so only its own scope has the plugin: it hooks
  // every request of the scope it is in (an async onRequest and onResponse, five promises and a
  // listener per request: issue 17), and every other route answers a multipart body with 415.
  if (multipart) {
    void app.register(async (scope) => {
      await scope.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
      define(scope);
    });
  } else {
    define(app);
  }
  function define(instance: FastifyInstance): void {
    instance.withTypeProvider<ZodTypeProvider>().route({
      method: e.method,
      url: e.atRoot ? e.path : `/api${e.path}`,
      config: { permission: e.permission },
      ...(e.maxBodyBytes ? { bodyLimit: e.maxBodyBytes } : {}),
      schema: {
        ...(e.hidden ? { hide: true } : {}),
        tags: [e.tag],
        summary: e.summary,
        description: multipart
          ? [e.description, `multipart/form-data: file (${multipart.accept}, 최대 ${Math.round(multipart.maxBytes / 1024 / 1024)}MB)와 ${Object.keys(multipart.fields.shape).join(', ')}`].filter(Boolean).join('\n\n')
          : e.description,
        ...(hasParams ? { params: e.params } : {}),
        ...(e.query ? { querystring: e.query } : {}),
        ...(e.body && !multipart ? { body: e.body as z.ZodType } : {}),
        ...(file ? { produces: [file.contentType] } : { response: { 200: e.reply as z.ZodType } }),
      },
      handler: async (req, reply) => {
        let body: unknown = req.body;
        let upload: Upload | undefined;
        if (multipart) {
          const read = await readMultipart(req, multipart);
          upload = read.upload;
          body = parseFields(multipart, read.fields);
        }
        const result = await handler({
          params: req.params, query: req.query, body, upload, user: req.user, req, reply,
        } as RouteInput<E>);
        // A handler that answered itself returns `reply`, which is a thenable: awaiting it waits
        // for the answer to finish (a stream until the client leaves) and gives undefined.
        if (!file || result === reply || reply.sent) return reply.sent ? reply : result;
        const f = result as FileResult;
        return reply
          .header('content-type', f.contentType ?? file.contentType)
          .header('content-disposition', attachment(f.fileName))
          .send(f.body);
      },
    });
  }
}

/** RFC 5987, so Korean file names survive every browser; the ASCII name is a fallback. */
export function attachment(fileName: string): string {
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(fileName)?.[0] ?? '';
  return `attachment; filename="download${ext}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

async function readMultipart(req: FastifyRequest, spec: MultipartBody): Promise<{ upload: Upload; fields: Record<string, string> }> {
  const maxMb = Math.round(spec.maxBytes / 1024 / 1024);
  if (!req.isMultipart()) throw appError(UPLOAD_ERRORS.required, 'multipart/form-data의 file 항목으로 파일을 보내 주세요', { field: 'file' });
  const fields: Record<string, string> = {};
  let upload: Upload | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: spec.maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname === 'file') upload = { buffer, fileName: stripBidi(part.filename), contentType: part.mimetype };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw appError(UPLOAD_ERRORS.too_large, `파일이 너무 큽니다. 최대 ${maxMb}MB까지 올릴 수 있습니다`, { field: 'file' });
    if (code === 'FST_FILES_LIMIT') throw appError(UPLOAD_ERRORS.one_file, '파일은 하나만 올려 주세요', { field: 'file' });
    throw appError(UPLOAD_ERRORS.failed, '파일을 받지 못했습니다. 다시 시도해 주세요', { field: 'file' });
  }
  if (!upload || upload.buffer.length === 0) throw appError(UPLOAD_ERRORS.required, '파일을 선택해 주세요', { field: 'file' });
  return { upload, fields };
}

function parseFields(spec: MultipartBody, fields: Record<string, string>): unknown {
  const parsed = spec.fields.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.');
  throw new AppError({ code: 'validation.invalid', status: 400, message: fieldMessage(field, issue.message), field, fieldText: issue.message });
}
