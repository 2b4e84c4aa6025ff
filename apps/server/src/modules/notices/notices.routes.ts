import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../plugins/auth.ts';
import { recordAudit } from '../../lib/audit/audit.ts';
import { users } from '../users/users.table.ts';
import { notices } from './notices.table.ts';

const noticeReply = z.object({
  content: z.string(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
const noticeBody = z.object({ content: z.string().max(20000).describe('공지 본문 (줄바꿈 유지)') });

type NoticeKey = 'crm' | 'clinic';

export function noticeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  async function read(key: NoticeKey) {
    const [row] = await db
      .select({ content: notices.content, updatedAt: notices.updatedAt, updatedByName: users.name })
      .from(notices)
      .leftJoin(users, eq(users.id, notices.updatedBy))
      .where(eq(notices.key, key));
    return { content: row?.content ?? '', updatedAt: row?.updatedAt.toISOString() ?? null, updatedByName: row?.updatedByName ?? null };
  }

  async function write(key: NoticeKey, content: string, actorId: number) {
    await db.transaction(async (tx) => {
      const [before] = await tx.select({ content: notices.content }).from(notices).where(eq(notices.key, key));
      await tx
        .insert(notices)
        .values({ key, content, updatedBy: actorId, updatedAt: ctx.now() })
        .onConflictDoUpdate({ target: notices.key, set: { content: sql`excluded.content`, updatedBy: actorId, updatedAt: ctx.now() } });
      await recordAudit(tx, { actorId, action: 'notice.update', entity: 'notice', entityId: key, before: before ?? null, after: { content } });
    });
    return read(key);
  }

  r.get('/api/notice', {
    config: { permission: 'TA' },
    schema: { tags: ['notice'], summary: '직원 공지 (조교 첫 화면)', response: { 200: noticeReply } },
  }, () => read('crm'));

  r.put('/api/admin/notice', {
    config: { permission: 'ADMIN' },
    schema: { tags: ['notice'], summary: '직원 공지 수정', body: noticeBody, response: { 200: noticeReply } },
  }, (req) => write('crm', req.body.content, requireUser(req).userId));

  r.get('/api/clinic-notice', {
    config: { permission: 'STUDENT' },
    schema: { tags: ['notice'], summary: '클리닉 안내 (예약 화면에 표시)', response: { 200: noticeReply } },
  }, () => read('clinic'));

  r.put('/api/admin/clinic-notice', {
    config: { permission: 'ADMIN' },
    schema: { tags: ['notice'], summary: '클리닉 안내 수정', body: noticeBody, response: { 200: noticeReply } },
  }, (req) => write('clinic', req.body.content, requireUser(req).userId));
}
