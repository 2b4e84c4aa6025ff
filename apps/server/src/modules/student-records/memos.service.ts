import { MEMO_ERRORS, type Memo } from '@academy/contracts/student-records';
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { appError } from '../../lib/errors.ts';
import { userAccounts } from '../users/index.ts';
import type { StudentRecordsDeps } from './student-records.deps.ts';
import { studentMemos } from './student-records.table.ts';

const authors = alias(userAccounts, 'authors');

/** Staff memos on a student: pinned first (most recently pinned on top), then newest. */
export function createMemoService({ ctx, students }: StudentRecordsDeps) {
  const { db, audit } = ctx;

  async function list(studentId: number): Promise<Memo[]> {
    await students.requireLive(studentId);
    const rows = await db
      .select({ m: studentMemos, createdByName: authors.name })
      .from(studentMemos)
      .leftJoin(authors, eq(authors.id, studentMemos.createdBy))
      .where(eq(studentMemos.studentId, studentId))
      .orderBy(desc(studentMemos.isPinned), sql`${studentMemos.pinnedAt} desc nulls last`, desc(studentMemos.createdAt), desc(studentMemos.id));
    return rows.map(({ m, createdByName }) => ({
      id: m.id,
      studentId: m.studentId,
      content: m.content,
      isPinned: m.isPinned,
      pinnedAt: m.pinnedAt?.toISOString() ?? null,
      createdByName,
      createdAt: m.createdAt.toISOString(),
      updatedAt: m.updatedAt.toISOString(),
    }));
  }

  async function get(opts: { studentId: number; memoId: number }): Promise<Memo> {
    const found = (await list(opts.studentId)).find((m) => m.id === opts.memoId);
    if (!found) throw appError(MEMO_ERRORS.not_found, '메모를 찾을 수 없습니다');
    return found;
  }

  return {
    list,

    async create(input: { studentId: number; content: string; actorId: number }): Promise<Memo> {
      await students.requireLive(input.studentId);
      const id = await db.transaction(async () => {
        const [row] = await db
          .insert(studentMemos)
          .values({ studentId: input.studentId, content: input.content, createdBy: input.actorId, createdAt: ctx.now(), updatedAt: ctx.now() })
          .returning({ id: studentMemos.id });
        await audit.record({ actorId: input.actorId, action: 'memo.create', entity: 'student_memo', entityId: row!.id, after: { studentId: input.studentId, content: input.content } });
        return row!.id;
      });
      return get({ studentId: input.studentId, memoId: id });
    },

    async update(input: { studentId: number; memoId: number; content: string; actorId: number }): Promise<Memo> {
      const before = await get(input);
      await db.transaction(async () => {
        await db.update(studentMemos).set({ content: input.content, updatedAt: ctx.now() }).where(eq(studentMemos.id, input.memoId));
        await audit.record({ actorId: input.actorId, action: 'memo.update', entity: 'student_memo', entityId: input.memoId, before: { content: before.content }, after: { content: input.content } });
      });
      return get(input);
    },

    /** Pins or unpins; answers the whole list in its new order. */
    async pin(input: { studentId: number; memoId: number; pinned: boolean; actorId: number }): Promise<Memo[]> {
      const before = await get(input);
      await db.transaction(async () => {
        await db
          .update(studentMemos)
          .set({ isPinned: input.pinned, pinnedAt: input.pinned ? ctx.now() : null, updatedAt: ctx.now() })
          .where(eq(studentMemos.id, input.memoId));
        await audit.record({ actorId: input.actorId, action: input.pinned ? 'memo.pin' : 'memo.unpin', entity: 'student_memo', entityId: input.memoId, before: { isPinned: before.isPinned }, after: { isPinned: input.pinned } });
      });
      return list(input.studentId);
    },

    async remove(input: { studentId: number; memoId: number; actorId: number }): Promise<{ id: number }> {
      const before = await get(input);
      await db.transaction(async () => {
        await db.delete(studentMemos).where(eq(studentMemos.id, input.memoId));
        await audit.record({ actorId: input.actorId, action: 'memo.delete', entity: 'student_memo', entityId: input.memoId, before });
      });
      return { id: input.memoId };
    },
  };
}
