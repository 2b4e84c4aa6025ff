import { USER_ERRORS } from '@academy/contracts/auth';
import { TAG_ERRORS } from '@academy/contracts/tags';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { missingIds } from '../../db/exists.ts';
import { appError } from '../../lib/errors.ts';
import { userAccounts } from '../users/index.ts';
import type { TagsDeps } from './tags.deps.ts';
import { tags, userTags } from './tags.table.ts';

/** Which users carry which tags: bulk add/remove from the grid, and a user's whole set (the student form). */
export function createAssignmentService({ ctx }: TagsDeps) {
  const { db, audit } = ctx;

  /** Every id must be a tag; otherwise tags.unknown naming them, on `field`. */
  async function requireIds(opts: { tagIds: readonly number[]; field?: string }): Promise<void> {
    const missing = await missingIds(db, { from: tags, id: tags.id, ids: opts.tagIds });
    if (missing.length) throw appError(TAG_ERRORS.unknown, `존재하지 않는 태그입니다: ${missing.join(', ')}`, { field: opts.field ?? 'tagIds' });
  }

  async function requireUsers(userIds: readonly number[]): Promise<void> {
    const missing = await missingIds(db, { from: userAccounts, id: userAccounts.id, ids: userIds, where: isNull(userAccounts.deletedAt) });
    if (missing.length) throw appError(USER_ERRORS.unknown_ids, `존재하지 않는 사용자입니다: ${missing.slice(0, 20).join(', ')}`, { field: 'userIds' });
  }

  return {
    requireIds,

    /** Replaces a user's tags with exactly these (checked first); not audited here: the caller's change is. */
    async setTagsOf(opts: { userId: number; tagIds: readonly number[] }): Promise<void> {
      await db.delete(userTags).where(eq(userTags.userId, opts.userId));
      if (opts.tagIds.length) await db.insert(userTags).values([...new Set(opts.tagIds)].map((tagId) => ({ userId: opts.userId, tagId })));
    },

    /** Tags many users with many tags; pairs that already exist are left alone. */
    async addToUsers(input: { tagIds: number[]; userIds: number[]; actorId: number }): Promise<{ addedCount: number }> {
      return db.transaction(async () => {
        await requireIds({ tagIds: input.tagIds });
        await requireUsers(input.userIds);
        const pairs = [...new Set(input.userIds)].flatMap((userId) => [...new Set(input.tagIds)].map((tagId) => ({ userId, tagId, createdAt: ctx.now() })));
        const rows = await db.insert(userTags).values(pairs).onConflictDoNothing().returning({ userId: userTags.userId, tagId: userTags.tagId });
        await audit.record(rows.map((r) => ({ actorId: input.actorId, action: 'tag.add_to_user', entity: 'user', entityId: r.userId, after: { tagId: r.tagId } })));
        return { addedCount: rows.length };
      });
    },

    async removeFromUsers(input: { tagIds: number[]; userIds: number[]; actorId: number }): Promise<{ removedCount: number }> {
      return db.transaction(async () => {
        await requireIds({ tagIds: input.tagIds });
        await requireUsers(input.userIds);
        const rows = await db
          .delete(userTags)
          .where(and(inArray(userTags.tagId, input.tagIds), inArray(userTags.userId, input.userIds)))
          .returning({ userId: userTags.userId, tagId: userTags.tagId });
        await audit.record(rows.map((r) => ({ actorId: input.actorId, action: 'tag.remove_from_user', entity: 'user', entityId: r.userId, before: { tagId: r.tagId } })));
        return { removedCount: rows.length };
      });
    },
  };
}
