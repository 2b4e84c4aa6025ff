import { BOARD_ERRORS, maskName, type BoardList, type BoardPost, type BoardPostSummary, type createPostBody, type updatePostBody } from '@academy/contracts/board';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, max, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { appError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { AttachmentService } from './attachments.service.ts';
import type { BoardDeps, Viewer } from './board.deps.ts';
import { boardAnswers, boardPosts } from './board.table.ts';
import { boardTotals, recountBoard } from './counters.ts';
import { isStaff, type Guard } from './guard.ts';

type PostRow = typeof boardPosts.$inferSelect;

/** What a list row needs (no body, no password hash): a page reads little. */
const listColumns = {
  id: boardPosts.id, kind: boardPosts.kind, title: boardPosts.title, secret: boardPosts.secret, authorType: boardPosts.authorType, authorUserId: boardPosts.authorUserId,
  authorName: boardPosts.authorName, createdAt: boardPosts.createdAt, answerCount: boardPosts.answerCount, attachmentCount: boardPosts.attachmentCount, viewCount: boardPosts.viewCount,
};
type ListRow = Pick<PostRow, keyof typeof listColumns>;

const notFound = () => appError(BOARD_ERRORS.not_found, '글을 찾을 수 없습니다. 지워졌거나 없는 글입니다');

/**
 * Posts of the public board. Who may read a 비밀글: its student author (session), staff, and
 * whoever gives its password (visitors). Who may change a post: a visitor with the password, a
 * student who wrote it, staff for notices; staff may delete anything. Names are shown masked on
 * the public board, whole to staff, and a visitor's phone only to staff.
 */
export function createPostService(deps: BoardDeps & { guard: Guard; attachments: AttachmentService }) {
  const { ctx, users, sms, guard, attachments } = deps;
  const { db } = ctx;

  const own = (post: ListRow, v: Viewer) => post.authorType === 'student' && !!v.user && post.authorUserId === v.user.userId;
  const canRead = (post: ListRow, v: Viewer) => !post.secret || isStaff(v) || own(post, v);
  /** `canRead` as a condition on the rows. */
  const readableBy = (v: Viewer): SQL | undefined =>
    isStaff(v) ? undefined : v.user ? or(eq(boardPosts.secret, false), and(eq(boardPosts.authorType, 'student'), eq(boardPosts.authorUserId, v.user.userId))) : eq(boardPosts.secret, false);

  async function require(id: number): Promise<PostRow> {
    const [row] = await db.select().from(boardPosts).where(and(eq(boardPosts.id, id), isNull(boardPosts.deletedAt)));
    if (!row) throw notFound();
    return row;
  }

  function summary(post: ListRow, v: Viewer, centerName: string): BoardPostSummary {
    const locked = !canRead(post, v);
    const authorName = post.authorType === 'staff' ? centerName : isStaff(v) ? post.authorName : maskName(post.authorName);
    return {
      id: post.id, kind: post.kind, title: locked ? '비밀글입니다' : post.title, secret: post.secret, locked, authorName, authorType: post.authorType,
      createdAt: post.createdAt.toISOString(), answerCount: post.answerCount, attachmentCount: post.attachmentCount, viewCount: post.viewCount,
    };
  }

  async function full(post: PostRow, v: Viewer): Promise<BoardPost> {
    const centerName = await sms.senderName();
    const [answers, files] = await Promise.all([
      db.select().from(boardAnswers).where(eq(boardAnswers.postId, post.id)).orderBy(asc(boardAnswers.id)),
      attachments.of(post.id),
    ]);
    const staffNames = isStaff(v) ? await users.directory(answers.map((a) => a.authorId)) : new Map<number, { name: string }>();
    return {
      ...summary(post, v, centerName),
      title: post.title,
      locked: false,
      body: post.body,
      updatedAt: post.updatedAt.toISOString(),
      attachments: files,
      answers: answers.map((a) => ({
        id: a.id, body: a.body, authorName: staffNames.get(a.authorId)?.name ?? centerName, createdAt: a.createdAt.toISOString(), updatedAt: a.updatedAt.toISOString(), smsQueued: a.smsMessageId !== null,
      })),
      canEdit: isStaff(v) || own(post, v),
      contact: isStaff(v) ? { name: post.authorName, phone: post.authorPhone } : null,
    };
  }

  /** A visitor's post needs its password; a wrong one is counted against the address. */
  async function checkPassword(post: PostRow, v: Viewer, password: string | undefined) {
    if (!post.passwordHash) throw appError(BOARD_ERRORS.forbidden, '이 글은 쓴 사람만 로그인해서 고칠 수 있습니다');
    const hash = post.passwordHash;
    if (!(await guard.checkPassword(v, async () => !!password && verifyPassword(hash, password)))) {
      throw appError(BOARD_ERRORS.wrong_password, '비밀번호가 맞지 않습니다', { field: 'password' });
    }
  }

  /** May this viewer change the post (with this password)? Staff change notices only; a student their own; a visitor by password. */
  async function authorizeEdit(post: PostRow, v: Viewer, password: string | undefined) {
    if (isStaff(v)) {
      if (post.authorType !== 'staff') throw appError(BOARD_ERRORS.forbidden, '직원은 다른 사람의 글을 고칠 수 없습니다 (지우기만 할 수 있습니다)');
      return;
    }
    if (own(post, v)) return;
    if (post.authorType === 'visitor') return checkPassword(post, v, password);
    throw appError(BOARD_ERRORS.forbidden, '쓴 사람만 고칠 수 있습니다');
  }

  return {
    async list(opts: { viewer: Viewer; page: number; size: number; q?: string; status?: 'answered' | 'unanswered' }): Promise<BoardList> {
      const where: SQL[] = [isNull(boardPosts.deletedAt), isNull(boardPosts.sortOrder)];
      // A 비밀글's title is matched only for those who may read it (issue 34 item 7: an anonymous
      // client rebuilt a hidden title letter by letter from which searches found it).
      if (opts.q) where.push(and(ilike(boardPosts.title, `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`), readableBy(opts.viewer))!);
      if (opts.status === 'answered') where.push(gt(boardPosts.answerCount, 0));
      if (opts.status === 'unanswered') where.push(and(eq(boardPosts.kind, 'question'), eq(boardPosts.answerCount, 0))!);
      const firstPlain = opts.page === 1 && !opts.q && !opts.status;
      // The unfiltered list and the unanswered questions read their totals from the counters; a search counts.
      const counted = !opts.q && opts.status !== 'answered';
      const [rows, total, pinned, centerName] = await Promise.all([
        db.select(listColumns).from(boardPosts).where(and(...where)).orderBy(desc(boardPosts.createdAt), desc(boardPosts.id)).limit(opts.size).offset((opts.page - 1) * opts.size),
        counted
          ? boardTotals(db).then((t) => (opts.status === 'unanswered' ? t.unanswered : t.live))
          : db.select({ n: count() }).from(boardPosts).where(and(...where)).then(([r]) => r?.n ?? 0),
        firstPlain ? db.select(listColumns).from(boardPosts).where(and(isNull(boardPosts.deletedAt), isNotNull(boardPosts.sortOrder))).orderBy(asc(boardPosts.sortOrder)) : Promise.resolve([]),
        sms.senderName(),
      ]);
      return { notices: pinned.map((p) => summary(p, opts.viewer, centerName)), items: rows.map((p) => summary(p, opts.viewer, centerName)), totalCount: total };
    },

    /** A post; someone else's 비밀글 answers 403 `board.secret` (a visitor opens theirs with `unlock`). */
    async get(opts: { id: number; viewer: Viewer }): Promise<BoardPost> {
      const post = await require(opts.id);
      if (!canRead(post, opts.viewer)) throw appError(BOARD_ERRORS.secret, '비밀글입니다. 글을 쓸 때 정한 비밀번호를 입력해 주세요');
      if (!isStaff(opts.viewer)) await db.update(boardPosts).set({ viewCount: sql`${boardPosts.viewCount} + 1` }).where(eq(boardPosts.id, post.id));
      return full({ ...post, viewCount: post.viewCount + (isStaff(opts.viewer) ? 0 : 1) }, opts.viewer);
    },

    async unlock(opts: { id: number; password: string; viewer: Viewer }): Promise<BoardPost> {
      const post = await require(opts.id);
      if (canRead(post, opts.viewer)) return full(post, opts.viewer);
      await checkPassword(post, opts.viewer, opts.password);
      return full(post, opts.viewer);
    },

    async create(opts: { viewer: Viewer; input: z.output<typeof createPostBody> }): Promise<BoardPost> {
      const { viewer: v, input } = opts;
      await guard.post(v, { text: `${input.title}\n${input.body}`, honeypot: input.website });
      const staff = isStaff(v);
      if (input.notice && !staff) throw appError(BOARD_ERRORS.forbidden, '공지는 직원만 쓸 수 있습니다', { field: 'notice' });
      let author: Pick<PostRow, 'authorType' | 'authorUserId' | 'authorName' | 'authorPhone' | 'phoneConsentAt' | 'passwordHash'>;
      if (v.user) {
        const account = (await users.directory([v.user.userId])).get(v.user.userId);
        author = { authorType: staff ? 'staff' : 'student', authorUserId: v.user.userId, authorName: account?.name ?? '', authorPhone: null, phoneConsentAt: null, passwordHash: null };
      } else {
        if (!input.name) throw appError(BOARD_ERRORS.rejected, '이름을 입력해 주세요', { field: 'name' });
        if (!input.password) throw appError(BOARD_ERRORS.rejected, '나중에 고치거나 지울 때 쓸 비밀번호를 입력해 주세요', { field: 'password' });
        if (input.phone && input.privacyConsent !== true) {
          throw appError(BOARD_ERRORS.rejected, '번호를 남기려면 동의해 주세요', { field: 'privacyConsent' });
        }
        const phone = input.phone ?? null;
        author = { authorType: 'visitor', authorUserId: null, authorName: input.name, authorPhone: phone, phoneConsentAt: phone ? ctx.now() : null, passwordHash: await hashPassword(input.password) };
      }
      const post = await db.transaction(async () => {
        let sortOrder: number | null = null;
        if (staff && input.notice) {
          const [m] = await db.select({ m: max(boardPosts.sortOrder) }).from(boardPosts).where(isNull(boardPosts.deletedAt));
          sortOrder = (m?.m ?? 0) + 1;
        }
        const [row] = await db
          .insert(boardPosts)
          .values({
            kind: staff ? 'notice' : 'question', title: input.title, body: input.body, secret: !staff && input.secret, ...author, sortOrder,
            ip: v.ip, createdAt: ctx.now(), updatedAt: ctx.now(),
          })
          .returning();
        const attached = await attachments.set({ postId: row!.id, refs: input.attachments });
        if (attached) await db.update(boardPosts).set({ attachmentCount: attached }).where(eq(boardPosts.id, row!.id));
        await ctx.audit.record({ actorId: v.user?.userId ?? null, action: 'board.post_create', entity: 'board_post', entityId: row!.id, after: { title: input.title, secret: row!.secret, authorType: author.authorType, ip: v.ip } });
        await recountBoard(db);
        return { ...row!, attachmentCount: attached };
      });
      return full(post, v);
    },

    async update(opts: { id: number; viewer: Viewer; input: z.output<typeof updatePostBody> }): Promise<BoardPost> {
      const { viewer: v, input } = opts;
      const post = await require(opts.id);
      await authorizeEdit(post, v, input.password);
      if (!isStaff(v)) await guard.post(v, { text: `${input.title}\n${input.body}`, honeypot: undefined });
      const updated = await db.transaction(async () => {
        const attached = await attachments.set({ postId: post.id, refs: input.attachments });
        const [row] = await db
          .update(boardPosts)
          .set({ title: input.title, body: input.body, secret: post.kind === 'question' && input.secret, attachmentCount: attached, updatedAt: ctx.now() })
          .where(eq(boardPosts.id, post.id))
          .returning();
        await ctx.audit.record({ actorId: v.user?.userId ?? null, action: 'board.post_update', entity: 'board_post', entityId: post.id, before: { title: post.title, body: post.body, secret: post.secret }, after: { title: input.title, body: input.body, secret: row!.secret, ip: v.ip } });
        return row!;
      });
      return full(updated, v);
    },

    async remove(opts: { id: number; viewer: Viewer; password?: string }): Promise<{ id: number }> {
      const post = await require(opts.id);
      if (!isStaff(opts.viewer)) await authorizeEdit(post, opts.viewer, opts.password);
      await db.transaction(async () => {
        await db.update(boardPosts).set({ deletedAt: ctx.now(), sortOrder: null, authorPhone: null }).where(eq(boardPosts.id, post.id));
        await ctx.audit.record({ actorId: opts.viewer.user?.userId ?? null, action: 'board.post_delete', entity: 'board_post', entityId: post.id, before: { title: post.title, body: post.body, authorName: post.authorName }, after: { ip: opts.viewer.ip } });
        await recountBoard(db);
      });
      await attachments.removeOf(post.id);
      return { id: post.id };
    },

    /** Pins these notices in this order; notices left out are unpinned. */
    async sortOrder(opts: { ids: number[]; actorId: number }): Promise<{ updated: number }> {
      return db.transaction(async () => {
        const rows = opts.ids.length ? await db.select().from(boardPosts).where(and(isNull(boardPosts.deletedAt), inArray(boardPosts.id, opts.ids))) : [];
        const wrong = opts.ids.filter((id) => !rows.some((r) => r.id === id && r.kind === 'notice'));
        if (wrong.length) throw appError(BOARD_ERRORS.not_found, `공지가 아닌 글이 있습니다 (ID ${wrong.join(', ')})`, { field: 'ids' });
        await db.update(boardPosts).set({ sortOrder: null }).where(and(isNotNull(boardPosts.sortOrder), opts.ids.length ? notInArray(boardPosts.id, opts.ids) : undefined));
        for (const [i, id] of opts.ids.entries()) await db.update(boardPosts).set({ sortOrder: i + 1 }).where(eq(boardPosts.id, id));
        await ctx.audit.record({ actorId: opts.actorId, action: 'board.sort_order', entity: 'board', entityId: null, after: { ids: opts.ids } });
        await recountBoard(db);
        return { updated: opts.ids.length };
      });
    },

    require,
  };
}

export type PostService = ReturnType<typeof createPostService>;
