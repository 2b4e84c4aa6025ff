import { ERROR_LOG_RATE_PER_MINUTE, READY_ERRORS, SYSTEM_ERRORS, type ErrorLogItem, type errorLogBody } from '@academy/contracts/system';
import { count, desc, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { appError } from '../../lib/errors.ts';
import type { LimitRule } from '../../lib/limits/limits.ts';
import { errorLogs } from './system.table.ts';

/** Client error reports per address: a crash loop in one browser must not fill the table. */
export const ERROR_LOG_LIMIT = { name: 'error-log.minute', free: ERROR_LOG_RATE_PER_MINUTE, windowMs: 60_000 } as const satisfies LimitRule;

/** Health and the client error log (open to anyone, throttled per address; listed for admins). */
export function createSystemService({ ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  return {
    version: () => ctx.config.version,

    /** Liveness: the process answers. It never asks the database, so an outage there does not get every instance restarted. */
    health() {
      return { status: 'ok' as const, db: ctx.databaseKind, version: ctx.config.version };
    },

    /**
     * Readiness: the database answers within 2 s (migrations ran before the server listened) and
     * the instance is not shutting down, so a load balancer sends it requests.
     */
    async ready(opts: { closing: boolean }) {
      if (opts.closing) throw appError(READY_ERRORS.not_ready, '서버가 종료 중입니다');
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref());
      try {
        await Promise.race([db.execute(sql`select 1`), timeout]);
      } catch {
        throw appError(READY_ERRORS.not_ready, '데이터베이스에 연결할 수 없습니다');
      }
      return { status: 'ready' as const, db: ctx.databaseKind, version: ctx.config.version };
    },

    async logError(opts: { report: z.output<typeof errorLogBody>; ip: string; userAgent: string | undefined; userId: number | null }) {
      if (!(await ctx.limits.claim([{ rule: ERROR_LOG_LIMIT, key: opts.ip }])).ok) throw appError(SYSTEM_ERRORS.rate_limited, '오류 기록 요청이 너무 많습니다. 잠시 후 다시 시도해 주세요');
      const b = opts.report;
      await db.insert(errorLogs).values({
        message: b.message,
        stack: b.stack ?? null,
        url: b.url ?? null,
        clientTimestamp: b.timestamp == null ? null : String(b.timestamp),
        userAgent: b.userAgent ?? opts.userAgent?.slice(0, 1000) ?? null,
        userId: opts.userId,
        ip: opts.ip,
        createdAt: ctx.now(),
      });
      return { ok: true as const };
    },

    async errorLogs(opts: { page: number; size: number }): Promise<{ items: ErrorLogItem[]; totalCount: number }> {
      const [rows, [total]] = await Promise.all([
        db.select().from(errorLogs).orderBy(desc(errorLogs.id)).limit(opts.size).offset((opts.page - 1) * opts.size),
        db.select({ n: count() }).from(errorLogs),
      ]);
      return {
        items: rows.map((e) => ({
          id: e.id, message: e.message, stack: e.stack, url: e.url, timestamp: e.clientTimestamp,
          userAgent: e.userAgent, userId: e.userId, ip: e.ip, createdAt: e.createdAt.toISOString(),
        })),
        totalCount: total?.n ?? 0,
      };
    },
  };
}
