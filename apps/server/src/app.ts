import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import '@academy/contracts/validation';
import { createModules, moduleList, type Modules } from './composition.ts';
import { HTTP_TIMEOUTS, type Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { embeddedVacuum } from './db/maintenance.ts';
import type { ModuleHooks } from './module.ts';
import { createAudit } from './lib/audit/audit.ts';
import { createJobs } from './lib/jobs/jobs.ts';
import { HttpRequestContext, requestContext, requestIdFrom } from './lib/observability/request-context.ts';
import { createLimits } from './lib/limits/limits.ts';
import { createPublicLinks } from './lib/links/links.ts';
import { createRealtime } from './lib/realtime/realtime.ts';
import type { SmsTiming } from './lib/sms/delivery.ts';
import { createSms } from './lib/sms/sms.ts';
import { createStorage } from './lib/storage/create-storage.ts';
import { createTokenSigner } from './lib/tokens.ts';
import { replySerializerCompiler } from './http/reply-serializer.ts';
import { registerAuth, type RegisteredRoute } from './plugins/auth.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerBodyPace, serverTimeouts } from './plugins/timeouts.ts';
import { graphqlRoutes } from './plugins/graphql/graphql.plugin.ts';
import { registerRealtimeRoutes } from './plugins/realtime.ts';

export type BuiltApp = {
  app: FastifyInstance;
  ctx: AppContext;
  modules: Modules;
  routes: RegisteredRoute[];
  /** Serves /metrics on a port of its own (METRICS_PORT); resolves to the function that closes it. */
  listenMetrics: (opts: { port: number; host: string }) => Promise<() => Promise<void>>;
};

/**
 * Builds the whole server without listening: main.ts listens, tests use `app.inject()`.
 * The modules come from the composition root (composition.ts); each registers its own routes.
 */
export async function buildApp(deps: {
  config: Config;
  database: Database;
  now?: () => Date;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write: (line: string) => void };
  webDist?: string | null;
  /** Seconds between job polls when no wake-up arrives (tests lower it). */
  jobPollingSeconds?: number;
  /** Delays of SMS delivery reports and retries (tests lower them). */
  smsTiming?: SmsTiming;
}): Promise<BuiltApp> {
  const { config, database } = deps;
  const timeouts = config.httpTimeouts ?? HTTP_TIMEOUTS;
  const app = Fastify({
    // Headers in 20 s, the whole request in an hour, an idle socket 120 s (config.ts HTTP_TIMEOUTS).
    ...serverTimeouts(timeouts),
    logger: deps.logger === false ? false : { level: config.logLevel, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    // X-Forwarded-For/-Proto/-Host only from the proxies named in TRUST_PROXY: otherwise `req.ip`
    // (which the rate limits count by) is the socket's address, whatever the headers say.
    trustProxy: config.trustProxy?.length ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // On close, idle keep-alive connections end at once instead of holding shutdown for their timeout.
    forceCloseConnections: 'idle',
    // Every log line of a request, and of the jobs it queues, carries its id (a caller's
    // x-request-id when it is plain, so a proxy's id travels through).
    genReqId: (req) => requestIdFrom(req.headers['x-request-id']),
  });
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    // A client that goes away before its answer is sent stops the heavy work done for it
    // (src/lib/workers): watched from when some work asks for the signal.
    const work = new HttpRequestContext(req.id, (gone) => {
      if (req.raw.socket?.destroyed === true) {
        if (!reply.raw.writableFinished) gone();
        return;
      }
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) gone();
      });
    });
    requestContext.run(work, done);
  });
  // A body must keep coming (1,024 bytes per 10 s by default), or the connection is closed with 408.
  registerBodyPace(app, timeouts);
  // CSP, X-Frame-Options, HSTS and the rest, before any hook that may refuse the request: the access
  // token lives in localStorage, so no script may run but the app's own (and the video players').
  registerSecurityHeaders(app, { contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) }, frameguard: { action: 'deny' } });
  app.setValidatorCompiler(validatorCompiler);
  // Production writes replies with serializers compiled from the schemas; tests and development
  // also run zod over each reply and check the compiled text against it (http/reply-serializer.ts).
  app.setSerializerCompiler(replySerializerCompiler(config.env === 'production' ? 'compiled' : 'checked'));

  const now = deps.now ?? (() => new Date());
  // Outside production every published event is checked against its topic's schema (contracts).
  const realtime = createRealtime({ db: database.db, listen: database.listen, onError: (err) => app.log.error({ err }, 'realtime event failed'), checkEvents: config.env !== 'production' });
  const jobs = createJobs({ database, realtime, log: app.log, pollingIntervalSeconds: deps.jobPollingSeconds, timing: config.jobTiming });
  const sms = createSms({ db: database.db, jobs, config: config.sms, now: () => now(), log: app.log, timing: deps.smsTiming });
  const ctx: AppContext = {
    config,
    db: database.db,
    databaseKind: database.kind,
    signer: createTokenSigner(config.jwtSecret),
    audit: createAudit(database.db),
    sms: sms.sms,
    storage: createStorage({ config, now: () => now() }),
    listen: database.listen,
    realtime,
    jobs,
    limits: createLimits({ db: database.db, now: () => now() }),
    links: createPublicLinks(database.db),
    now,
  };
  await ctx.realtime.start();
  const modules = createModules(ctx);

  const webDist = deps.webDist === undefined ? findWebDist() : deps.webDist;
  registerErrorHandling(app, { spaFallback: !!webDist });
  const routes = registerAuth(app, { signer: ctx.signer, sessionAlive: (claims) => modules.users.sessionAlive(claims) });
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: '학원 CRM API', description: '학원 관리 시스템 REST API. 인증: Authorization: Bearer <accessToken>', version: config.version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The documentation page sends its own CSP, with the hashes of its inline scripts.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const realtimeRoutes = registerRealtimeRoutes(app, ctx, { alive: (claims) => modules.users.sessionAlive(claims), watch: (fn) => modules.users.watchSessions(fn) });
  const metrics = registerMetrics(app, { database, ctx, realtimeStreams: realtimeRoutes.openStreams });
  const kernel: ModuleHooks = {
    // Delivering the SMS outbox: a job per message, and a schedule that re-queues any message left without one.
    jobs: sms.hooks.jobs,
    schedules: [
      { name: 'realtime.prune', cron: '*/30 * * * *', run: async () => void (await ctx.realtime.prune(ctx.now())) },
      { name: 'limits.prune', cron: '23 * * * *', run: async () => void (await ctx.limits.prune()) },
      ...(sms.hooks.schedules ?? []),
      ...(database.kind === 'pglite' ? [embeddedVacuum(database.db)] : []),
    ],
  };
  for (const m of [kernel, ...moduleList(modules)]) {
    m.register?.(app);
    for (const t of m.topics ?? []) ctx.realtime.defineTopic(t);
    for (const j of m.jobs ?? []) ctx.jobs.define(j);
    for (const s of m.schedules ?? []) ctx.jobs.schedule(s);
  }
  const started = [kernel, ...moduleList(modules)];
  for (const m of started) await m.start?.();
  await ctx.jobs.start();
  app.addHook('onClose', async () => {
    for (const m of started.reverse()) await m.stop?.();
    await ctx.jobs.stop();
    await ctx.realtime.stop();
    await ctx.storage.close();
  });

  // Keep last among the routes: /api/gql is generated from the resources registered above.
  await graphqlRoutes(app, ctx);

  if (webDist) await serveWeb(app, webDist);

  await app.ready();
  return { app, ctx, modules, routes, listenMetrics: metrics.listen };
}

/**
 * The web app's Content-Security-Policy: its own scripts only; inline styles (MUI and the video
 * player's shadow DOM style themselves); files and videos from the storage (signed URLs, on this
 * server or the S3 endpoint); YouTube and Vimeo players for linked lectures.
 */
export function contentSecurityPolicy(config: Pick<Config, 'storage' | 'env'>): Record<string, string[]> {
  const storage = config.storage?.driver === 's3' ? [config.storage.endpoint ? new URL(config.storage.endpoint).origin : 'https://*.amazonaws.com'] : [];
  const youtube = ['https://www.youtube.com', 'https://www.youtube-nocookie.com'];
  const vimeo = ['https://player.vimeo.com'];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...youtube, 'https://s.ytimg.com', ...vimeo],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https://i.ytimg.com', 'https://i.vimeocdn.com', ...storage],
    'media-src': ["'self'", 'blob:', ...storage],
    'connect-src': ["'self'", ...storage, ...vimeo, 'https://vimeo.com'],
    'frame-src': [...youtube, ...vimeo],
    'font-src': ["'self'", 'data:'],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(config.env === 'production' ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** The built web app; the not-found handler falls back to its index.html. */
async function serveWeb(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    // Files are looked up when requested (not listed once at start), so a rebuilt web app is
    // served without a restart; misses fall through to the not-found handler (index.html or 404).
    wildcard: true,
    // The build writes .br and .gz beside each text asset (apps/web/vite.config.ts); the one the
    // browser accepts is sent as is, so nothing is compressed per request.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      // Hashed assets never change; index.html must always be fresh so a deploy is picked up.
      res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

function findWebDist(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
    const sibling = path.join(dir, 'web', 'dist');
    if (existsSync(path.join(sibling, 'index.html'))) return sibling;
    dir = path.dirname(dir);
  }
  return null;
}
