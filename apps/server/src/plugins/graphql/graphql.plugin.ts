import { hasPermission } from '@academy/contracts/roles';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ExecutionResult, GraphQLError as GqlError } from 'graphql';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, dataErrorOf } from '../../lib/errors.ts';
import { clientError } from '../errors.ts';
import { argumentCost, createDocumentCache, MAX_ARGUMENT_DEPTH, MAX_ARGUMENT_TERMS, MAX_COST, MAX_DEPTH, MAX_LIST_CELLS, MAX_ROOT_FIELDS } from './documents.ts';
import { executeOperation } from './execute.ts';
import { graphql } from './graphql-js.ts';
import { registeredResources } from './registry.ts';
import { buildSchema, type GqlContext } from './schema.ts';

const { GraphQLError, getOperationAST } = graphql;

export { MAX_ARGUMENT_DEPTH, MAX_ARGUMENT_TERMS, MAX_COST, MAX_DEPTH, MAX_LIST_CELLS, MAX_ROOT_FIELDS };

const postRequest = z.object({
  query: z.string().describe('GraphQL 문서'),
  variables: z.record(z.string(), z.unknown()).nullish().describe('변수'),
  operationName: z.string().nullish(),
});
const getRequest = z.object({
  query: z.string().describe('GraphQL 문서 (query만)'),
  variables: z.string().optional().describe('JSON 문자열로 된 변수'),
  operationName: z.string().optional(),
});

/** An answer of /api/gql: the HTTP status and the GraphQL response. */
type Answer = { status: number; body: { data?: unknown; errors?: FormattedError[] } };

const refusal = (status: number, code: string, message: string): Answer => ({ status, body: { errors: [{ message, extensions: { code } }] } });

/**
 * POST and GET /api/gql (GET for queries, as urql's preferGetMethod sends them), served by the app
 * itself: documents parsed and validated once per text (documents.ts), then run by execute.ts.
 * The route is open at the HTTP level: GraphQL authorises per resource and operation from the
 * signed-in user, so the schema can answer `me` and introspection rules by itself. Every answer,
 * including a body that is not JSON or a stale token, has the GraphQL shape (`errors[].extensions.code`).
 */
export async function graphqlRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const schema = buildSchema(registeredResources(app));
  const documents = createDocumentCache(schema);

  async function answer(req: FastifyRequest, input: { query: unknown; variables: unknown; operationName: unknown }): Promise<Answer> {
    // A stale token must answer HTTP 401 so the web client refreshes it and retries once (SPEC §8);
    // the auth hook only notes refused tokens on open routes.
    if (req.authFailure instanceof AppError) return refusal(req.authFailure.status, req.authFailure.code, req.authFailure.message);
    const { query, variables, operationName } = input;
    if (typeof query !== 'string' || query.trim() === '') return refusal(400, 'graphql.validation_failed', 'query: GraphQL 문서(문자열)가 필요합니다');
    if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
      return refusal(400, 'graphql.validation_failed', '변수: JSON 객체여야 합니다');
    }
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
      return refusal(400, 'graphql.validation_failed', '작업 이름: 문자열이어야 합니다');
    }
    const context: GqlContext = { appContext: ctx, user: req.user };
    const prepared = documents.get(query);
    if (!prepared.ok) {
      const code = prepared.kind === 'parse' ? 'graphql.parse_failed' : 'graphql.validation_failed';
      return { status: 400, body: { errors: prepared.errors.map((e) => ({ message: withoutSuggestions(e.message, context), locations: e.locations, extensions: { code } })) } };
    }
    const { document, analysis } = prepared;
    if (req.method === 'GET') {
      const operation = getOperationAST(document, operationName);
      if (operation && operation.operation !== 'query') return refusal(405, 'graphql.validation_failed', 'GET으로는 조회(query)만 할 수 있습니다. 변경은 POST로 보내 주세요');
    }
    if (analysis.introspection && !hasPermission(context.user, 'TA')) {
      return refusal(403, 'auth.introspection_forbidden', '스키마 조회(introspection)는 직원으로 로그인해야 할 수 있습니다');
    }
    if (analysis.depth > MAX_DEPTH) return refusal(400, 'graphql.too_costly', `요청이 너무 깊습니다: query depth ${analysis.depth} (최대 ${MAX_DEPTH})`);
    if (analysis.cost > MAX_COST) return refusal(400, 'graphql.too_costly', `요청한 항목이 너무 많습니다 (최대 ${MAX_COST}개)`);
    if (analysis.rootFields > MAX_ROOT_FIELDS) return refusal(400, 'graphql.too_costly', `한 요청에 최대 ${MAX_ROOT_FIELDS}개의 조회만 할 수 있습니다`);
    // The whole document's weight with these variables, before anything runs (issue 34 item 9).
    const weight = argumentCost(analysis, variables as Record<string, unknown> | null | undefined);
    if (weight.depth > MAX_ARGUMENT_DEPTH) return refusal(400, 'graphql.too_costly', `조건이 너무 깊게 겹쳐 있습니다 (and/or 등 최대 ${MAX_ARGUMENT_DEPTH}단계)`);
    if (weight.terms > MAX_ARGUMENT_TERMS) return refusal(400, 'graphql.too_costly', `조건과 값이 너무 많습니다 (한 요청에 최대 ${MAX_ARGUMENT_TERMS.toLocaleString('ko-KR')}개). 조건을 줄여 나누어 조회해 주세요`);
    if (weight.cells > MAX_LIST_CELLS) return refusal(400, 'graphql.too_costly', `한 요청에 너무 많은 행을 조회합니다 (목록의 행 수 × 항목 수 최대 ${MAX_LIST_CELLS.toLocaleString('ko-KR')}). 페이지로 나누어 조회해 주세요`);
    const result = await executeOperation({ schema, document, plans: prepared.plans, operationName: operationName as string | null | undefined, variables: variables as Record<string, unknown> | null | undefined, context });
    return formatResult(result, context, req);
  }

  const send = (reply: FastifyReply, a: Answer) => reply.code(a.status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(a.body));

  await app.register(async (scope) => {
    // Requests are checked by the handler (their errors are GraphQL errors); the zod shapes below only describe the routes in the OpenAPI document.
    scope.setValidatorCompiler(() => () => true);
    // Whatever fails before the handler (a body that is not JSON, too large) still answers in the GraphQL shape.
    scope.setErrorHandler((err: FastifyError, req, reply) => {
      const client = clientError(err);
      if (client) return send(reply, refusal(client.status, client.code, client.message));
      req.log.error({ err }, 'graphql request failed');
      return send(reply, refusal(500, 'server.error', '서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요'));
    });
    const tags = ['graphql'];
    const description = 'nestjs-query 규약의 GraphQL 데이터 계층. 권한은 자원·작업마다 확인합니다 (ARCHITECTURE.md).';
    scope.post('/api/gql', { config: { permission: 'open' }, schema: { tags, summary: 'GraphQL 조회·변경', description, body: postRequest } }, async (req, reply) => {
      const body = req.body as Record<string, unknown> | null;
      if (Array.isArray(body)) return send(reply, refusal(400, 'graphql.validation_failed', '한 번에 하나의 GraphQL 요청만 보낼 수 있습니다'));
      return send(reply, await answer(req, { query: body?.query, variables: body?.variables, operationName: body?.operationName }));
    });
    scope.get('/api/gql', { config: { permission: 'open' }, schema: { tags, summary: 'GraphQL 조회 (URL 2047자 이내의 query)', description, querystring: getRequest } }, async (req, reply) => {
      const q = (req.query ?? {}) as Record<string, unknown>;
      let variables: unknown = undefined;
      if (typeof q.variables === 'string' && q.variables !== '') {
        try {
          variables = JSON.parse(q.variables);
        } catch {
          return send(reply, refusal(400, 'graphql.validation_failed', '변수: 올바른 JSON이 아닙니다'));
        }
      }
      return send(reply, await answer(req, { query: q.query, variables, operationName: q.operationName }));
    });
  });
}

/** graphql-js suggests field and type names ("Did you mean …?"): only staff may see the schema. */
function withoutSuggestions(message: string, context: GqlContext): string {
  return hasPermission(context.user ?? null, 'TA') ? message : message.replace(/\s*Did you mean [^?]*\?/g, '');
}

type FormattedError = { message: string; locations?: unknown; path?: unknown; extensions?: Record<string, unknown> };

/**
 * Every error leaves with `extensions.code`. Resolver errors of our own keep their codes and Korean
 * messages; unexpected ones are logged and replaced, so no SQL or stack reaches the client. HTTP
 * status: 200 whenever GraphQL answered with data (graphql-over-http with application/json), 401
 * for a missing or stale sign-in, 400 when the operation could not run at all.
 */
function formatResult(result: ExecutionResult, context: GqlContext, req: FastifyRequest): Answer {
  if (!result.errors?.length) return { status: 200, body: { data: result.data ?? null } };
  let status = 200;
  const errors: FormattedError[] = [];
  for (const raw of result.errors) {
    const err = raw as GqlError & { originalError?: Error };
    const orig = err.originalError;
    if (orig instanceof AppError) {
      errors.push({ message: orig.message, path: err.path, extensions: { code: orig.code } });
      if (!result.data) status = orig.status;
      continue;
    }
    const own = (orig instanceof GraphQLError ? orig.extensions : err.extensions) as Record<string, unknown>;
    if (typeof own?.code === 'string') {
      const { status: s, ...rest } = own;
      errors.push({ message: err.message, locations: err.locations, path: err.path, extensions: rest });
      if (s === 401 && !result.data) status = 401;
      continue;
    }
    if (!orig || orig instanceof GraphQLError) {
      // graphql-js's own complaints (variables, coercion of arguments, unknown enum values, which operation to run) are the client's.
      errors.push({ message: withoutSuggestions(err.message, context), locations: err.locations, path: err.path, extensions: { code: 'graphql.validation_failed' } });
      if (!result.data) status = 400;
      continue;
    }
    const dataError = dataErrorOf(orig);
    if (dataError) {
      errors.push({ message: dataError.message, path: err.path, extensions: { code: dataError.code } });
      if (!result.data) status = 400;
      continue;
    }
    req.log.error({ err: orig }, 'graphql resolver failed');
    errors.push({ message: '서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요', path: err.path, extensions: { code: 'server.error' } });
  }
  return { status, body: { data: result.data ?? null, errors } };
}
