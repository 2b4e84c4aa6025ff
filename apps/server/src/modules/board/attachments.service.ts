import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { BOARD_ERRORS } from '@academy/contracts/board';
import { asc, eq, inArray, lt } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import type { BoardDeps, Viewer } from './board.deps.ts';
import { boardAttachments, boardUploads } from './board.table.ts';
import type { Guard } from './guard.ts';

const hash = (ticket: string) => createHash('sha256').update(ticket).digest();
const DAY_MS = 86_400_000;

/**
 * Attachments, on the files module's flow (signed PUT, then the byte check). Whoever starts an
 * upload gets a ticket (a random secret, stored hashed): only with it can the upload be completed
 * and put on a post, so nobody can attach a file someone else uploaded. Uploads never put on a
 * post are removed after a day.
 */
export function createAttachmentService(deps: BoardDeps & { guard: Guard }) {
  const { ctx, files, guard } = deps;
  const { db } = ctx;

  async function checkTicket(fileId: number, ticket: string | undefined) {
    const [row] = await db.select().from(boardUploads).where(eq(boardUploads.fileId, fileId));
    const given = ticket ? hash(ticket) : null;
    if (!row || !given || !timingSafeEqual(Buffer.from(row.ticketHash, 'hex'), given)) {
      throw appError(BOARD_ERRORS.attachment_invalid, '첨부 파일을 다시 올려 주세요 (올린 사람만 붙일 수 있습니다)', { field: 'attachments' });
    }
  }

  return {
    async start(opts: { viewer: Viewer; fileName: string; fileSize: number }) {
      await guard.upload(opts.viewer);
      const started = await files.boardFiles.start({ ownerId: opts.viewer.user?.userId ?? null, fileName: opts.fileName, fileSize: opts.fileSize });
      const ticket = randomBytes(24).toString('base64url');
      await db.insert(boardUploads).values({ fileId: started.file.id, ticketHash: hash(ticket).toString('hex'), ip: opts.viewer.ip, createdAt: ctx.now() });
      const { available: _available, ...file } = started.file;
      return { ...started, file, ticket };
    },

    async done(opts: { fileId: number; sha256: string; ticket: string; viewer: Viewer }) {
      await checkTicket(opts.fileId, opts.ticket);
      const { available: _available, ...file } = await files.boardFiles.confirm({ fileId: opts.fileId, sha256: opts.sha256, actorId: opts.viewer.user?.userId ?? null });
      return file;
    },

    /**
     * Sets a post's attachments to `refs` (in order): kept ones by id, new ones with their ticket
     * (checked, and the upload then belongs to the post). Files dropped from the post are removed.
     */
    async set(opts: { postId: number; refs: { fileId: number; ticket?: string }[] }): Promise<number> {
      const current = await db.select().from(boardAttachments).where(eq(boardAttachments.postId, opts.postId));
      const kept = new Set(current.map((c) => c.fileId));
      const fresh = opts.refs.filter((r) => !kept.has(r.fileId));
      for (const r of fresh) await checkTicket(r.fileId, r.ticket);
      const described = await files.boardFiles.describe(fresh.map((r) => r.fileId));
      if (described.some((f) => !f.available) || described.length !== fresh.length) {
        throw appError(BOARD_ERRORS.attachment_invalid, '올리기가 끝나지 않은 첨부가 있습니다', { field: 'attachments' });
      }
      const wanted = new Set(opts.refs.map((r) => r.fileId));
      const dropped = current.filter((c) => !wanted.has(c.fileId)).map((c) => c.fileId);
      await db.delete(boardAttachments).where(eq(boardAttachments.postId, opts.postId));
      if (opts.refs.length) await db.insert(boardAttachments).values(opts.refs.map((r, i) => ({ postId: opts.postId, fileId: r.fileId, seq: i })));
      if (fresh.length) await db.delete(boardUploads).where(inArray(boardUploads.fileId, fresh.map((r) => r.fileId)));
      if (dropped.length) await files.boardFiles.remove(dropped);
      return opts.refs.length;
    },

    /** A post's attachments with short URLs to show them. */
    async of(postId: number) {
      const rows = await db.select().from(boardAttachments).where(eq(boardAttachments.postId, postId)).orderBy(asc(boardAttachments.seq));
      const ids = rows.map((r) => r.fileId);
      const [described, urls] = await Promise.all([files.boardFiles.describe(ids), files.boardFiles.urls(ids)]);
      return ids.flatMap((id) => {
        const f = described.find((d) => d.id === id);
        return f ? [{ id, fileName: f.fileName, contentType: f.contentType, size: f.size, url: urls.get(id)?.url ?? null }] : [];
      });
    },

    async removeOf(postId: number) {
      const rows = await db.select({ fileId: boardAttachments.fileId }).from(boardAttachments).where(eq(boardAttachments.postId, postId));
      await files.boardFiles.remove(rows.map((r) => r.fileId));
    },

    /** Uploads never put on a post, after a day. */
    async sweep() {
      const stale = await db.select({ fileId: boardUploads.fileId }).from(boardUploads).where(lt(boardUploads.createdAt, new Date(ctx.now().getTime() - DAY_MS)));
      if (stale.length === 0) return;
      await files.boardFiles.remove(stale.map((s) => s.fileId));
      await db.delete(boardUploads).where(inArray(boardUploads.fileId, stale.map((s) => s.fileId)));
    },
  };
}

export type AttachmentService = ReturnType<typeof createAttachmentService>;
