import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tag } from '@academy/contracts/students';
import type { AppContext } from '../../context.ts';
import { legacyQuery } from '../../db/legacy-query.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../../lib/audit/audit.ts';
import { isUniqueViolation } from '../students/students.service.ts';
import { users } from '../users/users.table.ts';
import { tags, userTags } from './tags.table.ts';

const nameTaken = (name: string | undefined) => conflict('tags.name_taken', `name: 이미 있는 태그 이름입니다: ${name ?? ''}`);

export function createTagsService(ctx: AppContext) {
  const { db } = ctx;

  async function list(): Promise<Tag[]> {
    // Counts only live accounts: a deleted student keeps its tags for a restore but is not counted.
    const rows = await legacyQuery<{ id: number; name: string; color: string; priority: number; user_count: number }>(db, 
      `select t.id, t.name, t.color, t.priority,
              (select count(*)::int from user_tags ut join users u on u.id = ut.user_id where ut.tag_id = t.id and u.deleted_at is null) as user_count
         from tags t order by t.priority, t.id`,
    );
    return rows.map((r) => ({ id: r.id, name: r.name, color: r.color, priority: r.priority, userCount: Number(r.user_count) }));
  }

  async function get(id: number): Promise<Tag> {
    const found = (await list()).find((t) => t.id === id);
    if (!found) throw notFound('tags.not_found', '태그를 찾을 수 없습니다');
    return found;
  }

  async function create(input: { name: string; color: string; actorId: number }): Promise<Tag> {
    let id = 0;
    try {
      await db.transaction(async (tx) => {
        const [dup] = await tx.select({ id: tags.id }).from(tags).where(eq(tags.name, input.name));
        if (dup) throw nameTaken(input.name);
        // New tags go last so the order staff arranged stays as it is.
        const [max] = await tx.select({ p: sql<number>`coalesce(max(${tags.priority}), -1)::int` }).from(tags);
        const [row] = await tx
          .insert(tags)
          .values({ name: input.name, color: input.color, priority: Number(max?.p ?? -1) + 1, createdAt: ctx.now(), updatedAt: ctx.now() })
          .returning({ id: tags.id });
        id = row!.id;
        await recordAudit(tx, { actorId: input.actorId, action: 'tag.create', entity: 'tag', entityId: id, after: { name: input.name, color: input.color } });
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw nameTaken(input.name);
      throw e;
    }
    return get(id);
  }

  async function update(input: { id: number; name?: string; color?: string; actorId: number }): Promise<Tag> {
    const before = await get(input.id);
    try {
      await db.transaction(async (tx) => {
        if (input.name && input.name !== before.name) {
          const [dup] = await tx.select({ id: tags.id }).from(tags).where(eq(tags.name, input.name));
          if (dup) throw nameTaken(input.name);
        }
        await tx
          .update(tags)
          .set({ ...(input.name ? { name: input.name } : {}), ...(input.color ? { color: input.color } : {}), updatedAt: ctx.now() })
          .where(eq(tags.id, input.id));
        await recordAudit(tx, { actorId: input.actorId, action: 'tag.update', entity: 'tag', entityId: input.id, before: { name: before.name, color: before.color }, after: { name: input.name, color: input.color } });
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw nameTaken(input.name);
      throw e;
    }
    return get(input.id);
  }

  async function remove(input: { id: number; actorId: number }): Promise<{ id: number }> {
    const before = await get(input.id);
    await db.transaction(async (tx) => {
      const holders = await tx.select({ userId: userTags.userId }).from(userTags).where(eq(userTags.tagId, input.id));
      await tx.delete(tags).where(eq(tags.id, input.id));
      await recordAudit(tx, { actorId: input.actorId, action: 'tag.delete', entity: 'tag', entityId: input.id, before: { ...before, userIds: holders.map((h) => h.userId) } });
    });
    return { id: input.id };
  }

  /** The full order in one call: every tag id exactly once, first = priority 0. */
  async function updatePriority(input: { tagIds: number[]; actorId: number }): Promise<Tag[]> {
    await db.transaction(async (tx) => {
      const all = await tx.select({ id: tags.id, priority: tags.priority }).from(tags);
      const known = new Set(all.map((t) => t.id));
      const unknown = input.tagIds.filter((id) => !known.has(id));
      if (unknown.length) throw badRequest('tags.unknown', `tagIds: 존재하지 않는 태그입니다: ${unknown.join(', ')}`);
      if (new Set(input.tagIds).size !== input.tagIds.length) throw badRequest('tags.priority_duplicate', 'tagIds: 같은 태그가 두 번 들어 있습니다');
      if (input.tagIds.length !== all.length) {
        throw badRequest('tags.priority_incomplete', `tagIds: 모든 태그(${all.length}개)의 순서를 보내야 합니다. 다른 사람이 태그를 바꿨다면 새로고침해 주세요`);
      }
      await tx.execute(sql`
        update tags set priority = v.ord - 1, updated_at = ${ctx.now()}
          from unnest(${sql.param(input.tagIds)}::int[]) with ordinality as v(id, ord)
         where tags.id = v.id`);
      await recordAudit(tx, { actorId: input.actorId, action: 'tag.update_priority', entity: 'tag', before: all.sort((a, b) => a.priority - b.priority).map((t) => t.id), after: input.tagIds });
    });
    return list();
  }

  async function assertTags(tx: DbOrTx, tagIds: number[]): Promise<void> {
    const found = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, tagIds));
    const known = new Set(found.map((t) => t.id));
    const missing = [...new Set(tagIds)].filter((id) => !known.has(id));
    if (missing.length) throw badRequest('tags.unknown', `tagIds: 존재하지 않는 태그입니다: ${missing.join(', ')}`);
  }

  async function assertUsers(tx: DbOrTx, userIds: number[]): Promise<void> {
    const ids = [...new Set(userIds)];
    const found = await tx.select({ id: users.id }).from(users).where(and(inArray(users.id, ids), isNull(users.deletedAt)));
    const known = new Set(found.map((u) => u.id));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length) throw badRequest('users.unknown_ids', `userIds: 존재하지 않는 사용자입니다: ${missing.slice(0, 20).join(', ')}`);
  }

  /** Tags many users with many tags; pairs that already exist are left alone. */
  async function addToUsers(input: { tagIds: number[]; userIds: number[]; actorId: number }): Promise<{ addedCount: number }> {
    let added = 0;
    await db.transaction(async (tx) => {
      await assertTags(tx, input.tagIds);
      await assertUsers(tx, input.userIds);
      const pairs = [...new Set(input.userIds)].flatMap((userId) => [...new Set(input.tagIds)].map((tagId) => ({ userId, tagId, createdAt: ctx.now() })));
      const rows = await tx.insert(userTags).values(pairs).onConflictDoNothing().returning({ userId: userTags.userId, tagId: userTags.tagId });
      added = rows.length;
      await recordAudit(tx, rows.map((r) => ({ actorId: input.actorId, action: 'tag.add_to_user', entity: 'user', entityId: r.userId, after: { tagId: r.tagId } })));
    });
    return { addedCount: added };
  }

  async function removeFromUsers(input: { tagIds: number[]; userIds: number[]; actorId: number }): Promise<{ removedCount: number }> {
    let removed = 0;
    await db.transaction(async (tx) => {
      await assertTags(tx, input.tagIds);
      await assertUsers(tx, input.userIds);
      const rows = await tx
        .delete(userTags)
        .where(and(inArray(userTags.tagId, input.tagIds), inArray(userTags.userId, input.userIds)))
        .returning({ userId: userTags.userId, tagId: userTags.tagId });
      removed = rows.length;
      await recordAudit(tx, rows.map((r) => ({ actorId: input.actorId, action: 'tag.remove_from_user', entity: 'user', entityId: r.userId, before: { tagId: r.tagId } })));
    });
    return { removedCount: removed };
  }

  return { list, get, create, update, remove, updatePriority, addToUsers, removeFromUsers };
}
