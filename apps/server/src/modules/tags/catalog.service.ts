import { TAG_ERRORS, type Tag } from '@academy/contracts/tags';
import { asc, eq, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { appError } from '../../lib/errors.ts';
import type { TagsDeps } from './tags.deps.ts';
import { userCountOf } from './tags.sql.ts';
import { tags, userTags } from './tags.table.ts';

const nameTaken = (name: string | undefined) => appError(TAG_ERRORS.name_taken, `이미 있는 태그 이름입니다: ${name ?? ''}`, { field: 'name' });

/** The tags themselves: list in display order, create (last), rename/recolour, delete, reorder. */
export function createCatalogService({ ctx }: TagsDeps) {
  const { db, audit } = ctx;

  async function list(): Promise<Tag[]> {
    const rows = await db
      .select({ id: tags.id, name: tags.name, color: tags.color, priority: tags.priority, userCount: userCountOf(tags.id) })
      .from(tags)
      .orderBy(asc(tags.priority), asc(tags.id));
    return rows.map((r) => ({ ...r, userCount: Number(r.userCount) }));
  }

  async function get(id: number): Promise<Tag> {
    const found = (await list()).find((t) => t.id === id);
    if (!found) throw appError(TAG_ERRORS.not_found, '태그를 찾을 수 없습니다');
    return found;
  }

  /** Runs a write that may hit the unique name; a race past the check answers like the check. */
  async function guardName<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (e) {
      if (isUniqueViolation(e)) throw nameTaken(name);
      throw e;
    }
  }

  return {
    list,
    get,

    async create(input: { name: string; color: string; actorId: number }): Promise<Tag> {
      const id = await guardName(input.name, () =>
        db.transaction(async () => {
          const [dup] = await db.select({ id: tags.id }).from(tags).where(eq(tags.name, input.name));
          if (dup) throw nameTaken(input.name);
          // New tags go last so the order staff arranged stays as it is.
          const [max] = await db.select({ p: sql<number>`coalesce(max(${tags.priority}), -1)::int` }).from(tags);
          const [row] = await db
            .insert(tags)
            .values({ name: input.name, color: input.color, priority: Number(max?.p ?? -1) + 1, createdAt: ctx.now(), updatedAt: ctx.now() })
            .returning({ id: tags.id });
          await audit.record({ actorId: input.actorId, action: 'tag.create', entity: 'tag', entityId: row!.id, after: { name: input.name, color: input.color } });
          return row!.id;
        }),
      );
      return get(id);
    },

    async update(input: { id: number; name?: string; color?: string; actorId: number }): Promise<Tag> {
      const before = await get(input.id);
      await guardName(input.name, () =>
        db.transaction(async () => {
          if (input.name && input.name !== before.name) {
            const [dup] = await db.select({ id: tags.id }).from(tags).where(eq(tags.name, input.name));
            if (dup) throw nameTaken(input.name);
          }
          await db
            .update(tags)
            .set({ ...(input.name ? { name: input.name } : {}), ...(input.color ? { color: input.color } : {}), updatedAt: ctx.now() })
            .where(eq(tags.id, input.id));
          await audit.record({ actorId: input.actorId, action: 'tag.update', entity: 'tag', entityId: input.id, before: { name: before.name, color: before.color }, after: { name: input.name, color: input.color } });
        }),
      );
      return get(input.id);
    },

    /** Deletes a tag; it falls off everyone (the audit keeps who had it). */
    async remove(input: { id: number; actorId: number }): Promise<{ id: number }> {
      const before = await get(input.id);
      await db.transaction(async () => {
        const holders = await db.select({ userId: userTags.userId }).from(userTags).where(eq(userTags.tagId, input.id));
        await db.delete(tags).where(eq(tags.id, input.id));
        await audit.record({ actorId: input.actorId, action: 'tag.delete', entity: 'tag', entityId: input.id, before: { ...before, userIds: holders.map((h) => h.userId) } });
      });
      return { id: input.id };
    },

    /** The full order in one call: every tag id exactly once, first = priority 0. */
    async updatePriority(input: { tagIds: number[]; actorId: number }): Promise<Tag[]> {
      await db.transaction(async () => {
        const all = await db.select({ id: tags.id, priority: tags.priority }).from(tags);
        const known = new Set(all.map((t) => t.id));
        const unknown = input.tagIds.filter((id) => !known.has(id));
        if (unknown.length) throw appError(TAG_ERRORS.unknown, `존재하지 않는 태그입니다: ${unknown.join(', ')}`, { field: 'tagIds' });
        if (new Set(input.tagIds).size !== input.tagIds.length) throw appError(TAG_ERRORS.priority_duplicate, '같은 태그가 두 번 들어 있습니다', { field: 'tagIds' });
        if (input.tagIds.length !== all.length) {
          throw appError(TAG_ERRORS.priority_incomplete, `모든 태그(${all.length}개)의 순서를 보내야 합니다. 다른 사람이 태그를 바꿨다면 새로고침해 주세요`, { field: 'tagIds' });
        }
        await db.execute(sql`
          update ${tags} set ${sql.identifier(tags.priority.name)} = v.ord - 1, ${sql.identifier(tags.updatedAt.name)} = ${ctx.now()}
            from unnest(${sql.param(input.tagIds)}::int[]) with ordinality as v(id, ord)
           where ${tags.id} = v.id`);
        await audit.record({ actorId: input.actorId, action: 'tag.update_priority', entity: 'tag', before: all.sort((a, b) => a.priority - b.priority).map((t) => t.id), after: input.tagIds });
      });
      return list();
    },
  };
}
