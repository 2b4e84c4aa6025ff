import { ERROR_LOG_RATE_PER_MINUTE, SYSTEM_ERRORS, type ErrorLogItem, type errorLogBody } from '@academy/contracts/system';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { appError } from '../../lib/errors.ts';
import { errorLogs } from './system.table.ts';

/** Health and the client error log (open to anyone, throttled per address; listed for admins). */
export function createSystemService({ ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  return {
    version: () => ctx.config.version,

    async health() {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const, db: ctx.databaseKind, version: ctx.config.version };
    },

    async logError(opts: { report: z.output<typeof errorLogBody>; ip: string; userAgent: string | undefined; userId: number | null }) {
      const since = new Date(ctx.now().getTime() - 60_000);
      const [recent] = await db.select({ n: count() }).from(errorLogs).where(and(eq(errorLogs.ip, opts.ip), gt(errorLogs.createdAt, since)));
      if ((recent?.n ?? 0) >= ERROR_LOG_RATE_PER_MINUTE) throw appError(SYSTEM_ERRORS.rate_limited, '오류 기록 요청이 너무 많습니다. 잠시 후 다시 시도해 주세요');
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
