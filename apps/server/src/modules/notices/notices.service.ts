import type { Notice } from '@academy/contracts/notices';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { userAccounts } from '../users/index.ts';
import { notices } from './notices.table.ts';

type NoticeKey = 'crm' | 'clinic';

/** The two singleton notices: read by staff or students, written by admins, every change audited. */
export function createNoticeService({ ctx }: { ctx: AppContext }) {
  const { db, audit } = ctx;

  async function read(key: NoticeKey): Promise<Notice> {
    const [row] = await db
      .select({ content: notices.content, updatedAt: notices.updatedAt, updatedByName: userAccounts.name })
      .from(notices)
      .leftJoin(userAccounts, eq(userAccounts.id, notices.updatedBy))
      .where(eq(notices.key, key));
    return { content: row?.content ?? '', updatedAt: row?.updatedAt.toISOString() ?? null, updatedByName: row?.updatedByName ?? null };
  }

  return {
    read,
    async write(opts: { key: NoticeKey; content: string; actorId: number }): Promise<Notice> {
      await db.transaction(async () => {
        const [before] = await db.select({ content: notices.content }).from(notices).where(eq(notices.key, opts.key));
        await db
          .insert(notices)
          .values({ key: opts.key, content: opts.content, updatedBy: opts.actorId, updatedAt: ctx.now() })
          .onConflictDoUpdate({ target: notices.key, set: { content: sql`excluded.content`, updatedBy: opts.actorId, updatedAt: ctx.now() } });
        await audit.record({ actorId: opts.actorId, action: 'notice.update', entity: 'notice', entityId: opts.key, before: before ?? null, after: { content: opts.content } });
      });
      return read(opts.key);
    },
  };
}
