import { BOARD_ERRORS, type BoardAnswer } from '@academy/contracts/board';
import { eq, sql } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import type { BoardDeps } from './board.deps.ts';
import { recountBoard } from './counters.ts';
import { boardAnswers, boardPosts } from './board.table.ts';
import type { PostService } from './posts.service.ts';

/**
 * Staff answers. An answer can tell the writer by SMS: a visitor at the phone they left, a
 * student at their account's phone; the text links to the post (a 비밀글 asks for its password).
 */
export function createAnswerService(deps: BoardDeps & { posts: PostService }) {
  const { ctx, users, posts } = deps;
  const { db } = ctx;

  async function requireAnswer(id: number) {
    const [row] = await db.select().from(boardAnswers).where(eq(boardAnswers.id, id));
    if (!row) throw appError(BOARD_ERRORS.answer_not_found, '답변을 찾을 수 없습니다');
    return row;
  }

  const reply = async (a: typeof boardAnswers.$inferSelect): Promise<BoardAnswer> => ({
    id: a.id, body: a.body, authorName: (await users.directory([a.authorId])).get(a.authorId)?.name ?? '', createdAt: a.createdAt.toISOString(), updatedAt: a.updatedAt.toISOString(), smsQueued: a.smsMessageId !== null,
  });

  return {
    async create(opts: { postId: number; body: string; notifySms: boolean; actorId: number; origin: string }): Promise<BoardAnswer> {
      const post = await posts.require(opts.postId);
      const phone = !opts.notifySms ? null : post.authorType === 'visitor' ? post.authorPhone : post.authorUserId !== null ? ((await users.directory([post.authorUserId])).get(post.authorUserId)?.phone ?? null) : null;
      const answer = await db.transaction(async () => {
        const [row] = await db.insert(boardAnswers).values({ postId: post.id, body: opts.body, authorId: opts.actorId, createdAt: ctx.now(), updatedAt: ctx.now() }).returning();
        await db.update(boardPosts).set({ answerCount: sql`${boardPosts.answerCount} + 1` }).where(eq(boardPosts.id, post.id));
        let smsMessageId: number | null = null;
        if (phone) {
          const title = [...post.title].length > 20 ? `${[...post.title].slice(0, 20).join('')}…` : post.title;
          const queued = await ctx.sms.queue({
            toPhone: phone,
            body: `게시판에 남기신 글 '${title}'에 답변이 등록되었습니다.\n${opts.origin}/board/${post.id}`,
            signed: true,
            purpose: 'board_answer',
            audience: post.authorType === 'student' ? 'student' : 'other',
            userId: post.authorType === 'student' ? post.authorUserId : null,
            createdBy: opts.actorId,
            key: `board_answer:${row!.id}`,
          });
          smsMessageId = queued?.id ?? null;
          if (smsMessageId !== null) await db.update(boardAnswers).set({ smsMessageId }).where(eq(boardAnswers.id, row!.id));
        }
        await ctx.audit.record({ actorId: opts.actorId, action: 'board.answer_create', entity: 'board_answer', entityId: row!.id, after: { postId: post.id, body: opts.body, smsPhone: phone } });
        await recountBoard(db);
        return { ...row!, smsMessageId };
      });
      return reply(answer);
    },

    async update(opts: { id: number; body: string; actorId: number }): Promise<BoardAnswer> {
      const before = await requireAnswer(opts.id);
      const updated = await db.transaction(async () => {
        const [row] = await db.update(boardAnswers).set({ body: opts.body, updatedAt: ctx.now() }).where(eq(boardAnswers.id, opts.id)).returning();
        await ctx.audit.record({ actorId: opts.actorId, action: 'board.answer_update', entity: 'board_answer', entityId: opts.id, before: { body: before.body }, after: { body: opts.body } });
        return row!;
      });
      return reply(updated);
    },

    async remove(opts: { id: number; actorId: number }): Promise<{ id: number }> {
      const before = await requireAnswer(opts.id);
      await db.transaction(async () => {
        await db.delete(boardAnswers).where(eq(boardAnswers.id, opts.id));
        await db.update(boardPosts).set({ answerCount: sql`greatest(${boardPosts.answerCount} - 1, 0)` }).where(eq(boardPosts.id, before.postId));
        await ctx.audit.record({ actorId: opts.actorId, action: 'board.answer_delete', entity: 'board_answer', entityId: opts.id, before: { postId: before.postId, body: before.body } });
        await recountBoard(db);
      });
      return { id: opts.id };
    },
  };
}
