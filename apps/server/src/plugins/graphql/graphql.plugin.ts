import { hasPermission } from '@academy/contracts/roles';
import type { FastifyInstance } from 'fastify';
import type { DocumentNode, ExecutionResult, FragmentDefinitionNode, GraphQLError as GqlError, SelectionSetNode } from 'graphql';
import mercurius from 'mercurius';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, dataErrorOf } from '../../lib/errors.ts';
import { graphql } from './graphql-js.ts';
import { registeredResources } from './registry.ts';
import { buildSchema, type GqlContext } from './schema.ts';

const { GraphQLError, Kind } = graphql;

/** Deeper than any grid query (list → nodes → field is 3). */
export const MAX_DEPTH = 8;
/** Selected fields per operation, fragments expanded; a grid page selects about 15. */
export const MAX_COST = 400;
/** Root fields per operation: stops one request from aliasing the same list a hundred times. */
export const MAX_ROOT_FIELDS = 10;

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

type Analysis = { cost: number; rootFields: number; introspection: boolean };
const analyses = new WeakMap<DocumentNode, Analysis>();

/**
 * Cost and introspection of a parsed document. Mercurius caches parsed documents by query text,
 * so the analysis is cached per document object and costs nothing on repeated grid queries.
 */
function analyse(doc: DocumentNode): Analysis {
  const cached = analyses.get(doc);
  if (cached) return cached;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  let cost = 0;
  let introspection = false;
  const walk = (set: SelectionSetNode | undefined, seen: Set<string>, depth: number) => {
    if (!set || depth > MAX_DEPTH + 2 || cost > MAX_COST) return;
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        if (s.name.value === '__schema' || s.name.value === '__type') introspection = true;
        cost++;
        walk(s.selectionSet, seen, depth + 1);
      } else if (s.kind === Kind.INLINE_FRAGMENT) walk(s.selectionSet, seen, depth);
      else if (!seen.has(s.name.value)) walk(fragments.get(s.name.value)?.selectionSet, new Set([...seen, s.name.value]), depth);
    }
  };
  let rootFields = 0;
  for (const d of doc.definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION) continue;
    rootFields = Math.max(rootFields, d.selectionSet.selections.length);
    walk(d.selectionSet, new Set(), 0);
  }
  const result = { cost, rootFields, introspection };
  analyses.set(doc, result);
  return result;
}

/**
 * POST and GET /api/gql (GET for queries, as urql's preferGetMethod sends them). The route is open
 * at the HTTP level: GraphQL authorises per resource and operation from the signed-in user, so
 * the schema can answer `me` and introspection rules by itself.
 */
export async function graphqlRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const schema = buildSchema(registeredResources(app));

  await app.register(async (scope) => {
    // Mercurius declares its request shapes as JSON schema; the app-wide zod compiler does not read those.
    scope.setValidatorCompiler(() => () => true);
    scope.setSerializerCompiler(() => (data) => JSON.stringify(data));
    // The OpenAPI document is built from zod schemas; describe the two routes in zod for it.
    scope.addHook('onRoute', (route) => {
      if (route.url !== '/api/gql') return;
      const get = route.method === 'GET' || (Array.isArray(route.method) && route.method.includes('GET'));
      route.schema = {
        tags: ['graphql'],
        summary: get ? 'GraphQL 조회 (URL 2047자 이내의 query)' : 'GraphQL 조회·변경',
        description: 'nestjs-query 규약의 GraphQL 데이터 계층. 권한은 자원·작업마다 확인합니다 (ARCHITECTURE.md).',
        ...(get ? { querystring: getRequest } : { body: postRequest }),
      };
    });

    scope.addHook('preHandler', async (req) => {
      const source = req.method === 'GET' ? (req.query as { query?: unknown } | null)?.query : (req.body as { query?: unknown } | null)?.query;
      if (typeof source !== 'string' || source.trim() === '') {
        throw new AppError({ code: 'graphql.validation_failed', status: 400, message: 'query: GraphQL 문서(문자열)가 필요합니다' });
      }
      // A stale token must answer HTTP 401 so the web client refreshes it and retries once (SPEC §8);
      // the auth hook only notes refused tokens on open routes.
      if (req.authFailure) throw req.authFailure;
    });

    await scope.register(mercurius, {
      schema,
      path: '/api/gql',
      graphiql: false,
      // No graphql-jit: it spends tens of seconds compiling the variable parser of the recursive
      // filter inputs (and/or), and graphql-js is not the bottleneck of a grid page anyway.
      queryDepth: MAX_DEPTH,
      allowBatchedQueries: false,
      additionalRouteOptions: { config: { permission: 'open' } },
      context: (req): GqlContext => ({ appContext: ctx, user: req.user }),
      errorFormatter: ((execution: ExecutionResult, context: unknown) => formatErrors(execution, context as GqlContext)) as never,
    });

    scope.graphql.addHook('preExecution', async (_schema, document, context: unknown) => {
      const a = analyse(document);
      const user = (context as GqlContext).user;
      if (a.introspection && !hasPermission(user, 'TA')) {
        throw new GraphQLError('스키마 조회(introspection)는 직원으로 로그인해야 할 수 있습니다', { extensions: { code: 'auth.introspection_forbidden', status: 403 } });
      }
      if (a.cost > MAX_COST) {
        throw new GraphQLError(`요청한 항목이 너무 많습니다 (최대 ${MAX_COST}개)`, { extensions: { code: 'graphql.too_costly', status: 400 } });
      }
      if (a.rootFields > MAX_ROOT_FIELDS) {
        throw new GraphQLError(`한 요청에 최대 ${MAX_ROOT_FIELDS}개의 조회만 할 수 있습니다`, { extensions: { code: 'graphql.too_costly', status: 400 } });
      }
    });
  });
}

type FormattedError = { message: string; locations?: unknown; path?: unknown; extensions?: Record<string, unknown> };

/**
 * Every error leaves with `extensions.code`. Resolver errors of our own keep their codes and Korean
 * messages; unexpected ones are logged and replaced, so no SQL or stack reaches the client. HTTP
 * status: 200 whenever GraphQL answered (graphql-over-http with application/json), 401 for a
 * missing or stale sign-in, 400 when the document could not run at all.
 */
function formatErrors(execution: ExecutionResult & { statusCode?: number }, context: GqlContext & { reply?: { log: { error: (o: object, m: string) => void } } }) {
  let status = 200;
  const errors: FormattedError[] = [];
  // graphql-js suggests field and type names ("Did you mean …?"): only staff may see the schema.
  const staff = hasPermission(context?.user ?? null, 'TA');
  const clean = (message: string) => (staff ? message : message.replace(/\s*Did you mean [^?]*\?/g, ''));
  for (const raw of execution.errors ?? []) {
    const err = raw as GqlError & { originalError?: Error & { errors?: GqlError[]; statusCode?: number } };
    const orig = err.originalError;
    // Mercurius wraps parse, validation and variable errors: unwrap them.
    if (orig?.errors && Array.isArray(orig.errors)) {
      for (const inner of orig.errors) {
        const code = /Syntax Error/.test(inner.message) ? 'graphql.parse_failed' : 'graphql.validation_failed';
        errors.push({ message: clean(inner.message), locations: inner.locations, extensions: { ...inner.extensions, code } });
      }
      if (!execution.data) status = orig.statusCode === 405 ? 405 : 400;
      continue;
    }
    if (orig instanceof AppError) {
      errors.push({ message: orig.message, extensions: { code: orig.code } });
      if (!execution.data) status = orig.status;
      continue;
    }
    const ext = (err.extensions ?? {}) as Record<string, unknown>;
    const own = orig instanceof GraphQLError ? (orig.extensions as Record<string, unknown>) : ext;
    if (typeof own.code === 'string') {
      const { status: s, ...rest } = own;
      errors.push({ message: err.message, locations: err.locations, path: err.path, extensions: rest });
      if (s === 401 && !execution.data) status = 401;
      continue;
    }
    const clientStatus = (orig as { statusCode?: unknown } | undefined)?.statusCode;
    if (orig && typeof clientStatus === 'number' && clientStatus >= 400 && clientStatus < 500) {
      // Fastify (body parsing) and mercurius (request shape) reject some requests before GraphQL runs.
      const code = (orig as { code?: string }).code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'request.invalid_json' : 'graphql.validation_failed';
      const message = code === 'request.invalid_json' ? '요청 본문이 올바른 JSON이 아닙니다' : orig.message;
      errors.push({ message, extensions: { code } });
      status = clientStatus;
      continue;
    }
    if (!orig || orig instanceof GraphQLError) {
      // graphql-js's own complaints (coercion of arguments, unknown enum values, …) are the client's.
      errors.push({ message: clean(err.message), locations: err.locations, path: err.path, extensions: { code: 'graphql.validation_failed' } });
      continue;
    }
    const dataError = dataErrorOf(orig);
    if (dataError) {
      errors.push({ message: dataError.message, path: err.path, extensions: { code: dataError.code } });
      if (!execution.data) status = 400;
      continue;
    }
    context.reply?.log.error({ err: orig }, 'graphql resolver failed');
    errors.push({ message: '서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요', path: err.path, extensions: { code: 'server.error' } });
  }
  return { statusCode: status, response: { data: execution.data ?? null, errors } };
}
