import path from 'node:path';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { fieldMessage } from '@academy/contracts/field-labels';
import { AppError, dataErrorOf } from '../lib/errors.ts';

/** One wrong input: where it came from (body, querystring, params), its field path and what is wrong. */
type Issue = { part: string; path: string; message: string };

const PART_LABEL: Record<string, string> = { body: '본문', querystring: '쿼리', params: '경로', headers: '헤더' };

/**
 * One error shape for the whole API: `{code, message}` (plus `issues` for validation), Korean
 * messages, and never a 500 for something the client sent.
 */
export function registerErrorHandling(app: FastifyInstance, opts: { spaFallback: boolean }): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      const issues: Issue[] | undefined = err.field ? [{ part: 'body', path: err.field, message: err.fieldText ?? err.message }] : undefined;
      return reply.code(err.status).send({ code: err.code, message: err.message, ...(issues ? { issues } : {}), ...(err.details ? { details: err.details } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const part = err.validationContext ?? 'body';
      const issues: Issue[] = err.validation.map((v) => ({
        part,
        path: v.instancePath ? v.instancePath.split('/').filter(Boolean).join('.') : '',
        message: v.message ?? '형식이 올바르지 않습니다',
      }));
      const first = issues[0]!;
      // A rule written in contracts (schedule overlap …) names its own code; plain schema checks are validation.invalid.
      const ruleCode = (err.validation[0]?.params as { params?: { code?: unknown } } | undefined)?.params?.code;
      const message = first.path ? fieldMessage(first.path, first.message) : `${PART_LABEL[part] ?? '요청'}: ${first.message}`;
      return reply.code(400).send({ code: typeof ruleCode === 'string' ? ruleCode : 'validation.invalid', message, issues });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ code: 'server.response_invalid', message: '서버 응답을 만들지 못했습니다. 잠시 후 다시 시도해 주세요' });
    }
    const dataError = dataErrorOf(err);
    if (dataError) {
      req.log.warn({ err }, 'database refused a value the validation let through');
      return reply.code(dataError.status).send({ code: dataError.code, message: dataError.message });
    }
    const client = clientError(err);
    if (client) return reply.code(client.status).send({ code: client.code, message: client.message });
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ code: 'server.error', message: '서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요' });
  });

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    // Client-side routes of the web app (/crm/students, /portal …) load index.html on refresh.
    if (opts.spaFallback && req.method === 'GET' && !url.startsWith('/api') && !path.extname(url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const what = url.startsWith('/api') ? 'API를' : '파일을';
    return reply.code(404).send({ code: 'route.not_found', message: `요청한 ${what} 찾을 수 없습니다: ${req.method} ${url}` });
  });
}

/** A request Fastify refused before any handler (not JSON, too large, wrong type …): its status, code and Korean message; null for a server fault. */
export function clientError(err: FastifyError): { status: number; code: string; message: string } | null {
  const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
  if (status < 400 || status >= 500) return null;
  return { status, code: clientErrorCode(err), message: clientErrorMessage(err, status) };
}

function clientErrorCode(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': return 'request.unsupported_media_type';
    case 'FST_ERR_CTP_BODY_TOO_LARGE': return 'request.too_large';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY': return 'request.empty_body';
    case 'FST_ERR_CTP_INVALID_JSON_BODY': return 'request.invalid_json';
    default: return err.statusCode === 429 ? 'request.rate_limited' : 'request.invalid';
  }
}

function clientErrorMessage(err: FastifyError, status: number): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': return '지원하지 않는 Content-Type입니다';
    case 'FST_ERR_CTP_BODY_TOO_LARGE': return '요청 본문이 너무 큽니다';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY': return '요청 본문이 비어 있습니다';
    case 'FST_ERR_CTP_INVALID_JSON_BODY': return '요청 본문이 올바른 JSON이 아닙니다';
    default:
      if (err instanceof SyntaxError) return '요청 본문이 올바른 JSON이 아닙니다';
      if (status === 429) return '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요';
      return '요청이 올바르지 않습니다';
  }
}
