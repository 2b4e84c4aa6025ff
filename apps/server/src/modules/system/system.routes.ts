import { sql } from 'drizzle-orm';
import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { tooMany } from '../../lib/errors.ts';
import { errorLogs } from './system.table.ts';

/** Per client address, how many error reports a minute we keep (a crash loop must not fill the disk). */
export const ERROR_LOG_RATE_PER_MINUTE = 30;

const errorLogBody = z.object({
  message: z.string().max(2000).describe('오류 메시지'),
  stack: z.string().max(20000).nullish().describe('스택 트레이스'),
  url: z.string().max(2000).nullish().describe('오류가 난 화면 주소'),
  timestamp: z.union([z.string().max(64), z.number()]).nullish().describe('클라이언트 시각'),
  userAgent: z.string().max(1000).nullish(),
});

const errorLogItem = z.object({
  id: z.number(),
  message: z.string(),
  stack: z.string().nullable(),
  url: z.string().nullable(),
  timestamp: z.string().nullable(),
  userAgent: z.string().nullable(),
  userId: z.number().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});

export function systemRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  r.get('/api/health', {
    config: { permission: 'open' },
    schema: {
      tags: ['system'],
      summary: '서버 상태',
      response: { 200: z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']), version: z.string() }) },
    },
  }, async () => {
    await ctx.db.execute(sql`select 1`);
    return { status: 'ok' as const, db: ctx.databaseKind, version: ctx.config.version };
  });

  r.get('/version.json', {
    config: { permission: 'open' },
    schema: { hide: true, querystring: z.object({ t: z.string().max(40).optional() }).loose(), response: { 200: z.object({ version: z.string() }) } },
  }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache, no-store, must-revalidate').header('pragma', 'no-cache').header('expires', '0');
    return { version: ctx.config.version };
  });

  r.post('/api/error-log/error', {
    config: { permission: 'open' },
    bodyLimit: 64 * 1024,
    schema: { tags: ['system'], summary: '클라이언트 오류 기록', body: errorLogBody, response: { 200: z.object({ ok: z.literal(true) }) } },
  }, async (req) => {
    const since = new Date(ctx.now().getTime() - 60_000);
    const [recent] = await db.select({ n: count() }).from(errorLogs).where(and(eq(errorLogs.ip, req.ip), gt(errorLogs.createdAt, since)));
    if ((recent?.n ?? 0) >= ERROR_LOG_RATE_PER_MINUTE) throw tooMany('error_log.rate_limited', '오류 기록 요청이 너무 많습니다. 잠시 후 다시 시도해 주세요');
    const b = req.body;
    await db.insert(errorLogs).values({
      message: b.message,
      stack: b.stack ?? null,
      url: b.url ?? null,
      clientTimestamp: b.timestamp == null ? null : String(b.timestamp),
      userAgent: b.userAgent ?? req.headers['user-agent']?.slice(0, 1000) ?? null,
      userId: req.user?.userId ?? null,
      ip: req.ip,
      createdAt: ctx.now(),
    });
    return { ok: true as const };
  });

  r.get('/api/admin/error-logs', {
    config: { permission: 'ADMIN' },
    schema: {
      tags: ['system'],
      summary: '클라이언트 오류 목록 (최신순)',
      querystring: z.object({
        page: z.coerce.number().int().min(1).default(1).describe('1부터'),
        size: z.coerce.number().int().min(1).max(200).default(50),
      }),
      response: { 200: z.object({ items: z.array(errorLogItem), totalCount: z.number() }) },
    },
  }, async (req) => {
    const { page, size } = req.query;
    const rows = await db.select().from(errorLogs).orderBy(desc(errorLogs.id)).limit(size).offset((page - 1) * size);
    const [total] = await db.select({ n: count() }).from(errorLogs);
    return {
      items: rows.map((e) => ({
        id: e.id, message: e.message, stack: e.stack, url: e.url, timestamp: e.clientTimestamp,
        userAgent: e.userAgent, userId: e.userId, ip: e.ip, createdAt: e.createdAt.toISOString(),
      })),
      totalCount: total?.n ?? 0,
    };
  });
}
